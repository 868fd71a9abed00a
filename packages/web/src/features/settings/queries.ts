import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings, AccountSettingsBody, NewComerCouponSettings, PointSettings, SettingsKey, SiteSettings } from '@agora/contract';
import { get, put } from '@/lib/request';
import { siteKeys } from '@/app/site';
import { verificationKeys } from '@/components/verificationSettings';

/** What each settings document holds (GET and PUT admin/settings/<key>). */
export interface SettingsDocuments {
  site: SiteSettings;
  point: PointSettings;
  account: AccountSettings;
  'new-comer-coupon': NewComerCouponSettings;
}

/** What each PUT takes: the document (account: its second-step toggles may be left out). */
export type SettingsBodies = Omit<SettingsDocuments, 'account'> & { account: AccountSettingsBody };

export const settingsKeys = {
  all: ['settings'] as const,
  document: (key: SettingsKey) => [...settingsKeys.all, key] as const,
};

export function useSettings<K extends SettingsKey>(key: K) {
  return useQuery({ queryKey: settingsKeys.document(key), queryFn: () => get<SettingsDocuments[K]>(`admin/settings/${key}`) });
}

/** Saves a whole document; the answer is the saved document. Others that show parts of it refetch. */
export function useSaveSettings<K extends SettingsKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: SettingsBodies[K]) => put<SettingsDocuments[K]>(`admin/settings/${key}`, document),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.document(key), saved);
      // The shell's title, logo and icon and the goods list's buyer links come from site-show.
      if (key === 'site') void queryClient.invalidateQueries({ queryKey: siteKeys.all });
      // The second-step toggles live in the verification settings.
      if (key === 'account') void queryClient.invalidateQueries({ queryKey: verificationKeys.all });
    },
  });
}
