import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEXT_PICKER_MAX, TEXT_PICKER_MIN, TEXT_PICKER_WIDTH, pickerText, textPickerResult, type TextPickerResult } from '@agora/contract';
import { ActionFields } from './ActionFields';
import { useOnOpen } from './dialogForm';
import { zodRule } from './zodRule';
import { msg } from '@/lib/locale';

export interface TextPickerProps {
  open: boolean;
  /** the text and action being edited */
  value?: Partial<TextPickerResult>;
  /** text length bounds (spec §5: 1–100 by default) */
  min?: number;
  max?: number;
  onConfirm(result: TextPickerResult): void;
  onCancel(): void;
}

const EMPTY: TextPickerResult = { text: '', opt_type: 'NONE', opt_value: '' };

/** Text picker (spec §2: 500px): a text of 1–100 characters and what clicking it does. */
export function TextPicker({ open, value, min = TEXT_PICKER_MIN, max = TEXT_PICKER_MAX, onConfirm, onCancel }: TextPickerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TextPickerResult>();

  // Each opening starts from the value handed in, whatever was typed before a cancel.
  useOnOpen(open, () => {
    form.resetFields();
    form.setFieldsValue({ ...EMPTY, ...value });
  });

  const confirm = (values: TextPickerResult) => {
    const parsed = textPickerResult.parse({ ...values, text: values.text ?? '', opt_value: values.opt_value ?? '' });
    onConfirm({ text: parsed.text, opt_type: parsed.opt_type, opt_value: parsed.opt_type === 'NONE' ? '' : parsed.opt_value.trim() });
  };

  return (
    <Modal open={open} title={t('pickers.text.title')} width={TEXT_PICKER_WIDTH} onOk={() => form.submit()} onCancel={onCancel} mask={{ closable: false }} forceRender>
      <Form form={form} layout="vertical" initialValues={EMPTY} onFinish={confirm}>
        <Form.Item
          name="text"
          label={t('pickers.text.label')}
          required
          rules={[{ required: true, whitespace: true, message: msg('textRequired') }, zodRule(pickerText(min, max))]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} count={{ show: true, max }} placeholder={t('pickers.text.placeholder', { min, max })} />
        </Form.Item>
        <ActionFields />
      </Form>
    </Modal>
  );
}
