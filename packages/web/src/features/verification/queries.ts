import { settingsEndpoints, verificationEndpoints } from '@agora/contract';
import { useApiMutation, type Invalidates } from '@/lib/api';

/** Every verification write answers with the new settings; the account settings show the same toggles. */
const settingsChanged: Invalidates = [verificationEndpoints.settings, settingsEndpoints.account];

export const useSaveVerificationSettings = () =>
  useApiMutation(verificationEndpoints.save, { success: 'verification.messages.settingsSaved', invalidates: settingsChanged });

export const useBindMobile = () => useApiMutation(verificationEndpoints.bindMobile, { success: 'verification.messages.mobileBound', invalidates: settingsChanged });

/** Both are already the MD5 of what was typed; `old_password` is needed once a password exists. */
export const useSetVerifyPassword = () =>
  useApiMutation(verificationEndpoints.setPassword, { success: 'verification.messages.passwordSet', invalidates: settingsChanged });

/** The development driver writes the code to the outbox. */
export const useSendBindingCode = () =>
  useApiMutation(verificationEndpoints.sendBindingCode, { success: 'common.msg.smsSent', invalidates: [verificationEndpoints.outbox] });
