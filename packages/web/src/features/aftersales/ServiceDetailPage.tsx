import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Image, Result, Skeleton, Space, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { afterSaleEndpoints as afterSales, type ServiceDetail, type ServiceGoods, type ServiceLogRow } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';
import { GoodsCell } from '@/components/GoodsCell';
import { formatUnixTime } from '@/components/formatTime';
import { useApi } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { RefundDialog } from './RefundDialog';
import { RefundStatusTag, ServiceStatusTag } from './status';

const LIST_PATH = '/sale/service-list';
const money = (yuan: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatYuan(yuan)}</span>;
const text = (value: string) => value || '—';

/** Where the buyer's money goes back, in words: the account by type, or the bank. */
function RefundAccount({ refund }: { refund: NonNullable<ServiceDetail['refund']> }) {
  const { t } = useTranslation();
  if (refund.account_type === 'BANKTRANSFER' || refund.bank_name)
    return <>{[refund.bank_name, refund.bank_account_name, refund.bank_account_number].filter(Boolean).join(' / ') || '—'}</>;
  if (refund.account_type) return <>{`${t(`aftersales.accountType.${refund.account_type}`)} ${refund.return_account}`}</>;
  return <>—</>;
}

/**
 * One after-sale service (DOMAIN §2.5): the application, its goods and vouchers, the seller's
 * remarks, the refund and the log; the platform refund only when the server's flow allows it.
 */
