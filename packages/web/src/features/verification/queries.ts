import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, SmsOutboxRow, TwoStepSettings } from '@agora/contract';
import { get, put } from '@/lib/request';
import { verificationKeys } from '@/components/verificationSettings';

/** Every verification write answers with the new settings, so the cache takes them as they are. */
function useSettingsWrite<V>(write: (variables: V) => Promise<TwoStepSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (settings) => queryClient.setQueryData(verificationKeys.settings(), settings),
  });
}

export const useSaveVerificationSettings = () =>
  useSettingsWrite((body: Pick<TwoStepSettings, 'message_auth' | 'password_auth'>) => put<TwoStepSettings>('admin/systems/authentications', body));

export const useBindMobile = () =>
  useSettingsWrite((body: { mobile: string; sms_code: string }) => put<TwoStepSettings>('admin/systems/authentications/valid/code', body));

/** Both are already the MD5 of what was typed; `old_password` is needed once a password exists. */
export const useSetVerifyPassword = () =>
  useSettingsWrite((body: { password: string; old_password?: string }) => put<TwoStepSettings>('admin/systems/authentications/update-password', body));

export function useSendBindingCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mobile: string) => put<unknown>(`admin/systems/authentications/smscode/${encodeURIComponent(mobile)}`),
    // The development driver writes the code to the outbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKeys.outbox() }),
  });
}

/** GET admin/systems/sms-outbox: newest first, the mobile masked by the server. */
export function useSmsOutbox(paging: { page_no: number; page_size: number }, enabled: boolean) {
  return useQuery({
    queryKey: verificationKeys.outbox(paging),
    queryFn: () => get<Page<SmsOutboxRow>>('admin/systems/sms-outbox', paging),
    placeholderData: keepPreviousData,
    enabled,
  });
}
