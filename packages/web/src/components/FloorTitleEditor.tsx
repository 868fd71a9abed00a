import { ColorPicker, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOOR_TITLE_MAX, HEX_COLOR_PATTERN, floorTitle, type FloorTitle } from '@agora/contract';
import { msg } from '@/lib/locale';
import { useOnOpen, validOrSay } from './dialogForm';
import { zodRule, zodRules } from './zodRule';

export interface FloorTitleEditorProps {
  open: boolean;
  value?: Partial<FloorTitle>;
  onConfirm(title: FloorTitle): void;
  onCancel(): void;
}

const EMPTY: FloorTitle = { text: '', start_color: '', end_color: '' };

/** A hex colour typed or picked: the text field and a colour swatch side by side. */
function ColorInput({ value, onChange, placeholder, label }: { value?: string; onChange?(value: string): void; placeholder: string; label: string }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input aria-label={label} value={value} placeholder={placeholder} onChange={(event) => onChange?.(event.target.value)} />
      <ColorPicker
        disabledAlpha
        value={value && HEX_COLOR_PATTERN.test(value) ? value : undefined}
        onChangeComplete={(color) => onChange?.(color.toHexString())}
      />
    </Space.Compact>
  );
}

/** Floor title editor (spec §3, §5): a 2–4 character title on a gradient between two hex colours. */
export function FloorTitleEditor({ open, value, onConfirm, onCancel }: FloorTitleEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FloorTitle>();
  const start = Form.useWatch('start_color', form);
  const end = Form.useWatch('end_color', form);

  useOnOpen(open, () => {
    form.resetFields();
    form.setFieldsValue({ ...EMPTY, ...value });
  });

  const confirm = async () => {
    if (!(await validOrSay(form))) return;
    onConfirm(floorTitle.parse(form.getFieldsValue()));
  };

  const valid = (color: string | undefined) => (color && HEX_COLOR_PATTERN.test(color) ? color : undefined);
  const previewStart = valid(start);
  const previewEnd = valid(end) ?? previewStart;

  return (
    <Modal open={open} title={t('pickers.floorTitle.title')} width={460} onOk={() => void confirm()} onCancel={onCancel} mask={{ closable: false }} forceRender>
      <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} initialValues={EMPTY}>
        <Form.Item
          name="text"
          label={t('pickers.floorTitle.text')}
          rules={zodRules(floorTitle.shape.text)}
        >
          <Input placeholder={t('pickers.floorTitle.textPlaceholder')} maxLength={FLOOR_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="start_color"
          label={t('pickers.floorTitle.startColor')}
          required
          rules={[{ required: true, whitespace: true, message: msg('floorTitleStartColorRequired') }, zodRule(floorTitle.shape.start_color)]}
        >
          <ColorInput label={t('pickers.floorTitle.startColor')} placeholder={t('pickers.floorTitle.startColorPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="end_color"
          label={t('pickers.floorTitle.endColor')}
          required
          rules={[{ required: true, whitespace: true, message: msg('floorTitleEndColorRequired') }, zodRule(floorTitle.shape.end_color)]}
        >
          <ColorInput label={t('pickers.floorTitle.endColor')} placeholder={t('pickers.floorTitle.endColorPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('pickers.floorTitle.preview')}>
          <div
            data-testid="floor-title-preview"
            style={{
              height: 32,
              borderRadius: 4,
              border: '1px solid rgba(0,0,0,0.06)',
              backgroundColor: previewStart,
              backgroundImage: previewStart ? `linear-gradient(90deg, ${previewStart}, ${previewEnd})` : undefined,
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
