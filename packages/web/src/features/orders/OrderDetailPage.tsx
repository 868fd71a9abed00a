import { Alert, Button, Card, Descriptions, Empty, Flex, Result, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { orderEndpoints as orders, type ComplainStatus, type OrderDetail, type OrderItem, type OrderLogRow, type OrderPayment, type OrderShipment } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';
import { GoodsCell } from '@/components/GoodsCell';
import { formatUnixTime } from '@/components/formatTime';
import { useApi, useApiMutation } from '@/lib/api';
import { modal } from '@/lib/feedback';
import { CancelCountdown, OrderStatusTag } from './status';

const LIST_PATH = '/order/order-list';

/** The operator's actions, each shown only when the server's `allowable` says the flow allows it now. */
function OrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const params = { sn: order.sn };
  const invalidates = ['orders', 'dashboard'] as const;
  const pay = useApiMutation(orders.pay, { success: 'orders.messages.paid', invalidates });
  const cancel = useApiMutation(orders.cancel, { success: 'orders.messages.cancelled', invalidates });
  const complete = useApiMutation(orders.complete, { success: 'orders.messages.completed', invalidates });
  const expire = useApiMutation(orders.expireService, { success: 'orders.messages.serviceExpired', invalidates });
  const ask = (content: string, onOk: () => Promise<unknown>, danger = false) =>
    modal().confirm({ title: t('common.actions.confirm'), content, okText: t('common.actions.confirm'), cancelText: t('common.actions.cancel'), okButtonProps: { danger }, onOk: () => onOk().catch(() => undefined) });
  const { allowable } = order;
  return (
    <Space wrap>
      {allowable.allow_pay && (
        <Button type="primary" loading={pay.isPending} onClick={() => ask(t('orders.confirm.pay', { sn: order.sn, amount: formatYuan(order.need_pay_money) }), () => pay.mutateAsync({ params, query: { pay_price: order.need_pay_money } }))}>
          {t('orders.actions.pay')}
        </Button>
      )}
      {allowable.allow_complete && (
        <Button loading={complete.isPending} onClick={() => ask(t('orders.confirm.complete', { sn: order.sn }), () => complete.mutateAsync({ params }))}>
          {t('orders.actions.complete')}
        </Button>
      )}
      {allowable.allow_service_expire && (
        <Button loading={expire.isPending} onClick={() => ask(t('orders.confirm.expireService', { sn: order.sn }), () => expire.mutateAsync({ params }), true)}>
          {t('orders.actions.expireService')}
        </Button>
      )}
      {allowable.allow_cancel && (
        <Button danger loading={cancel.isPending} onClick={() => ask(order.point > 0 ? t('orders.confirm.cancelExchange', { sn: order.sn, point: order.point }) : t('orders.confirm.cancel', { sn: order.sn }), () => cancel.mutateAsync({ params }), true)}>
          {t('orders.actions.cancel')}
        </Button>
      )}
    </Space>
  );
}

/** An order line's complaint state (DOMAIN §2.7): under way stands out, the rest are quiet. */
const COMPLAIN_COLORS: Record<ComplainStatus, string | undefined> = { NO_APPLY: undefined, APPLYING: 'orange', COMPLETE: 'blue', EXPIRED: 'default' };

const money = (yuan: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatYuan(yuan)}</span>;

