import { useQuery, type QueryClient } from '@tanstack/react-query';
import { regionEndpoints as regions, setMobilePatterns, type AnyEndpoint, type Country, type CountryState, type RegionChild, type RegionNode, type Returns } from '@agora/contract';
import { api, apiKey, useApi } from '@/lib/api';
import { currentLanguage } from '@/lib/locale';

/**
 * Reference data: kept for the whole session, but asked again whenever a picker shows it, because
 * operators edit it (regional management). The server answers 304 while its version is unchanged,
 * so a revalidation costs no body. A new country or state shows its own list, never the last one's.
 */
const REFERENCE_DATA = { staleTime: 0, gcTime: Infinity, refetchOnWindowFocus: false, placeholderData: undefined } as const;

/**
 * The served countries' mobile patterns become the contract's mobile rule in this console (its
 * registry), so a form checks a mobile exactly as the server will.
 */
function registerMobilePatterns(list: Country[]): Country[] {
  setMobilePatterns(Object.freeze(Object.fromEntries(list.map((country) => [country.code, country.mobile_regex]))));
  return list;
}

/** Countries come named in the request's language: one answer per language. */
export function useCountries() {
  const lang = currentLanguage();
  return useQuery<Country[]>({ queryKey: [...apiKey(regions.countries), lang], queryFn: () => api(regions.countries).then(registerMobilePatterns), ...REFERENCE_DATA });
}

export const statesKey = (countryCode: string) => apiKey(regions.states, { params: { code: countryCode } });

/** The states of a country from the cache, or asked for when none are there yet (a form's check before the picker's list arrived). */
export function ensureStates(client: QueryClient, countryCode: string): Promise<CountryState[]> {
  const input = { params: { code: countryCode } };
  return client.ensureQueryData({ queryKey: statesKey(countryCode), queryFn: () => api(regions.states, input), ...REFERENCE_DATA });
}

export function useStates(countryCode: string | undefined) {
  return useApi(regions.states, { params: { code: countryCode ?? '' } }, { enabled: !!countryCode, ...REFERENCE_DATA });
}

export function useCities(stateId: number | null | undefined) {
  return useApi(regions.cities, { params: { id: stateId ?? 0 } }, { enabled: !!stateId, ...REFERENCE_DATA });
}

/** One level of the domestic tree (0 = provinces), through the query cache. */
export function fetchRegionChildren(client: QueryClient, parentId: number): Promise<RegionChild[]> {
  const input = { params: { id: parentId } };
  return client.fetchQuery({ queryKey: apiKey(regions.children, input), queryFn: () => api(regions.children, input), ...REFERENCE_DATA });
}

/** An endpoint that answers the whole region tree without input: `regions/menus` or a screen's own. */
export type RegionTreeEndpoint = AnyEndpoint & { method: 'GET'; response?: Returns<RegionNode[]> };

/** The whole domestic tree of the checkbox picker; `enabled` waits until the picker opens. */
export function useRegionTree(enabled: boolean, endpoint: RegionTreeEndpoint = regions.menus) {
  return useQuery<RegionNode[]>({
    queryKey: apiKey(endpoint),
    queryFn: () => (api as (e: AnyEndpoint) => Promise<RegionNode[]>)(endpoint),
    enabled,
    ...REFERENCE_DATA,
  });
}