export default function ServiceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const sn = useParams().service_sn ?? '';
  const detail = useApi(afterSales.detail, { params: { service_sn: sn } }, { enabled: sn !== '' });
  const [refunding, setRefunding] = useState(false);
  const back = <Button onClick={() => navigate(LIST_PATH)}>{t('common.actions.back')}</Button>;
  if (detail.isError) return <Result status="404" title={t('aftersales.detail.title', { sn })} extra={back} />;
  if (!detail.data) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  const service = detail.data;
  const time = formatUnixTime;
  const refund = service.refund;
  const canRefund = service.allowable.allow_admin_refund && (hasPermission('serviceDetail') || hasPermission('serviceList'));

  const goodsColumns = [
    {
      title: t('aftersales.detail.fields.goods'),
      key: 'goods',
      render: (_v: unknown, item: ServiceGoods) => <GoodsCell image={item.image} name={item.name} spec={item.spec} />,
    },
    { title: t('aftersales.detail.fields.price'), dataIndex: 'price', align: 'right' as const, render: money },
    { title: t('aftersales.detail.fields.shipNum'), dataIndex: 'ship_num', align: 'right' as const },
    { title: t('aftersales.detail.fields.returnNum'), dataIndex: 'return_num', align: 'right' as const },
    { title: t('aftersales.detail.fields.storageNum'), dataIndex: 'storage_num', align: 'right' as const },
  ];

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Space wrap>
            <span>{t('aftersales.detail.title', { sn: service.sn })}</span>
            <ServiceStatusTag status={service.service_status} />
          </Space>
        }
        extra={
          <Space>
            {canRefund && (
              <Button type="primary" onClick={() => setRefunding(true)} data-testid="service-refund">
                {t('aftersales.actions.refund')}
              </Button>
            )}
            {back}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="service-info">
          <Descriptions.Item label={t('aftersales.detail.fields.orderSn')}>
            {hasPermission('orderDetail') ? <Link to={`/order/detail/${encodeURIComponent(service.order_sn)}`}>{service.order_sn}</Link> : service.order_sn}
          </Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.type')}>{t(`aftersales.serviceType.${service.service_type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.channel')}>{t(`aftersales.channel.${service.create_channel}`)}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.member')}>{service.member_name}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.shop')}>{service.shop_name}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.paymentType')}>{t(`aftersales.paymentType.${service.payment_type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.applyTime')}>{time(service.create_time)}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.auditTime')}>{time(service.audit_time)}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.completeTime')}>{time(service.complete_time)}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.reason')}>{text(service.reason)}</Descriptions.Item>
          <Descriptions.Item label={t('aftersales.detail.fields.problem')} span={2}>{text(service.problem_desc)}</Descriptions.Item>
          {service.return_addr && <Descriptions.Item label={t('aftersales.detail.fields.returnAddr')}>{service.return_addr}</Descriptions.Item>}
          {service.new_order_sn && <Descriptions.Item label={t('aftersales.detail.fields.newOrderSn')}>{service.new_order_sn}</Descriptions.Item>}
        </Descriptions>
      </Card>

      <Card title={t('aftersales.detail.sections.goods')} size="small">
        <Table<ServiceGoods> rowKey="sku_id" size="small" pagination={false} columns={goodsColumns} dataSource={service.goods} />
      </Card>

      <Flex gap={16} wrap>
        <Card title={t('aftersales.detail.sections.images')} size="small" style={{ flex: 1, minWidth: 320 }}>
          {service.images.length === 0 ? (
            <Typography.Text type="secondary">{t('aftersales.detail.noImages')}</Typography.Text>
          ) : (
            <Image.PreviewGroup>
              <Space wrap data-testid="service-images">
                {service.images.map((url, index) => (
                  <Image key={`${url}-${index}`} src={url} width={88} height={88} style={{ objectFit: 'cover', borderRadius: 4 }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
        </Card>
        <Card title={t('aftersales.detail.sections.remarks')} size="small" style={{ flex: 1, minWidth: 320 }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('aftersales.detail.fields.auditRemark')}>{text(service.audit_remark)}</Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.stockRemark')}>{text(service.stock_remark)}</Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.refundRemark')}>{text(service.refund_remark)}</Descriptions.Item>
            {service.close_reason && <Descriptions.Item label={t('aftersales.detail.fields.closeReason')}>{service.close_reason}</Descriptions.Item>}
          </Descriptions>
        </Card>
        {(service.courier_no || service.change_ship_name) && (
          <Card title={t(service.courier_no ? 'aftersales.detail.sections.courier' : 'aftersales.detail.sections.consignee')} size="small" style={{ flex: 1, minWidth: 320 }}>
            <Descriptions size="small" column={1}>
              {service.courier_no && (
                <>
                  <Descriptions.Item label={t('aftersales.detail.fields.courier')}>{service.courier_name}</Descriptions.Item>
                  <Descriptions.Item label={t('aftersales.detail.fields.courierNo')}>{service.courier_no}</Descriptions.Item>
                  <Descriptions.Item label={t('aftersales.detail.fields.courierTime')}>{time(service.courier_time)}</Descriptions.Item>
                </>
              )}
              {service.change_ship_name && (
                <>
                  <Descriptions.Item label={t('aftersales.detail.fields.shipName')}>{service.change_ship_name}</Descriptions.Item>
                  <Descriptions.Item label={t('aftersales.detail.fields.shipMobile')}>{service.change_ship_mobile}</Descriptions.Item>
                  <Descriptions.Item label={t('aftersales.detail.fields.shipAddr')}>{service.change_ship_addr}</Descriptions.Item>
                </>
              )}
            </Descriptions>
          </Card>
        )}
      </Flex>

      <Card title={t('aftersales.detail.sections.refund')} size="small">
        {refund ? (
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="service-refund-info">
            <Descriptions.Item label={t('aftersales.detail.fields.refundSn')}>{refund.sn}</Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.refundWay')}>{t(`aftersales.refundWay.${refund.refund_way}`)}</Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.refundStatus')}>
              <RefundStatusTag status={refund.refund_status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.requested')}>{money(refund.refund_price)}</Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.agreed')}>{money(refund.agree_price)}</Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.actual')}>
              <Typography.Text strong>{money(refund.actual_price)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.account')}>
              <RefundAccount refund={refund} />
            </Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.points')}>{refund.refund_point}</Descriptions.Item>
            <Descriptions.Item label={t('aftersales.detail.fields.refundTime')}>{time(refund.refund_time)}</Descriptions.Item>
            {refund.pay_order_no && <Descriptions.Item label={t('aftersales.detail.fields.payOrderNo')}>{refund.pay_order_no}</Descriptions.Item>}
            {refund.refund_fail_reason && <Descriptions.Item label={t('aftersales.detail.fields.failReason')}>{refund.refund_fail_reason}</Descriptions.Item>}
          </Descriptions>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('aftersales.detail.noRefund')} />
        )}
      </Card>

      <Card title={t('aftersales.detail.sections.logs')} size="small">
        <Timeline
          data-testid="service-log"
          items={service.logs.map((log: ServiceLogRow) => ({
            key: log.id,
            color: log.status === 'COMPLETED' ? 'green' : log.status === 'REFUSE' || log.status === 'REFUNDFAIL' ? 'red' : log.op_type === 'ADMIN' ? 'red' : 'blue',
            content: (
              <Flex vertical>
                <span>{log.message}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {time(log.op_time)} · {log.op_name} · {t(`aftersales.serviceStatus.${log.status}`)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      </Card>
      {refunding && <RefundDialog sn={service.sn} onClose={() => setRefunding(false)} />}
    </Flex>
  );
}
