import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Form, Spin, Switch, Typography, type FormInstance, type FormRule, type SwitchProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsKey } from '@agora/contract';
import { toast } from '@/lib/feedback';
import { localizeMsg, msg } from '@/lib/locale';
import type { useTwoStep } from '@/components/TwoStepDialog';
import { useSaveSettings, useSettings, type SettingsBodies, type SettingsDocuments } from './queries';

type Path = readonly (string | number)[];

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** A contract schema (its whole document): parses, or says what is wrong where. */
export interface DocumentSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

const samePath = (a: readonly PropertyKey[], b: Path) => a.length === b.length && a.every((part, index) => String(part) === String(b[index]));

/**
 * An antd rule for the field at `path` that checks the whole document with the contract's
 * schema (as the server will), so cross-field rules show on their field with the server's words.
 */
export function documentRule<T>(schema: DocumentSchema<T>, path: Path): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((candidate) => samePath(candidate.path, path));
      if (issue) throw new Error(localizeMsg(issue.message));
    },
  });
}

/** A 0/1 flag as a switch. */
export function OnOff({ value, onChange, ...rest }: Omit<SwitchProps, 'checked' | 'onChange' | 'value'> & { value?: 0 | 1; onChange?(value: 0 | 1): void }) {
  return <Switch checked={value === 1} onChange={(checked) => onChange?.(checked ? 1 : 0)} {...rest} />;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => same(item, b[index]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return false;
}

export type Run = ReturnType<typeof useTwoStep>['run'];

export interface SettingsTabProps {
  run: Run;
  onDirtyChange(dirty: boolean): void;
}

interface SettingsFormProps<K extends SettingsKey> extends SettingsTabProps {
  docKey: K;
  schema: DocumentSchema<SettingsBodies[K]>;
  /** what the success toast calls this document */
  name: string;
  children(form: FormInstance<SettingsDocuments[K]>): ReactNode;
}

/**
 * One settings document as a form: loaded from GET, checked with the contract's schema,
 * saved through the second-step dialog; reports whether it differs from what is saved.
 */
export function SettingsForm<K extends SettingsKey>({ docKey, schema, name, run, onDirtyChange, children }: SettingsFormProps<K>) {
  const { t } = useTranslation();
  const settings = useSettings(docKey);
  const save = useSaveSettings(docKey);
  const [form] = Form.useForm<SettingsDocuments[K]>();
  // What the server holds; the form is "dirty" while it differs.
  const saved = useRef<SettingsDocuments[K] | undefined>(undefined);
  const [dirty, setDirty] = useState(false);

  const markDirty = (next: boolean) => {
    setDirty(next);
    onDirtyChange(next);
  };

  useEffect(() => {
    if (settings.data && !saved.current) {
      saved.current = settings.data;
      form.setFieldsValue(settings.data as never);
    }
  }, [settings.data, form]);

  const invalid = () => toast.error(msg('formInvalid'));

  // Runs once the fields' own rules pass.
  const submit = async () => {
    const parsed = schema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      // Whatever the fields' own rules let through: shown where the schema says.
      form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as (string | number)[], errors: [localizeMsg(issue.message)] })) as never);
      invalid();
      return;
    }
    try {
      const result = await run(() => save.mutateAsync(parsed.data));
      saved.current = result;
      form.setFieldsValue(result as never);
      markDirty(false);
      toast.success(t('settings.saved', { name }));
    } catch {
      // The server's message was shown by the request client, or the second step was cancelled: the form stays as typed.
    }
  };

  const undo = () => {
    form.resetFields();
    if (saved.current) form.setFieldsValue(saved.current as never);
    markDirty(false);
  };

  if (settings.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!settings.data) {
    return <Alert type="error" showIcon title={t('common.loadFailed')} action={<Button onClick={() => settings.refetch()}>{t('common.retry')}</Button>} />;
  }
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '160px' }}
      labelWrap
      initialValues={settings.data as never}
      onValuesChange={() => markDirty(!same(form.getFieldsValue(true), saved.current))}
      onFinish={submit}
      onFinishFailed={invalid}
      scrollToFirstError
    >
      {children(form)}
      {/* Stays in view at the bottom of a long form. */}
      <Card size="small" style={{ position: 'sticky', bottom: 0, zIndex: 2, boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.06)' }}>
        <Flex gap={8} align="center" style={{ marginLeft: 160 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
          <Button onClick={undo} disabled={!dirty}>
            {t('settings.reset')}
          </Button>
          <Typography.Text type="secondary">{t('settings.twoStepHint')}</Typography.Text>
        </Flex>
      </Card>
    </Form>
  );
}
