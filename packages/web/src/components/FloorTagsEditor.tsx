import { Button, Empty, Flex, Form, Input, Modal, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FLOOR_TAGS_MAX, FLOOR_TAG_TEXT_MAX, floorTag, floorTags, type FloorTag } from '@agora/contract';
import { modal, toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';
import { ActionFields } from './ActionFields';
import { useOnOpen, validOrSay } from './dialogForm';
import { zodRules } from './zodRule';

interface TagsForm {
  tags: FloorTag[];
}

export interface FloorTagsEditorProps {
  open: boolean;
  value?: readonly FloorTag[];
  onConfirm(tags: FloorTag[]): void;
  onCancel(): void;
}

const newTag = (): FloorTag => ({ block_type: 'TEXT', block_value: '', block_opt: { opt_type: 'NONE', opt_value: '' } });

/**
 * Floor tags editor (spec §3, §5): up to 10 text tags of at most 5 characters, each with an action;
 * deleting one asks first.
 */
export function FloorTagsEditor({ open, value = [], onConfirm, onCancel }: FloorTagsEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagsForm>();
  const tags = Form.useWatch('tags', form) ?? [];

  useOnOpen(open, () => form.setFieldsValue({ tags: value.map((tag) => ({ ...tag, block_opt: { ...tag.block_opt } })) }));

  const confirm = async () => {
    if (!(await validOrSay(form))) return;
    const parsed = floorTags.safeParse(form.getFieldValue('tags') ?? []);
    if (!parsed.success) {
      toast.error(msg('formInvalid'));
      return;
    }
    onConfirm(parsed.data);
  };

  return (
    <Modal open={open} title={t('pickers.floorTags.title')} width={640} onOk={() => void confirm()} onCancel={onCancel} mask={{ closable: false }} forceRender>
      <Form form={form} initialValues={{ tags: [] }}>
        <Form.List name="tags">
          {(fields, { add, remove }) => (
            <Flex vertical gap={12}>
              {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickers.floorTags.empty')} />}
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="start" data-testid="floor-tag">
                  <Typography.Text style={{ width: 48, lineHeight: '32px' }}>{t('pickers.floorTags.tag', { n: index + 1 })}</Typography.Text>
                  <Form.Item
                    name={[field.name, 'block_value']}
                    style={{ width: 130, marginBottom: 0 }}
                    rules={zodRules(floorTag.shape.block_value)}
                  >
                    <Input aria-label={t('pickers.floorTags.text')} placeholder={t('pickers.floorTags.textPlaceholder')} maxLength={FLOOR_TAG_TEXT_MAX} showCount />
                  </Form.Item>
                  <Flex gap={8} style={{ flex: 1 }} align="start">
                    <ActionFields name={[field.name, 'block_opt']} fullName={['tags', field.name, 'block_opt']} layout="inline" />
                  </Flex>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('pickers.floorTags.delete')}
                    onClick={() =>
                      modal().confirm({
                        title: msg('floorTagDeleteConfirm'),
                        onOk: () => remove(field.name),
                      })
                    }
                  />
                </Flex>
              ))}
              <Flex justify="space-between" align="center">
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    if (fields.length >= FLOOR_TAGS_MAX) {
                      toast.error(msg('floorTagTooMany'));
                      return;
                    }
                    add(newTag());
                  }}
                >
                  {t('pickers.floorTags.add')}
                </Button>
                <Typography.Text type="secondary">{t('pickers.floorTags.count', { count: tags.length, max: FLOOR_TAGS_MAX })}</Typography.Text>
              </Flex>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
