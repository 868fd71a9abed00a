import type { FormInstance } from 'antd';
import { RequestError } from '@/lib/request';

/**
 * A refusal that is about some fields (a taken name, an overlapping range) shows its message on
 * those fields too, not only as a toast: `onError: serverFieldErrors(form, { LEVEL_NAME_TAKEN: ['level_name'] })`.
 */
export function serverFieldErrors(form: FormInstance, fieldsByCode: Record<string, string[]>) {
  return (error: unknown) => {
    if (!(error instanceof RequestError)) return;
    const names = fieldsByCode[error.code];
    if (names) form.setFields(names.map((name) => ({ name, errors: [error.message] })));
  };
}
