import { Button, Card, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { askEndpoints, type AskRow, type AuditStatus } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ShopSelect } from '@/components/ShopSelect';
import { DayTime } from '@/components/TwoLines';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { usePermissions } from '@/lib/permissions';
import { AuditTag, Capped, GoodsCell, Secondary } from './labels';
import { useAuditAsks, useHideAsk } from './queries';

export const askDetailPath = (id: number) => `/sale/ask-detail/${id}`;
const AUDIT_KEYS: AuditStatus[] = ['WAIT_AUDIT', 'PASS_AUDIT', 'REFUSE_AUDIT'];

/** Goods asks (DOMAIN §2.9): keyword, shop, audit and answer filters; audit and hide here, answer on the detail. */
export default function AskListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const list = useListPage(askEndpoints.list);
  const query = list.query;
  const audit = useAuditAsks();
  const hide = useHideAsk();
  const canOpen = hasPermission('askDetail');

  const columns: ListColumn<AskRow>[] = [
    // the goods with the member who asked (and whether the storefront shows them anonymous)
    {
      title: t('sale.asks.goods'),
      key: 'goods',
      render: (_v, row) => (
        <GoodsCell
          image={row.goods_image}
          name={row.goods_name}
          width={150}
          below={<Secondary text={row.anonymous === 'YES' ? `${row.member_name} (${t('sale.asks.anonymous')})` : row.member_name} width={150} />}
        />
      ),
    },
    {
      title: t('sale.asks.content'),
      key: 'content',
      render: (_v, row) => (canOpen ? <Link to={askDetailPath(row.ask_id)}><Capped text={row.content} width={220} /></Link> : <Capped text={row.content} width={220} />),
    },
    {
      title: t('sale.asks.authStatus'),
      key: 'state',
      render: (_v, row) => (
        <Flex vertical gap={2} align="start">
          <AuditTag status={row.auth_status} />
          {row.status === 'DELETED' && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('sale.askStatus.DELETED')}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('sale.asks.replyStatus'),
      key: 'reply',
      render: (_v, row) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{t(`sale.replyStatus.${row.reply_status}`)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('sale.asks.replyNum')}: {row.reply_num}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('sale.asks.time'), dataIndex: 'create_time', sortKey: 'create_time', render: (seconds: number) => <DayTime seconds={seconds} /> },
    actionColumn<AskRow>(t('common.actions.operation'), (row) => [
      canOpen && { label: t('sale.asks.view'), onClick: () => navigate(askDetailPath(row.ask_id)) },
      row.auth_status === 'WAIT_AUDIT' && { label: t('sale.asks.pass'), onClick: () => audit.mutate({ body: { ids: [row.ask_id], auth_status: 'PASS_AUDIT' } }) },
      row.auth_status === 'WAIT_AUDIT' && { label: t('sale.asks.refuse'), danger: true, confirm: t('sale.asks.confirmRefuse'), onClick: () => audit.mutate({ body: { ids: [row.ask_id], auth_status: 'REFUSE_AUDIT' } }) },
      row.status === 'NORMAL' && { label: t('sale.asks.hide'), danger: true, confirm: t('sale.asks.confirmHide'), onClick: () => hide.mutate({ params: { id: row.ask_id } }) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('sale.asks.keyword')} width={240} maxLength={50} onSearch={(keyword) => list.filter({ keyword })} />
        <ShopSelect value={query.seller_id} placeholder={t('sale.asks.shop')} style={{ width: 180 }} onChange={(seller_id) => list.filter({ seller_id })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('sale.asks.authStatus')}
          value={query.auth_status}
          onChange={(auth_status?: AuditStatus) => list.filter({ auth_status })}
          options={AUDIT_KEYS.map((value) => ({ value, label: t(`sale.audit.${value}`) }))}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('sale.asks.replyStatus')}
          value={query.reply_status}
          onChange={(reply_status?: 'YES' | 'NO') => list.filter({ reply_status })}
          options={(['NO', 'YES'] as const).map((value) => ({ value, label: t(`sale.replyStatus.${value}`) }))}
        />
        <DayRangeFilter start={query.start_time} end={query.end_time} placeholder={[t('sale.comments.from'), t('sale.comments.to')]} onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })} />
        <Button style={{ marginLeft: 'auto' }} onClick={list.reset}>
          {t('common.actions.reset')}
        </Button>
      </Flex>
      <ListTable<AskRow> list={list} rowKey="ask_id" columns={columns} emptyText={t('sale.asks.empty')} />
    </Card>
  );
}
