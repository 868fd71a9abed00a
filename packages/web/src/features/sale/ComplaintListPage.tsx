import { Button, Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { COMPLAINT_TAGS, complaintEndpoints, type ComplaintRow, type ComplaintTag } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { DayTime } from '@/components/TwoLines';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { usePermissions } from '@/lib/permissions';
import { useNavigate } from 'react-router-dom';
import { Capped, ComplaintStatusTag, Secondary } from './labels';

export const complaintDetailPath = (id: number) => `/sale/complaint/complaint-detail/${id}`;

/** Trade complaints (DOMAIN §2.7): the tags as tabs, keyword (order sn, goods, content) and order sn in the URL. */
export default function ComplaintListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const list = useListPage(complaintEndpoints.list);
  const query = list.query;
  const canOpen = hasPermission('complaintDetail');
  const closed = (row: ComplaintRow) => row.status === 'COMPLETE' || row.status === 'CANCEL';

  const columns: ListColumn<ComplaintRow>[] = [
    { title: t('sale.complaints.complainant'), dataIndex: 'member_name', render: (name: string) => <Capped text={name} width={100} /> },
    {
      // the complaint over its order
      title: t('sale.complaints.content'),
      key: 'content',
      render: (_v, row) => (
        <Flex vertical style={{ lineHeight: 1.4 }}>
          {canOpen ? <Link to={complaintDetailPath(row.complain_id)}><Capped text={row.content} width={210} /></Link> : <Capped text={row.content} width={210} />}
          <Secondary text={row.order_sn} width={210} />
        </Flex>
      ),
    },
    { title: t('sale.complaints.topic'), dataIndex: 'complain_topic', render: (topic: string) => <Capped text={topic} width={120} /> },
    { title: t('sale.complaints.shop'), dataIndex: 'seller_name', render: (name: string) => <Capped text={name} width={130} /> },
    { title: t('sale.complaints.time'), dataIndex: 'create_time', sortKey: 'create_time', render: (seconds: number) => <DayTime seconds={seconds} /> },
    { title: t('sale.complaints.status'), dataIndex: 'status', render: (status: ComplaintRow['status']) => <ComplaintStatusTag status={status} /> },
    actionColumn<ComplaintRow>(t('common.actions.operation'), (row) => [
      canOpen && { label: t(closed(row) ? 'sale.complaints.view' : 'sale.complaints.handle'), onClick: () => navigate(complaintDetailPath(row.complain_id)) },
    ]),
  ];

  return (
    <Card>
      <Tabs
        activeKey={query.tag ?? 'ALL'}
        onChange={(key) => list.filter({ tag: key === 'ALL' ? undefined : (key as ComplaintTag) })}
        items={(Object.keys(COMPLAINT_TAGS) as ComplaintTag[]).map((key) => ({ key, label: t(`sale.complaintTags.${key}`) }))}
      />
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keywords} placeholder={t('sale.complaints.keyword')} width={260} maxLength={50} onSearch={(keywords) => list.filter({ keywords })} />
        <KeywordSearch value={query.order_sn} placeholder={t('sale.complaints.orderSn')} width={200} maxLength={32} onSearch={(order_sn) => list.filter({ order_sn })} />
        <Button style={{ marginLeft: 'auto' }} onClick={list.reset}>
          {t('common.actions.reset')}
        </Button>
      </Flex>
      <ListTable<ComplaintRow> list={list} rowKey="complain_id" columns={columns} emptyText={t('sale.complaints.empty')} />
    </Card>
  );
}
