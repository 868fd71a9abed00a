import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The decision of an audit dialog, inside its Form: 通过 / 拒绝 as field `pass`, and the remark as
 * field `remark`, which a refusal must give. `pass` and `refuse` are the values the contract sends.
 */
export function AuditDecisionFields<P extends boolean | number>({
  pass,
  refuse,
  resultLabel,
  remarkLabel,
  maxLength,
  refuseReasonRequired,
}: {
  pass: P;
  refuse: P;
  resultLabel: string;
  remarkLabel: string;
  maxLength: number;
  /** the message when a refusal comes without its reason */
  refuseReasonRequired: string;
}) {
  const { t } = useTranslation();
  const decided = (Form.useWatch('pass', Form.useFormInstance()) as P | undefined) ?? pass;
  return (
    <>
      <Form.Item name="pass" label={resultLabel}>
        <Radio.Group
          options={[
            { value: pass, label: t('common.actions.pass') },
            { value: refuse, label: t('common.actions.refuse') },
          ]}
        />
      </Form.Item>
      <Form.Item name="remark" label={remarkLabel} rules={decided === refuse ? [{ required: true, whitespace: true, message: refuseReasonRequired }] : []}>
        <Input.TextArea rows={3} maxLength={maxLength} showCount />
      </Form.Item>
    </>
  );
}
