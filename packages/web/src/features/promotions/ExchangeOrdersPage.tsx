import { Button, Card, Flex, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ORDER_TAG_KEYS, pointsMallEndpoints, type OrderRow, type OrderTag } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { TwoLines } from '@/components/TwoLines';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { usePermissions } from '@/lib/permissions';
import { OrderStatusTag, orderDetailPath } from '@/features/orders/status';

/**
 * exchange-orders: the points mall's orders (type EXCHANGE, the order list's rows) with what its
 * operator reads — member, goods, points and the cash part; an order opens the order detail.
 */
export default function ExchangeOrdersPage() {
  const { t } = useTranslation();
  const { hasPermission } = usePermissions();
  const list = useListPage(pointsMallEndpoints.orders);
  const { query, filter } = list;
  const canOpen = hasPermission('orderDetail');

  const columns: ListColumn<OrderRow>[] = [
    {
      title: t('points.orders.sn'),
      key: 'sn',
      fixed: 'start',
      render: (_v, order) => <TwoLines first={canOpen ? <Link to={orderDetailPath(order.sn)}>{order.sn}</Link> : order.sn} second={order.shop_name} />,
    },
    { title: t('points.orders.member'), dataIndex: 'member_name' },
    {
      title: t('points.orders.goods'),
      dataIndex: 'goods_names',
      render: (names: string) => (
        <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: names }}>
          {names}
        </Typography.Text>
      ),
    },
    { title: t('points.orders.point'), dataIndex: 'point', align: 'right' },
    { title: t('points.orders.cash'), dataIndex: 'order_amount', align: 'right', render: (yuan: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatYuan(yuan)}</span> },
    {
      title: t('points.orders.status'),
      key: 'status',
      render: (_v, order) => (
        <Flex vertical gap={2} align="start">
          <OrderStatusTag order={order} />
          {order.pay_status === 'PAY_YES' && order.order_amount === 0 && <Tag style={{ marginInlineEnd: 0 }}>{t('points.orders.pointsOnly')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('points.orders.created'),
      dataIndex: 'create_time',
      sortKey: 'create_time',
      render: (seconds: number) => {
        const [day, time] = formatUnixTime(seconds).split(' ');
        return <TwoLines first={day} second={time} />;
      },
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('points.orders.keyword')} width={260} maxLength={50} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('points.orders.status')}
          value={query.order_status}
          onChange={(order_status?: OrderTag) => filter({ order_status })}
          options={ORDER_TAG_KEYS.map((value) => ({ value, label: t(`orders.tags.${value}`) }))}
        />
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('orders.filters.createdFrom'), t('orders.filters.createdTo')]}
          onChange={({ start, end }) => filter({ start_time: start, end_time: end })}
        />
        <Space style={{ marginLeft: 'auto' }}>
          <Button onClick={list.reset}>{t('common.actions.reset')}</Button>
          {/* every exchange order under the filters, as a background task behind the second step */}
          <ExportButton endpoint={pointsMallEndpoints.exportOrders} query={query} />
        </Space>
      </Flex>
      <ListTable<OrderRow> list={list} rowKey="order_id" columns={columns} emptyText={t('points.orders.empty')} />
    </Card>
  );
}
