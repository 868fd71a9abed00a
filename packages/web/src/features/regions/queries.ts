import { useQueryClient } from '@tanstack/react-query';
import { regionEndpoints as regions } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';
import { gradeKeys } from '@/components/TreeGradeEditor';

export const useRegion = (id: number | undefined) => useApi(regions.adminDetail, { params: { id: id ?? 0 } }, { enabled: !!id, placeholderData: undefined });
export const useAdminCountries = () => useApi(regions.adminCountries, {});
export const useAdminState = (id: number | undefined) => useApi(regions.stateDetail, { params: { id: id ?? 0 } }, { enabled: !!id, placeholderData: undefined });

/**
 * Every write of regional management: the region pickers' answers (the `regions` area) and the
 * tree-grade editor's columns are read again, so the change shows at once wherever regions are picked.
 */
export function useRegionWrites() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: gradeKeys.all });
  const saved = { success: 'regions.manage.saved', invalidates: ['regions'] } as const;
  const deleted = { success: 'regions.manage.deleted', invalidates: ['regions'] } as const;
  return {
    refreshEditors: onSettled,
    createRegion: useApiMutation(regions.adminCreate, saved),
    updateRegion: useApiMutation(regions.adminUpdate, saved),
    removeRegion: useApiMutation(regions.adminRemove, deleted),
    createCountry: useApiMutation(regions.countryCreate, saved),
    updateCountry: useApiMutation(regions.countryUpdate, saved),
    removeCountry: useApiMutation(regions.countryRemove, deleted),
    createState: useApiMutation(regions.stateCreate, saved),
    updateState: useApiMutation(regions.stateUpdate, saved),
    removeState: useApiMutation(regions.stateRemove, deleted),
  };
}
