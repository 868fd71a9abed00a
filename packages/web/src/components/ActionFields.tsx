import { Form, Input, Select } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { OPT_TYPES, optValueProblem, type OptType } from '@agora/contract';
import { localizeMsg } from '@/lib/locale';
import { CategoryCascader } from './CategoryCascader';

type Path = (string | number)[];

/** A category chosen from the tree, kept as the action's string value. */
function CategoryValue({ value, onChange }: { value?: string; onChange?(value: string): void }) {
  const { t } = useTranslation();
  const id = value && /^\d+$/.test(value) ? Number(value) : undefined;
  return (
    <CategoryCascader
      value={id}
      onChange={(next) => onChange?.(next === undefined ? '' : String(next))}
      placeholder={t('pickers.opt.placeholders.CATEGORY')}
      style={{ width: '100%' }}
    />
  );
}

/**
 * The action of a text, tag or image (spec §3 block_opt: opt_type and opt_value) as two form
 * fields: the value is required unless NONE, a link starts with /, a goods, shop or category
 * number is a positive integer up to 9223372036854775807 (spec §5).
 * `name` is the fields' path inside their Form.Item context (e.g. inside a Form.List row),
 * `fullName` the same path from the form's root; `optTypes` narrows the offered types.
 */
export function ActionFields({
  name = [],
  fullName = name,
  layout = 'vertical',
  optTypes = OPT_TYPES,
}: {
  name?: Path;
  fullName?: Path;
  layout?: 'vertical' | 'inline';
  optTypes?: readonly OptType[];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const typePath: NamePath = [...fullName, 'opt_type'];
  const valuePath: NamePath = [...fullName, 'opt_value'];
  const inline = layout === 'inline';
  return (
    <>
      <Form.Item name={[...name, 'opt_type']} label={inline ? undefined : t('pickers.opt.type')} style={inline ? { width: 130, marginBottom: 0 } : undefined}>
        <Select<OptType>
          aria-label={t('pickers.opt.type')}
          options={optTypes.map((type) => ({ value: type, label: t(`pickers.opt.types.${type}`) }))}
          onChange={() => form.setFieldValue(valuePath, '')}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={[typePath]}>
        {() => {
          const type = (form.getFieldValue(typePath) as OptType | undefined) ?? 'NONE';
          if (type === 'NONE') return null;
          return (
            <Form.Item
              name={[...name, 'opt_value']}
              label={inline ? undefined : t('pickers.opt.value')}
              style={inline ? { flex: 1, minWidth: 160, marginBottom: 0 } : undefined}
              required
              rules={[
                {
                  validator: async (_rule, value: unknown) => {
                    const problem = optValueProblem(type, typeof value === 'string' ? value : value == null ? '' : String(value));
                    if (problem) throw new Error(localizeMsg(problem));
                  },
                },
              ]}
            >
              {type === 'CATEGORY' ? (
                <CategoryValue />
              ) : (
                <Input aria-label={t('pickers.opt.value')} placeholder={t(`pickers.opt.placeholders.${type}`)} maxLength={type === 'URL' || type === 'KEYWORD' ? 200 : 19} />
              )}
            </Form.Item>
          );
        }}
      </Form.Item>
    </>
  );
}
