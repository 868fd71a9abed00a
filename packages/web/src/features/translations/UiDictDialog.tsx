import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, UI_DICT_LIMITS, uiDictCreateBody, type LanguageRow, type UiDictRow } from '@agora/contract';
import { zodRule } from '@/components/zodRule';
import { FormDialog } from '@/components/FormDialog';
import { useCreateUiKey, useUpdateUiKey } from './queries';

interface UiDictForm {
  key: string;
  texts: Record<string, string>;
}

/**
 * Add a key or edit one key's texts, one field per switched-on language. A built-in key's emptied
 * text goes back to the system's; an operator's key keeps a text in the default language.
 */
export function UiDictDialog({ entry, languages, onClose }: { entry: UiDictRow | null; languages: LanguageRow[]; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UiDictForm>();
  const create = useCreateUiKey();
  const update = useUpdateUiKey();

  const submit = (values: UiDictForm) => {
    const texts = Object.fromEntries(languages.map((language) => [language.code, (values.texts?.[language.code] ?? '').trim()]));
    if (entry) update.mutate({ params: { id: entry.id }, body: { texts } }, { onSuccess: onClose });
    else create.mutate({ body: { key: values.key, texts: Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== '')) } }, { onSuccess: onClose });
  };

  return (
    <FormDialog<UiDictForm>
      title={entry ? t('translations.edit') : t('translations.add')}
      form={form}
      pending={create.isPending || update.isPending}
      width={640}
      onClose={onClose}
      initialValues={{ key: entry?.key ?? '', texts: Object.fromEntries(languages.map((language) => [language.code, entry?.texts[language.code] ?? ''])) }}
      onFinish={submit}
    >
      {entry ? (
        <Form.Item label={t('translations.key')}>
          <Typography.Text code copyable>
            {entry.key}
          </Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item name="key" label={t('translations.key')} extra={t('translations.keyHint')} rules={[{ required: true, whitespace: true, message: t('translations.keyRequired') }, zodRule(uiDictCreateBody.shape.key)]}>
          <Input maxLength={UI_DICT_LIMITS.key} autoFocus />
        </Form.Item>
      )}
      {languages.map((language) => {
        const required = language.code === DEFAULT_LANG && !entry?.shipped;
        return (
          <Form.Item
            key={language.code}
            name={['texts', language.code]}
            label={t('translations.textOf', { lang: language.lang })}
            rules={required ? [{ required: true, whitespace: true, message: t('translations.textRequired', { lang: language.lang }) }] : []}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={UI_DICT_LIMITS.text} />
          </Form.Item>
        );
      })}
      {entry?.shipped === 1 && <Typography.Text type="secondary">{t('translations.emptyRestores')}</Typography.Text>}
    </FormDialog>
  );
}
