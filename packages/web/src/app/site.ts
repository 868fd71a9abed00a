import { useQuery } from '@tanstack/react-query';
import type { SiteShow } from '@agora/contract';
import { get } from '@/lib/request';

export const siteKeys = {
  all: ['site'] as const,
  show: () => [...siteKeys.all, 'show'] as const,
};

export function useSiteShow() {
  return useQuery({
    queryKey: siteKeys.show(),
    queryFn: () => get<SiteShow>('base/site-show', undefined, { needToken: false, message: false }),
    staleTime: 5 * 60_000,
  });
}
