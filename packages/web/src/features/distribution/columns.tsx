import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CommissionRow, CommissionStatus, DistributionBillRow, DistributionOrderRow } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import type { ListColumn } from '@/components/list/ListTable';
import { billDetailsPath, CommissionStatusTag } from './shared';

const day = (seconds: number) => formatUnixTime(seconds).slice(0, 10);

/** The commission's state, and while it is frozen the day it becomes withdrawable. */
function Settle({ status, settleTime }: { status: CommissionStatus; settleTime: number }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="start">
      <CommissionStatusTag status={status} />
      {status === 'WAIT' && <Typography.Text type="secondary">{t('distribution.order.settlesOn', { day: day(settleTime) })}</Typography.Text>}
    </Flex>
  );
}

/** The orders that brought commission: the distribution orders list, a distributor's and a bill's orders. */
export function useOrderColumns(): ListColumn<DistributionOrderRow>[] {
  const { t } = useTranslation();
  const upline = (name: string, amount: number) =>
    name ? (
      <Flex vertical>
        <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 90 }}>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary">{formatYuan(amount)}</Typography.Text>
      </Flex>
    ) : (
      '—'
    );
  return [
    { title: t('distribution.order.sn'), dataIndex: 'order_sn', fixed: 'start' },
    { title: t('distribution.order.buyer'), dataIndex: 'buyer_name', render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 90 }}>{name}</Typography.Text> },
    { title: t('distribution.order.shop'), dataIndex: 'shop_name', render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 100 }}>{name}</Typography.Text> },
    { title: t('distribution.order.price'), dataIndex: 'order_price', align: 'right', render: formatYuan },
    { title: t('distribution.order.lv1'), key: 'lv1', render: (_v, row) => upline(row.lv1_name, row.grade1_rebate) },
    { title: t('distribution.order.lv2'), key: 'lv2', render: (_v, row) => upline(row.lv2_name, row.grade2_rebate) },
    { title: t('distribution.commissionStatusLabel'), key: 'status', render: (_v, row) => <Settle status={row.status} settleTime={row.settle_time} /> },
    { title: t('distribution.order.receivedAt'), dataIndex: 'create_time', sortKey: 'create_time', render: day },
  ];
}

/** Every beneficiary's commission records: the commission detail and a distributor's records. */
export function useCommissionColumns(withMember: boolean): ListColumn<CommissionRow>[] {
  const { t } = useTranslation();
  return [
    ...(withMember ? [{ title: t('distribution.commission.member'), dataIndex: 'member_name', fixed: 'start' as const, render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 110 }}>{name}</Typography.Text> }] : []),
    { title: t('distribution.order.sn'), dataIndex: 'order_sn' },
    { title: t('distribution.order.buyer'), dataIndex: 'buyer_name', render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 90 }}>{name}</Typography.Text> },
    { title: t('distribution.commission.level'), dataIndex: 'level', render: (level: 1 | 2) => t(`distribution.commission.levels.${level}`) },
    { title: t('distribution.order.price'), dataIndex: 'order_price', align: 'right', render: formatYuan },
    { title: t('distribution.commission.amount'), dataIndex: 'amount', align: 'right', render: formatYuan },
    { title: t('distribution.commissionStatusLabel'), key: 'status', render: (_v, row) => <Settle status={row.status} settleTime={row.settle_time} /> },
    { title: t('distribution.order.receivedAt'), dataIndex: 'create_time', sortKey: 'create_time', render: day },
  ];
}

/** Monthly performance bills, each opening its orders. */
export function useBillColumns(withMember: boolean): ListColumn<DistributionBillRow>[] {
  const { t } = useTranslation();
  return [
    { title: t('distribution.bill.sn'), dataIndex: 'sn', fixed: 'start', render: (sn: string, row) => <Link to={billDetailsPath(row.id, row.member_id)}>{sn}</Link> },
    ...(withMember ? [{ title: t('distribution.commission.member'), dataIndex: 'member_name', render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 110 }}>{name}</Typography.Text> }] : []),
    { title: t('distribution.bill.period'), key: 'period', sortKey: 'start_time', render: (_v, row) => `${day(row.start_time)} ~ ${day(row.end_time - 1)}` },
    { title: t('distribution.bill.orders'), key: 'orders', align: 'right', render: (_v, row) => `${row.order_num} / ${formatYuan(row.order_price)}` },
    { title: t('distribution.bill.commission'), dataIndex: 'commission', align: 'right', render: formatYuan },
    { title: t('distribution.bill.returned'), key: 'returned', align: 'right', render: (_v, row) => `${row.return_order_num} / ${formatYuan(row.return_commission)}` },
    { title: t('distribution.bill.payable'), dataIndex: 'payable', align: 'right', render: formatYuan },
  ];
}
