import { useState } from 'react';
import { Button, Card, Flex, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { SERVICE_STATUS_KEYS, SERVICE_TYPE_KEYS, afterSaleEndpoints as afterSales, type ServiceRow, type ServiceStatus, type ServiceType } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { TwoLines } from '@/components/TwoLines';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { usePermissions } from '@/lib/permissions';
import { RefundDialog } from './RefundDialog';
import { ServiceStatusTag, serviceDetailPath } from './status';

export const timeCell = (seconds: number | null) => {
  if (seconds === null) return '—';
  const [day, time] = formatUnixTime(seconds).split(' ');
  return <TwoLines first={day} second={time} />;
};

/**
 * The after-sales services (DOMAIN §2.5): keyword (service sn, order sn, goods), type, status and
 * applied range in the URL; 退款 only where the server's flow allows the platform refund now.
 */
export default function ServiceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const list = useListPage(afterSales.list);
  const query = list.query;
  const [refunding, setRefunding] = useState<string>();
  const canOpen = hasPermission('serviceDetail');
  const canOpenOrder = hasPermission('orderDetail');

  const columns: ListColumn<ServiceRow>[] = [
    { title: t('aftersales.columns.applyTime'), dataIndex: 'create_time', sortKey: 'create_time', render: timeCell },
    {
      // the service over its order, so the list fits 1440 px in English
      title: t('aftersales.columns.serviceOrderSn'),
      key: 'sn',
      render: (_v, row) => (
        <TwoLines
          first={canOpen ? <Link to={serviceDetailPath(row.sn)}>{row.sn}</Link> : row.sn}
          second={canOpenOrder ? <Link to={`/order/detail/${encodeURIComponent(row.order_sn)}`}>{row.order_sn}</Link> : row.order_sn}
        />
      ),
    },
    {
      title: t('aftersales.columns.goods'),
      dataIndex: 'goods_names',
      render: (names: string) => (
        <Typography.Text ellipsis={{ tooltip: names.replace(/\n/g, '；') }} style={{ maxWidth: 160 }}>
          {names.split('\n')[0]}
        </Typography.Text>
      ),
    },
    { title: t('aftersales.columns.type'), key: 'type', render: (_v, row) => <TwoLines first={t(`aftersales.serviceType.${row.service_type}`)} second={t(`aftersales.channel.${row.create_channel}`)} /> },
    { title: t('aftersales.columns.status'), dataIndex: 'service_status', render: (status: ServiceStatus) => <ServiceStatusTag status={status} /> },
    {
      title: t('aftersales.columns.buyerShop'),
      key: 'who',
      render: (_v, row) => <TwoLines first={row.member_name} second={<Typography.Text type="secondary" ellipsis={{ tooltip: row.shop_name }} style={{ maxWidth: 140, fontSize: 12 }}>{row.shop_name}</Typography.Text>} />,
    },
    actionColumn<ServiceRow>(t('common.actions.operation'), (row) => [
      row.allowable.allow_admin_refund && { label: t('aftersales.actions.refund'), onClick: () => setRefunding(row.sn) },
      canOpen && { label: t('aftersales.actions.detail'), onClick: () => navigate(serviceDetailPath(row.sn)) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('aftersales.filters.serviceKeyword')} width={260} maxLength={50} onSearch={(keyword) => list.filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('aftersales.filters.type')}
          value={query.service_type}
          onChange={(service_type?: ServiceType) => list.filter({ service_type })}
          options={SERVICE_TYPE_KEYS.map((value) => ({ value, label: t(`aftersales.serviceType.${value}`) }))}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('aftersales.filters.status')}
          value={query.service_status}
          onChange={(service_status?: ServiceStatus) => list.filter({ service_status })}
          options={SERVICE_STATUS_KEYS.map((value) => ({ value, label: t(`aftersales.serviceStatus.${value}`) }))}
          data-testid="service-status-filter"
        />
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('aftersales.filters.appliedFrom'), t('aftersales.filters.appliedTo')]}
          onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })}
        />
        <Space style={{ marginLeft: 'auto' }}>
          <Button onClick={list.reset}>{t('common.actions.reset')}</Button>
          <ExportButton endpoint={afterSales.export} query={query} />
        </Space>
      </Flex>
      <ListTable<ServiceRow> list={list} rowKey="service_id" columns={columns} emptyText={t('aftersales.empty.services')} />
      {refunding && <RefundDialog sn={refunding} onClose={() => setRefunding(undefined)} />}
    </Card>
  );
}
