import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router-dom';
import { ROUTE_BY_NAME, type CommissionStatus, type WithdrawStatus } from '@agora/contract';

const routePath = (name: string) => ROUTE_BY_NAME.get(name)?.path ?? '/';
export const distributorPath = (memberId: number) => generatePath(routePath('distributorDetail'), { member_id: String(memberId) });
export const billListPath = (memberId?: number) => `${routePath('billList')}${memberId ? `?member_id=${memberId}` : ''}`;
export const billDetailsPath = (billId: number, memberId: number) => generatePath(routePath('billDetails'), { bill_id: String(billId), member_id: String(memberId) });
export const DISTRIBUTOR_LIST_PATH = routePath('distributorList');

const COMMISSION_COLORS: Record<CommissionStatus, string> = { WAIT: 'orange', CONFIRM: 'green', RETURN: 'red' };
const WITHDRAW_COLORS: Record<WithdrawStatus, string> = { WAIT_AUDIT: 'orange', AUDIT_PASS: 'blue', AUDIT_FAIL: 'red', FINISHED: 'green', CLOSED: 'default' };

export function CommissionStatusTag({ status }: { status: CommissionStatus }) {
  const { t } = useTranslation();
  return <Tag color={COMMISSION_COLORS[status]}>{t(`distribution.commissionStatus.${status}`)}</Tag>;
}

export function WithdrawStatusTag({ status }: { status: WithdrawStatus }) {
  const { t } = useTranslation();
  return <Tag color={WITHDRAW_COLORS[status]}>{t(`distribution.withdraw.status.${status}`)}</Tag>;
}

export function DistributorStatusTag({ status }: { status: 0 | 1 }) {
  const { t } = useTranslation();
  return <Tag color={status === 1 ? 'green' : 'default'}>{t(`distribution.distributor.status.${status}`)}</Tag>;
}
