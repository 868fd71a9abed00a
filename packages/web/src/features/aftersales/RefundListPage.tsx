import { Button, Card, Flex, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { REFUND_STATUS_KEYS, REFUND_WAY_KEYS, afterSaleEndpoints as afterSales, type RefundRow, type RefundStatus, type RefundWay } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { usePermissions } from '@/lib/permissions';
import { TwoLines } from '@/components/TwoLines';
import { timeCell } from './ServiceListPage';
import { RefundStatusTag, serviceDetailPath } from './status';

const money = (yuan: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatYuan(yuan)}</span>;

/** The refunds (DOMAIN §2.6): requested, agreed and paid-out amounts, by status, way and created range. */
export default function RefundListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const list = useListPage(afterSales.refunds);
  const query = list.query;
  const canOpen = hasPermission('serviceDetail');

  const columns: ListColumn<RefundRow>[] = [
    { title: t('aftersales.columns.created'), dataIndex: 'create_time', sortKey: 'create_time', render: timeCell },
    {
      title: t('aftersales.columns.serviceOrderSn'),
      key: 'sn',
      render: (_v, row) => <TwoLines first={canOpen ? <Link to={serviceDetailPath(row.service_sn)}>{row.service_sn}</Link> : row.service_sn} second={row.order_sn} />,
    },
    { title: t('aftersales.columns.requested'), dataIndex: 'refund_price', align: 'right', render: money },
    { title: t('aftersales.columns.agreed'), dataIndex: 'agree_price', align: 'right', render: money },
    { title: t('aftersales.columns.actual'), dataIndex: 'actual_price', align: 'right', render: money },
    { title: t('aftersales.columns.points'), dataIndex: 'refund_point', align: 'right' },
    {
      title: t('aftersales.columns.refundWay'),
      key: 'way',
      render: (_v, row) => <TwoLines first={t(`aftersales.refundWay.${row.refund_way}`)} second={row.member_name} />,
    },
    {
      title: t('aftersales.columns.refundStatus'),
      key: 'status',
      render: (_v, row) => <TwoLines first={<RefundStatusTag status={row.refund_status} />} second={row.refund_time ? [formatUnixTime(row.refund_time), row.refund_operator].filter(Boolean).join(' · ') : ''} />,
    },
    actionColumn<RefundRow>(t('common.actions.operation'), (row) => [canOpen && { label: t('aftersales.actions.detail'), onClick: () => navigate(serviceDetailPath(row.service_sn)) }]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('aftersales.filters.refundKeyword')} width={240} maxLength={50} onSearch={(keyword) => list.filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('aftersales.filters.refundStatus')}
          value={query.refund_status}
          onChange={(refund_status?: RefundStatus) => list.filter({ refund_status })}
          options={REFUND_STATUS_KEYS.map((value) => ({ value, label: t(`aftersales.refundStatus.${value}`) }))}
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('aftersales.filters.refundWay')}
          value={query.refund_way}
          onChange={(refund_way?: RefundWay) => list.filter({ refund_way })}
          options={REFUND_WAY_KEYS.map((value) => ({ value, label: t(`aftersales.refundWay.${value}`) }))}
        />
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('aftersales.filters.createdFrom'), t('aftersales.filters.createdTo')]}
          onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })}
        />
        <Space style={{ marginLeft: 'auto' }}>
          <Button onClick={list.reset}>{t('common.actions.reset')}</Button>
          <ExportButton endpoint={afterSales.exportRefunds} query={query} />
        </Space>
      </Flex>
      <ListTable<RefundRow> list={list} rowKey="refund_id" columns={columns} emptyText={t('aftersales.empty.refunds')} />
    </Card>
  );
}
