import { Button, Card, Flex, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CLIENT_TYPES, ORDER_TAG_KEYS, ORDER_TYPE_KEYS, PAYMENT_TYPES, orderEndpoints as orders, type ClientType, type OrderRow, type OrderTag, type OrderType, type PaymentType } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ShopSelect } from '@/components/ShopSelect';
import { TwoLines } from '@/components/TwoLines';
import { ExportButton } from '@/components/ExportButton';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { usePermissions } from '@/lib/permissions';
import { CancelCountdown, OrderStatusTag, orderDetailPath } from './status';

const ALL = 'ALL';

/**
 * The order list (DOMAIN §2.4): the status tags as tabs, keyword (order sn, consignee, goods),
 * shop, created range with the spec §9 shortcuts, payment type, source and order type — all in the URL.
 */
export default function OrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const list = useListPage(orders.list);
  const query = list.query;

  const canOpen = hasPermission('orderDetail');
  const columns: ListColumn<OrderRow>[] = [
    {
      title: t('orders.columns.sn'),
      key: 'sn',
      fixed: 'start',
      render: (_v, order) => (
        <TwoLines first={canOpen ? <Link to={orderDetailPath(order.sn)}>{order.sn}</Link> : order.sn} second={order.shop_name} />
      ),
    },
    {
      title: t('orders.columns.created'),
      dataIndex: 'create_time',
      sortKey: 'create_time',
      render: (seconds: number) => {
        const [day, time] = formatUnixTime(seconds).split(' ');
        return <TwoLines first={day} second={time} />;
      },
    },
    { title: t('orders.columns.amount'), dataIndex: 'order_amount', align: 'right', render: (yuan: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatYuan(yuan)}</span> },
    { title: t('orders.columns.consignee'), key: 'consignee', render: (_v, order) => <TwoLines first={order.ship_name} second={order.member_name} /> },
    {
      title: t('orders.columns.status'),
      key: 'status',
      render: (_v, order) => (
        <Flex vertical gap={2} align="start">
          <OrderStatusTag order={order} />
          {/* the type, where it is not an ordinary order (group buy, after-sale, points exchange) */}
          {order.order_type !== 'NORMAL' && <Tag style={{ marginInlineEnd: 0 }}>{t(`orders.orderType.${order.order_type}`)}</Tag>}
          {order.cancel_left_time !== null && <CancelCountdown key={`${order.sn}-${order.cancel_left_time}`} seconds={order.cancel_left_time} />}
        </Flex>
      ),
    },
    {
      // payment and shipping, and the after-sale state once there is one (applied, expired)
      title: t('orders.columns.progress'),
      key: 'progress',
      render: (_v, order) => (
        <Flex vertical style={{ lineHeight: 1.4 }}>
          <span style={{ whiteSpace: 'nowrap' }}>{t(`orders.payStatus.${order.pay_status}`)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t(`orders.shipStatus.${order.ship_status}`)}
          </Typography.Text>
          {order.service_status !== 'NOT_APPLY' && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('orders.serviceLine', { status: t(`orders.serviceStatus.${order.service_status}`) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('orders.columns.payment'),
      key: 'payment',
      render: (_v, order) => <TwoLines first={t(`orders.paymentType.${order.payment_type}`)} second={t(`orders.client.${order.client_type}`)} />,
    },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, order) =>
        canOpen && (
          <Button type="link" size="small" onClick={() => navigate(orderDetailPath(order.sn))}>
            {t(order.order_status === 'COMPLETE' ? 'orders.actions.view' : 'orders.actions.handle')}
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <Tabs
        activeKey={query.order_status ?? ALL}
        onChange={(key) => list.filter({ order_status: key === ALL ? undefined : (key as OrderTag) })}
        items={[ALL, ...ORDER_TAG_KEYS].map((key) => ({ key, label: t(key === ALL ? 'orders.tabs.ALL' : `orders.tags.${key}`) }))}
      />
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('orders.filters.keyword')} width={260} maxLength={50} onSearch={(keyword) => list.filter({ keyword })} />
        <ShopSelect value={query.seller_id} placeholder={t('orders.filters.shop')} style={{ width: 180 }} onChange={(seller_id) => list.filter({ seller_id })} />
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('orders.filters.createdFrom'), t('orders.filters.createdTo')]}
          onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })}
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('orders.filters.paymentType')}
          value={query.payment_type}
          onChange={(payment_type?: PaymentType) => list.filter({ payment_type })}
          options={(Object.keys(PAYMENT_TYPES) as PaymentType[]).map((value) => ({ value, label: t(`orders.paymentType.${value}`) }))}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('orders.filters.client')}
          value={query.client_type}
          onChange={(client_type?: ClientType) => list.filter({ client_type })}
          options={(Object.keys(CLIENT_TYPES) as ClientType[]).map((value) => ({ value, label: t(`orders.client.${value}`) }))}
        />
        <Select
          allowClear
          style={{ width: 170 }}
          popupMatchSelectWidth={false}
          placeholder={t('orders.filters.orderType')}
          value={query.order_type}
          onChange={(order_type?: OrderType) => list.filter({ order_type })}
          options={ORDER_TYPE_KEYS.map((value) => ({ value, label: t(`orders.orderType.${value}`) }))}
        />
        <Space style={{ marginLeft: 'auto' }}>
          <Button onClick={list.reset}>{t('common.actions.reset')}</Button>
          {/* every order under the list's filters, as a background task behind the second step */}
          <ExportButton endpoint={orders.export} query={query} />
        </Space>
      </Flex>
      <ListTable<OrderRow> list={list} rowKey="order_id" columns={columns} emptyText={t('orders.empty')} />
    </Card>
  );
}
