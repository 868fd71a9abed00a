import { useEffect, useEffectEvent } from 'react';
import type { FormInstance } from 'antd';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';

/** Runs `start` each time a dialog opens, with the props of that moment: each opening starts from the value handed in. */
export function useOnOpen(open: boolean, start: () => void): void {
  const run = useEffectEvent(start);
  useEffect(() => {
    if (open) run();
  }, [open]);
}

/** Validates the whole form; when a field is wrong, says 表单填写有误，请核对！ (spec §5) and answers false. */
export async function validOrSay(form: FormInstance): Promise<boolean> {
  try {
    await form.validateFields();
    return true;
  } catch {
    toast.error(msg('formInvalid'));
    return false;
  }
}
