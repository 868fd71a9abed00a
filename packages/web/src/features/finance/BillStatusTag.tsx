import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillStatus } from '@agora/contract';

const COLORS: Record<BillStatus, string> = { OUT: 'blue', RECON: 'cyan', PASS: 'gold', PAY: 'green', COMPLETE: 'default' };

export function BillStatusTag({ status }: { status: BillStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`finance.billStatus.${status}`)}</Tag>;
}
