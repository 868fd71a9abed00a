import { Button, Card, Flex, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PAY_WAY_KEYS, afterSaleEndpoints as afterSales, type CollectionRow, type CollectionStatus, type PaymentType, type PayWay } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { usePermissions } from '@/lib/permissions';
import { timeCell } from './ServiceListPage';
import { CollectionStatusTag } from './status';

/** The collections, i.e. the pay log (DOMAIN §2.6): every payment received, by method, type, status, payer and date. */
export default function CollectionListPage() {
  const { t } = useTranslation();
  const { hasPermission } = usePermissions();
  const list = useListPage(afterSales.collections);
  const query = list.query;
  const canOpenOrder = hasPermission('orderDetail');

  const columns: ListColumn<CollectionRow>[] = [
    {
      title: t('aftersales.columns.orderSn'),
      dataIndex: 'order_sn',
      render: (sn: string) => (canOpenOrder ? <Link to={`/order/detail/${encodeURIComponent(sn)}`}>{sn}</Link> : sn),
    },
    { title: t('aftersales.columns.paymentType'), dataIndex: 'payment_type', render: (type: PaymentType) => <span style={{ whiteSpace: 'nowrap' }}>{t(`aftersales.paymentType.${type}`)}</span> },
    { title: t('aftersales.columns.payWay'), dataIndex: 'pay_way', render: (way: PayWay) => <span style={{ whiteSpace: 'nowrap' }}>{t(`aftersales.payWay.${way}`, { defaultValue: way })}</span> },
    { title: t('aftersales.columns.payTime'), dataIndex: 'pay_time', sortKey: 'pay_time', render: timeCell },
    { title: t('aftersales.columns.amount'), dataIndex: 'pay_money', align: 'right', render: (yuan: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatYuan(yuan)}</span> },
    { title: t('aftersales.columns.payer'), dataIndex: 'pay_member_name' },
    { title: t('aftersales.columns.payStatus'), dataIndex: 'pay_status', render: (status: CollectionStatus) => <CollectionStatusTag status={status} /> },
    {
      title: t('aftersales.columns.shop'),
      dataIndex: 'shop_name',
      render: (name: string) => (
        <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 160 }}>
          {name}
        </Typography.Text>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('aftersales.filters.orderSn')} width={200} maxLength={32} onSearch={(keyword) => list.filter({ keyword })} />
        <Input.Search
          allowClear
          style={{ width: 200 }}
          maxLength={20}
          placeholder={t('aftersales.filters.memberName')}
          defaultValue={query.member_name}
          key={query.member_name ?? ''}
          onSearch={(value) => list.filter({ member_name: value.trim() || undefined })}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('aftersales.filters.payWay')}
          value={query.pay_way}
          onChange={(pay_way?: PayWay) => list.filter({ pay_way })}
          options={PAY_WAY_KEYS.map((value) => ({ value, label: t(`aftersales.payWay.${value}`) }))}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('aftersales.filters.paymentType')}
          value={query.payment_type}
          onChange={(payment_type?: PaymentType) => list.filter({ payment_type })}
          options={(['ONLINE', 'COD'] as const).map((value) => ({ value, label: t(`aftersales.paymentType.${value}`) }))}
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('aftersales.filters.payStatus')}
          value={query.pay_status}
          onChange={(pay_status?: CollectionStatus) => list.filter({ pay_status })}
          options={(['PAY_YES', 'REFUNDED'] as const).map((value) => ({ value, label: t(`aftersales.collectionStatus.${value}`) }))}
        />
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('aftersales.filters.paidFrom'), t('aftersales.filters.paidTo')]}
          onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })}
        />
        <Space style={{ marginLeft: 'auto' }}>
          <Button onClick={list.reset}>{t('common.actions.reset')}</Button>
          <ExportButton endpoint={afterSales.exportCollections} query={query} />
        </Space>
      </Flex>
      <ListTable<CollectionRow> list={list} rowKey="id" columns={columns} emptyText={t('aftersales.empty.collections')} />
    </Card>
  );
}
