import { languageAdminEndpoints, uiDictEndpoints } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';

export const useLanguages = () => useApi(languageAdminEndpoints.list, {});
export const useCreateUiKey = () => useApiMutation(uiDictEndpoints.create, { success: 'translations.saved' });
export const useUpdateUiKey = () => useApiMutation(uiDictEndpoints.update, { success: 'translations.saved' });
export const useDeleteUiKey = () => useApiMutation(uiDictEndpoints.remove, { success: 'translations.deleted' });
export const useEnableLanguage = () =>
  useApiMutation(languageAdminEndpoints.enable, {
    success: (row) => (row.enabled === 0 ? 'translations.languages.disabled' : 'translations.languages.enabled'),
  });
export const useSortLanguages = () => useApiMutation(languageAdminEndpoints.sort, { success: 'translations.languages.sorted' });
