import { siteEndpoints } from '@agora/contract';
import { useApi } from '@/lib/api';

/** The platform's title, logo, icon and buyer site (GET base/site-show); saving the site settings refreshes it. */
export function useSiteShow() {
  return useApi(siteEndpoints.show, {}, { staleTime: 5 * 60_000, request: { message: false } });
}
