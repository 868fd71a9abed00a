import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from './zodRule';

/** Asks for the reason of an operator's decision (take-down, refusal…) before it is sent. */
export function ReasonDialog({
  open,
  title,
  label,
  maxLength,
  required = true,
  schema,
  notice,
  confirming,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  maxLength: number;
  required?: boolean;
  /** the contract's schema of the text (a length range…): the form shows its message */
  schema?: Parameters<typeof zodRule>[0];
  /** what the decision does, shown above the reason (an irreversible step says so) */
  notice?: string;
  confirming?: boolean;
  onConfirm(reason: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      destroyOnHidden
      confirmLoading={confirming}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      onCancel={onClose}
      onOk={() => form.validateFields().then(({ reason }) => onConfirm((reason ?? '').trim()), () => undefined)}
    >
      {notice && <Alert type="warning" showIcon message={notice} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          rules={[...(required ? [{ required: true, whitespace: true, message: t('common.reasonRequired', { label }) }] : []), ...(schema ? [zodRule(schema)] : [])]}
        >
          <Input.TextArea rows={4} maxLength={maxLength} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
