import { currencyEndpoints } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';

export const useDefaultCurrency = () => useApi(currencyEndpoints.default, {});
export const useCreateCurrency = () => useApiMutation(currencyEndpoints.create, { success: 'currencies.saved' });
export const useUpdateCurrency = () => useApiMutation(currencyEndpoints.update, { success: 'currencies.saved' });
export const useEnableCurrency = () =>
  useApiMutation(currencyEndpoints.enable, { success: (row) => (row.enable === 1 ? 'currencies.enabled' : 'currencies.disabled') });
export const useDeleteCurrency = () => useApiMutation(currencyEndpoints.remove, { success: 'currencies.deleted' });
export const useAutoRate = () =>
  useApiMutation(currencyEndpoints.autoRate, { success: (row) => (row.auto_rate === 1 ? 'currencies.autoOn' : 'currencies.autoOff') });
export const useUpdateRates = () =>
  useApiMutation(currencyEndpoints.updateRate, {
    success: (result) => ['currencies.rates.synced', { count: result.updated.length, missing: result.missing.join(', ') || '—' }] as const,
  });
