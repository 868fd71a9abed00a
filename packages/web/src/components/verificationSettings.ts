import { useQuery } from '@tanstack/react-query';
import type { TwoStepSettings } from '@agora/contract';
import { get } from '@/lib/request';

/** Second-step settings are read by the verification page and by the dialog every sensitive action opens. */
export const verificationKeys = {
  all: ['verification'] as const,
  settings: () => [...verificationKeys.all, 'settings'] as const,
  /** the development SMS driver's outbox; without paging, every page of it */
  outbox: (paging?: { page_no: number; page_size: number }) => [...verificationKeys.all, 'outbox', ...(paging ? [paging] : [])] as const,
};

export const fetchVerificationSettings = () => get<TwoStepSettings>('admin/systems/authentications');

export function useVerificationSettings() {
  return useQuery({ queryKey: verificationKeys.settings(), queryFn: fetchVerificationSettings });
}
