import type { FormRule } from 'antd';
import { localizeMsg } from '@/lib/locale';

interface Validates {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** An antd form rule that applies a contract schema, so the form shows the server's own message. */
export function zodRule(schema: Validates): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(localizeMsg(result.error.issues[0]?.message ?? ''));
    },
  };
}
