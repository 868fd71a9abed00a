import { useEffect } from 'react';
import { siteEndpoints } from '@agora/contract';
import { useApi } from '@/lib/api';
import { acceptDecorTokens } from '@/lib/decorSync';

/** The platform's title, logo, icon and buyer site (GET base/site-show); saving the site settings refreshes it. */
export function useSiteShow() {
  return useApi(siteEndpoints.show, {}, { staleTime: 5 * 60_000, request: { message: false } });
}

/** The origin the decoration app is opened on (spec §4): the configured one, else the console's own. */
export function useDecorOrigin(): string {
  const site = useSiteShow();
  return site.data?.decor_origin || window.location.origin;
}

/** The signed-in console stores the tokens its decoration windows renew (spec §4 SYNC_DECOR_TOKEN). */
export function useDecorTokens(): void {
  const origin = useDecorOrigin();
  useEffect(() => acceptDecorTokens(origin), [origin]);
}