/** The order detail (DOMAIN §2.4): items, amounts to the cent, consignee, invoice, payments, shipments and the log. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sn = useParams().sn ?? '';
  const detail = useApi(orders.detail, { params: { sn } }, { enabled: sn !== '' });
  const back = <Button onClick={() => navigate(LIST_PATH)}>{t('common.actions.back')}</Button>;
  if (detail.isError) return <Result status="404" title={t('orders.detail.title', { sn })} extra={back} />;
  if (!detail.data) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  const order = detail.data;
  const time = formatUnixTime;

  const itemColumns = [
    {
      title: t('orders.detail.fields.goods'),
      key: 'goods',
      render: (_v: unknown, item: OrderItem) => <GoodsCell image={item.image} name={item.name} spec={item.spec} />,
    },
    { title: t('orders.detail.fields.price'), dataIndex: 'price', align: 'right' as const, render: money },
    { title: t('orders.detail.fields.num'), dataIndex: 'num', align: 'right' as const },
    { title: t('orders.detail.fields.subtotal'), dataIndex: 'subtotal', align: 'right' as const, render: money },
    {
      title: t('orders.detail.fields.complain'),
      dataIndex: 'complain_status',
      render: (status: ComplainStatus) => <Tag color={COMPLAIN_COLORS[status]} data-testid="complain-status">{t(`orders.complainStatus.${status}`)}</Tag>,
    },
  ];
  const paymentColumns = [
    { title: t('orders.detail.fields.method'), dataIndex: 'method' },
    { title: t('orders.detail.fields.amount'), dataIndex: 'amount', align: 'right' as const, render: money },
    { title: t('orders.detail.fields.tradeNo'), dataIndex: 'trade_no', render: (no: string) => no || '—' },
    { title: t('orders.detail.fields.payTime'), dataIndex: 'pay_time', render: time },
  ];
  const shipmentColumns = [
    { title: t('orders.detail.fields.logi'), dataIndex: 'logi_name' },
    { title: t('orders.detail.fields.shipNo'), dataIndex: 'ship_no' },
    { title: t('orders.detail.fields.shipAt'), dataIndex: 'ship_time', render: time },
  ];

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Space wrap>
            <span>{t('orders.detail.title', { sn: order.sn })}</span>
            <OrderStatusTag order={order} />
            {order.cancel_left_time !== null && <CancelCountdown key={order.cancel_left_time} seconds={order.cancel_left_time} />}
          </Space>
        }
        extra={back}
      >
        {(order.order_type === 'CHANGE' || order.order_type === 'SUPPLY_AGAIN') && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('orders.detail.createdByService', { type: t(`orders.orderType.${order.order_type}`) })} />
        )}
        <Flex justify="space-between" align="start" gap={16} wrap>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ flex: 1, minWidth: 320 }} data-testid="order-info">
            <Descriptions.Item label={t('orders.detail.fields.shop')}>{order.shop_name}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.member')}>{order.member_name}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.orderType')}>{t(`orders.orderType.${order.order_type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.paymentType')}>{t(`orders.paymentType.${order.payment_type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.client')}>{t(`orders.client.${order.client_type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.payShip')}>
              {t(`orders.payStatus.${order.pay_status}`)} / {t(`orders.shipStatus.${order.ship_status}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.created')}>{time(order.create_time)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.paymentTime')}>{time(order.payment_time)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.shipTime')}>{time(order.ship_time)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.signingTime')}>{time(order.signing_time)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.completeTime')}>{time(order.complete_time)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.columns.service')}>{t(`orders.serviceStatus.${order.service_status}`)}</Descriptions.Item>
            {order.order_status === 'CANCELLED' && (
              <>
                <Descriptions.Item label={t('orders.detail.fields.cancelTime')}>{time(order.cancel_time)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.detail.fields.cancelReason')}>{order.cancel_reason || '—'}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          <div data-testid="order-actions">
            <OrderActions order={order} />
          </div>
        </Flex>
      </Card>

      <Card title={t('orders.detail.sections.items')} size="small">
        <Table<OrderItem> rowKey="sku_id" size="small" pagination={false} columns={itemColumns} dataSource={order.items} />
      </Card>

      <Flex gap={16} wrap>
        <Card title={t('orders.detail.sections.amounts')} size="small" style={{ flex: 1, minWidth: 320 }}>
          <Descriptions size="small" column={1} data-testid="order-amounts">
            {order.point > 0 && <Descriptions.Item label={t('orders.detail.fields.point')}>{order.point}</Descriptions.Item>}
            <Descriptions.Item label={t('orders.detail.fields.goodsPrice')}>{money(order.goods_price)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.shipping')}>{money(order.shipping_price)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.discount')}>-{money(order.discount_price)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.orderAmount')}>{money(order.order_amount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.balance')}>-{money(order.balance)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.needPay')}>
              <Typography.Text strong>{money(order.need_pay_money)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.paid')}>{money(order.pay_money)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.paymentMethod')}>{order.payment_method_name || '—'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('orders.detail.sections.consignee')} size="small" style={{ flex: 1, minWidth: 320 }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('orders.detail.fields.name')}>{order.ship_name}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.mobile')}>{order.ship_mobile}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.region')}>{order.ship_region}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.address')}>{order.ship_addr}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.fields.remark')}>{order.remark || t('orders.detail.none')}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('orders.detail.sections.invoice')} size="small" style={{ flex: 1, minWidth: 320 }}>
          {order.receipt ? (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('orders.detail.fields.receiptType')}>{t(`orders.receiptType.${order.receipt.type}`)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.detail.fields.receiptTitle')}>{order.receipt.title}</Descriptions.Item>
              {order.receipt.tax_no && <Descriptions.Item label={t('orders.detail.fields.taxNo')}>{order.receipt.tax_no}</Descriptions.Item>}
              <Descriptions.Item label={t('orders.detail.fields.receiptContent')}>{order.receipt.content}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">{t('orders.detail.noInvoice')}</Typography.Text>
          )}
        </Card>
      </Flex>

      <Flex gap={16} wrap>
        <Card title={t('orders.detail.sections.payments')} size="small" style={{ flex: 1, minWidth: 420 }}>
          <Table<OrderPayment>
            rowKey={(payment) => `${payment.pay_time}-${payment.trade_no}-${payment.method}`}
            size="small"
            pagination={false}
            columns={paymentColumns}
            dataSource={order.payments}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.detail.noPayments')} /> }}
          />
        </Card>
        <Card title={t('orders.detail.sections.shipments')} size="small" style={{ flex: 1, minWidth: 420 }}>
          <Table<OrderShipment>
            rowKey="ship_no"
            size="small"
            pagination={false}
            columns={shipmentColumns}
            dataSource={order.shipments}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.detail.noShipments')} /> }}
          />
        </Card>
      </Flex>

      <Card title={t('orders.detail.sections.log')} size="small">
        <Timeline
          data-testid="order-log"
          items={order.logs.map((log: OrderLogRow) => ({
            key: log.id,
            color: log.status === 'CANCELLED' ? 'gray' : log.op_type === 'ADMIN' ? 'red' : 'blue',
            content: (
              <Flex vertical>
                <span>{log.message}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {time(log.op_time)} · {log.op_name} · {t(`orders.status.${log.status}`)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      </Card>
    </Flex>
  );
}
