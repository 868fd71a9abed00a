import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CollectionStatus, RefundStatus, ServiceStatus } from '@agora/contract';

const SERVICE_COLORS: Record<ServiceStatus, string> = {
  APPLY: 'gold',
  PASS: 'cyan',
  REFUSE: 'default',
  FULL_COURIER: 'geekblue',
  WAIT_FOR_MANUAL: 'volcano',
  STOCK_IN: 'purple',
  REFUNDING: 'blue',
  REFUNDFAIL: 'red',
  COMPLETED: 'green',
  CLOSED: 'default',
  ERROR_EXCEPTION: 'magenta',
};

const REFUND_COLORS: Record<RefundStatus, string> = { APPLY: 'gold', REFUNDING: 'blue', REFUNDFAIL: 'red', COMPLETED: 'green' };

export function ServiceStatusTag({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation();
  return <Tag color={SERVICE_COLORS[status]}>{t(`aftersales.serviceStatus.${status}`)}</Tag>;
}

export function RefundStatusTag({ status }: { status: RefundStatus }) {
  const { t } = useTranslation();
  return <Tag color={REFUND_COLORS[status]}>{t(`aftersales.refundStatus.${status}`)}</Tag>;
}

export function CollectionStatusTag({ status }: { status: CollectionStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'PAY_YES' ? 'green' : 'default'}>{t(`aftersales.collectionStatus.${status}`)}</Tag>;
}

export const serviceDetailPath = (sn: string) => `/finance/service-detail/${encodeURIComponent(sn)}`;
