import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Popconfirm, Result, Spin, Table, Tabs, Timeline, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { financeEndpoints, type BillDetail, type BillItemRow, type BillItemType } from '@agora/contract';
import { ExportButton } from '@/components/ExportButton';
import { useTwoStep } from '@/components/TwoStepDialog';
import { formatYuan } from '@/components/formatMoney';
import { formatPlatformTime, formatUnixTime } from '@/components/formatTime';
import { useApi } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { BillStatusTag } from './BillStatusTag';
import { useBillNext } from './queries';

const PAGE_SIZE = 10;

/** One tab: the bill's orders or its refunds, ten a page. */
function BillItems({ id, type }: { id: number; type: BillItemType }) {
  const { t } = useTranslation();
  const { hasPermission } = usePermissions();
  const [page, setPage] = useState(1);
  const items = useApi(financeEndpoints.billItems, { params: { id, bill_type: type }, query: { page_no: page, page_size: PAGE_SIZE } });
  const orderLink = (sn: string) => (hasPermission('orderDetail') ? <Link to={`/order/detail/${encodeURIComponent(sn)}`}>{sn}</Link> : sn);
  const payment = (row: BillItemRow) => (row.payment_type === 'COD' ? t('finance.items.cod') : t('finance.items.online'));
  const columns: TableColumnsType<BillItemRow> =
    type === 'PAYMENT'
      ? [
          { title: t('finance.items.orderSn'), dataIndex: 'order_sn', render: orderLink },
          { title: t('finance.items.orderTime'), dataIndex: 'order_time', render: formatUnixTime },
          { title: t('finance.items.member'), dataIndex: 'member_name' },
          { title: t('finance.items.paymentType'), key: 'payment', render: (_v, row) => payment(row) },
          { title: t('finance.items.paidAmount'), dataIndex: 'price', align: 'right', render: formatYuan },
          { title: t('finance.items.commission'), dataIndex: 'commi_price', align: 'right', render: formatYuan },
          // the platform coupon within the amount (the platform funded it) and the shop's share of it
          { title: t('finance.items.siteCoupon'), dataIndex: 'site_coupon_price', align: 'right', render: formatYuan },
          { title: t('finance.items.couponCommission'), dataIndex: 'coupon_commission', align: 'right', render: formatYuan },
          { title: t('finance.items.paidTime'), dataIndex: 'time', render: formatUnixTime },
        ]
      : [
          { title: t('finance.items.refundSn'), dataIndex: 'refund_sn' },
          { title: t('finance.items.orderSn'), dataIndex: 'order_sn', render: orderLink },
          { title: t('finance.items.paymentType'), key: 'payment', render: (_v, row) => payment(row) },
          { title: t('finance.items.refundTime'), dataIndex: 'time', render: formatUnixTime },
          { title: t('finance.items.refundAmount'), dataIndex: 'price', align: 'right', render: formatYuan },
          { title: t('finance.items.refundCommission'), dataIndex: 'commi_price', align: 'right', render: formatYuan },
        ];
  return (
    <Table<BillItemRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items.data?.data}
      loading={items.isFetching}
      locale={{ emptyText: <Empty description={t(type === 'PAYMENT' ? 'finance.items.noOrders' : 'finance.items.noRefunds')} /> }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: items.data?.data_total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
    />
  );
}

/** The one step the server says this operator may take now (operate_allowable). */
function NextStep({ bill }: { bill: BillDetail }) {
  const { t } = useTranslation();
  const next = useBillNext();
  const { attempt, dialog } = useTwoStep();
  const allowed = bill.operate_allowable;
  const action = allowed.allow_recon ? 'recon' : allowed.allow_auth ? 'auth' : allowed.allow_pay ? 'pay' : undefined;
  if (!action) return null;
  return (
    <>
      <Popconfirm title={t(`finance.confirm.${action}`, { sn: bill.bill_sn, amount: formatYuan(bill.bill_price) })} onConfirm={() => attempt(() => next.mutateAsync({ id: bill.id, status: bill.status }))}>
        <Button type="primary" loading={next.isPending}>
          {t(`finance.actions.${action}`)}
        </Button>
      </Popconfirm>
      {dialog}
    </>
  );
}

/** /finance/detail/{id}: the bill's sums, bank snapshot and steps, its orders and refunds, export and the next step. */
export default function SettlementDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useApi(financeEndpoints.bill, { params: { id } }, { enabled: Number.isSafeInteger(id) && id > 0 });
  if (detail.isError) return <Result status="404" title={t('finance.bill.notFound')} />;
  const bill = detail.data;
  if (!bill) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Flex gap={8} align="center">
            {t('finance.bill.title', { sn: bill.bill_sn })}
            <BillStatusTag status={bill.status} />
          </Flex>
        }
        extra={
          <Flex gap={8}>
            <ExportButton endpoint={financeEndpoints.billItemsExport} params={{ id: bill.id }} query={{}} confirm={t('finance.confirm.exportBill')} />
            <NextStep bill={bill} />
          </Flex>
        }
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t('finance.bill.shop')}>{bill.shop_name}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.period')}>{`${formatPlatformTime(bill.start_time)} ~ ${formatPlatformTime(bill.end_time)}`}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.issued')}>{formatPlatformTime(bill.create_time)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.price')}>{formatYuan(bill.price)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.refund')}>{formatYuan(bill.refund_price)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.commissionRate')}>{`${bill.commission_rate}%`}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.commission')}>{formatYuan(bill.commi_price)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.refundCommission')}>{formatYuan(bill.refund_commi_price)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.cod')}>{`${formatYuan(bill.cod_price)} / ${formatYuan(bill.cod_refund_price)}`}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.siteCoupon')}>{`${formatYuan(bill.site_coupon_price)} / ${formatYuan(bill.site_coupon_commi)}`}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.distributionRebate')}>{`${formatYuan(bill.distribution_rebate)} / ${formatYuan(bill.distribution_return_rebate)}`}</Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.billPrice')}>
            <Typography.Text strong>{formatYuan(bill.bill_price)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('finance.bill.bank')} span={2}>
            {[bill.bank.account_name, bill.bank.bank_name, bill.bank.number].filter(Boolean).join(' · ') || '—'}
          </Descriptions.Item>
        </Descriptions>
        {bill.logs.length > 0 && (
          <Timeline
            style={{ marginTop: 16 }}
            items={bill.logs.map((log) => ({
              children: `${formatUnixTime(log.create_time)} ${t(`finance.logActor.${log.operator_type}`)} ${log.operator_name} · ${t(`finance.billStatus.${log.status}`)}`,
            }))}
          />
        )}
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'PAYMENT', label: t('finance.items.ordersTab', { count: bill.order_count }), children: <BillItems id={bill.id} type="PAYMENT" /> },
            { key: 'REFUND', label: t('finance.items.refundsTab', { count: bill.refund_count }), children: <BillItems id={bill.id} type="REFUND" /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
