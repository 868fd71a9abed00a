import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoStepSettings } from '@agora/contract';
import { put } from '@/lib/request';
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

export const useSendBindingCode = () =>
  useMutation({
    mutationFn: (mobile: string) => put<unknown>(`admin/systems/authentications/smscode/${encodeURIComponent(mobile)}`),
  });
