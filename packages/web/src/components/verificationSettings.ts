import { verificationEndpoints } from '@agora/contract';
import { api, apiKey, useApi } from '@/lib/api';

/**
 * Second-step settings are read by the verification page, the account settings and by the
 * dialog every sensitive action opens (which reads them afresh with this query).
 */
export const verificationSettingsQuery = {
  queryKey: apiKey(verificationEndpoints.settings, {}),
  queryFn: () => api(verificationEndpoints.settings),
};

export function useVerificationSettings() {
  return useApi(verificationEndpoints.settings, {});
}
