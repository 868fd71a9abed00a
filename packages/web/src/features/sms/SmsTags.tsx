import { Select, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SMS_AUDIT_STATES, SMS_EDITABLE_STATES, type SmsAuditState, type SmsRecordState, type SmsTaskState } from '@agora/contract';

const AUDIT_COLORS: Record<SmsAuditState, string> = { WAIT_INIT: 'default', AUDITING: 'processing', PASS: 'success', NOT_PASS: 'error' };
const TASK_COLORS: Record<SmsTaskState, string> = { NOT_STARTED: 'default', STARTED: 'processing', OVER: 'success', RECALL: 'warning' };
const RECORD_COLORS: Record<SmsRecordState, string> = { WAIT_RECEIPT: 'processing', SUCCESS: 'success', FAIL: 'error' };

/** An audit state; a refusal shows the provider's reason on hover. */
export function AuditTag({ status, reason }: { status: SmsAuditState; reason?: string }) {
  const { t } = useTranslation();
  const tag = <Tag color={AUDIT_COLORS[status]}>{t(`sms.auditStatus.${status}`)}</Tag>;
  return status === 'NOT_PASS' && reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}

export function TaskTag({ status }: { status: SmsTaskState }) {
  const { t } = useTranslation();
  return <Tag color={TASK_COLORS[status]}>{t(`sms.taskStatus.${status}`)}</Tag>;
}

export function RecordTag({ status }: { status: SmsRecordState }) {
  const { t } = useTranslation();
  return <Tag color={RECORD_COLORS[status]}>{t(`sms.recordStatus.${status}`)}</Tag>;
}

/**
 * A long text cut to one line at `width` (the whole of it on hover). The list's table sizes its
 * columns to their content, and a column's own ellipsis still counts the full text there.
 */
export function OneLine({ text, width }: { text: string; width: number }) {
  if (!text) return <>—</>;
  return (
    <div title={text} style={{ maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </div>
  );
}

/** Whether a signature or template may be edited or submitted again in this audit state. */
export const editable = (status: SmsAuditState) => SMS_EDITABLE_STATES.includes(status);

/** The audit-state filter of the signature and template lists. */
export function AuditFilter({ value, onChange }: { value?: SmsAuditState; onChange(value?: SmsAuditState): void }) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      style={{ width: 160 }}
      placeholder={t('sms.auditStatusAll')}
      value={value}
      onChange={onChange}
      options={SMS_AUDIT_STATES.map((state) => ({ value: state, label: t(`sms.auditStatus.${state}`) }))}
    />
  );
}
