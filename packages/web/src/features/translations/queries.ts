import { dataDictEndpoints, languageAdminEndpoints, translationTaskEndpoints, uiDictEndpoints } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';

export const useLanguages = () => useApi(languageAdminEndpoints.list, {});
export const useCreateUiKey = () => useApiMutation(uiDictEndpoints.create, { success: 'translations.saved' });
export const useUpdateUiKey = () => useApiMutation(uiDictEndpoints.update, { success: 'translations.saved' });
export const useDeleteUiKey = () => useApiMutation(uiDictEndpoints.remove, { success: 'translations.deleted' });
export const useEnableLanguage = () =>
  useApiMutation(languageAdminEndpoints.enable, {
    success: (row) => (row.enabled === 0 ? 'translations.languages.disabled' : 'translations.languages.enabled'),
  });
export const useAddLanguage = () => useApiMutation(languageAdminEndpoints.add, { success: 'translations.languages.added' });
export const useSortLanguages = () => useApiMutation(languageAdminEndpoints.sort, { success: 'translations.languages.sorted' });
export const useCreateTranslationTask = () => useApiMutation(translationTaskEndpoints.create, { success: 'translations.tasks.created' });
export const useRetranslate = () => useApiMutation(translationTaskEndpoints.retranslate, { success: 'translations.failures.retried' });
export const useUpdateDataEntry = () => useApiMutation(dataDictEndpoints.update, { success: 'translations.dataDict.saved' });
export const useSyncDataDict = () => useApiMutation(dataDictEndpoints.sync, { success: (result) => ['translations.dataDict.synced', { count: result.changed }] as const });
export const useTranslateGoods = () => useApiMutation(translationTaskEndpoints.goods, { success: 'translations.dataDict.translated', invalidates: ['dataDict'] });
