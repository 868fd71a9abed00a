import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Form, Spin, Switch, Typography, type FormInstance, type FormRule, type SwitchProps } from 'antd';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyEndpoint } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';
import { useKeepDraftOnDetour, takeDraft } from '@/lib/drafts';
import { toast } from '@/lib/feedback';
import { localizeMsg, msg } from '@/lib/locale';
import type { useTwoStep } from '@/components/TwoStepDialog';
import { SETTINGS_DOCUMENTS, type SettingsDocKey, type SettingsDocuments } from './queries';

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

/** Saves through the second-step dialog; a failure leaves the form as typed (its reason is on screen). */
export type Attempt = ReturnType<typeof useTwoStep>['attempt'];

export interface SettingsTabProps {
  attempt: Attempt;
  onDirtyChange(dirty: boolean): void;
}

interface SettingsFormProps<K extends SettingsDocKey> extends SettingsTabProps {
  docKey: K;
  children(form: FormInstance<SettingsDocuments[K]>): ReactNode;
}

/** The document's read and save, typed once here for whichever document the form holds. */
function useDocument<K extends SettingsDocKey>(docKey: K) {
  const document = SETTINGS_DOCUMENTS[docKey];
  const settings = useApi<AnyEndpoint>(document.read, {}) as UseQueryResult<SettingsDocuments[K]>;
  const save = useApiMutation<AnyEndpoint, { body: unknown }>(document.save, { success: document.saved, invalidates: document.invalidates }) as UseMutationResult<
    SettingsDocuments[K],
    Error,
    { body: unknown }
  >;
  return { settings, save, schema: document.save.body as DocumentSchema<unknown> };
}

/**
 * One settings document as a form: loaded from GET, checked with the contract's schema (the
 * save endpoint's body), saved through the second-step dialog; reports whether it differs from
 * what is saved.
 */
export function SettingsForm<K extends SettingsDocKey>({ docKey, attempt, onDirtyChange, children }: SettingsFormProps<K>) {
  const { t } = useTranslation();
  const { settings, save, schema } = useDocument(docKey);
  const [form] = Form.useForm<SettingsDocuments[K]>();
  // What the server holds; the form is "dirty" while it differs.
  const saved = useRef<SettingsDocuments[K] | undefined>(undefined);
  const [dirty, setDirty] = useState(false);

  const markDirty = (next: boolean) => {
    setDirty(next);
    onDirtyChange(next);
  };

  // Unsaved edits survive the detour to the verification settings and come back here.
  const draftKey = `settings.${docKey}`;
  useKeepDraftOnDetour(draftKey, () => (dirty ? form.getFieldsValue(true) : undefined));
  const restoreDraft = useEffectEvent(() => {
    const draft = takeDraft<SettingsDocuments[K]>(draftKey);
    if (draft === undefined) return;
    form.setFieldsValue(draft as never);
    markDirty(true);
    toast.info(t('settings.draftRestored'));
  });

  useEffect(() => {
    if (settings.data && !saved.current) {
      saved.current = settings.data;
      form.setFieldsValue(settings.data as never);
      restoreDraft();
    }
  }, [settings.data, form]);

  const invalid = () => toast.error(msg('formInvalid'));

  // Runs once the fields' own rules pass.
  const submit = () => {
    const parsed = schema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      // Whatever the fields' own rules let through: shown where the schema says.
      form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as (string | number)[], errors: [localizeMsg(issue.message)] })) as never);
      invalid();
      return;
    }
    attempt(
      () => save.mutateAsync({ body: parsed.data }),
      (result) => {
        saved.current = result;
        form.setFieldsValue(result as never);
        markDirty(false);
      },
    );
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
