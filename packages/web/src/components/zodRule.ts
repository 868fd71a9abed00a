import type { FormRule } from 'antd';
import { localizeMsg } from '@/lib/locale';

interface Validates {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

const firstIssue = (schema: Validates, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

/** An antd form rule that applies a contract schema, so the form shows the server's own message. */
export function zodRule(schema: Validates): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      // an empty field is the required rule's to refuse (a cleared number input holds null)
      if (value === undefined || value === null || value === '') return;
      const message = firstIssue(schema, value);
      if (message !== undefined) throw new Error(localizeMsg(message));
    },
  };
}

/**
 * The rules of a field whose schema is the contract's. When the schema refuses an empty value the
 * field is marked required, and an empty or blank value is refused in the browser with the
 * schema's own message (请填写…) before any request; one validator answers every value, so a
 * field never shows the same refusal twice.
 */
export function zodRules(schema: Validates): FormRule[] {
  const emptyMessage = firstIssue(schema, '');
  if (emptyMessage === undefined || firstIssue(schema, undefined) === undefined) return [zodRule(schema)];
  return [
    {
      required: true,
      validator: async (_rule, value: unknown) => {
        const message = value === undefined || value === null ? emptyMessage : firstIssue(schema, value);
        if (message !== undefined) throw new Error(localizeMsg(message));
      },
    },
  ];
}
