import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Country, CountryCity, CountryState, RegionChild, RegionNode } from '@agora/contract';
import { currentLanguage } from '@/lib/locale';
import { get } from '@/lib/request';

/** Reference data: it changes only with a new data package, so it is kept for the whole session. */
const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;

export const regionKeys = {
  all: ['regions'] as const,
  countries: (lang: string) => [...regionKeys.all, 'countries', lang] as const,
  states: (countryCode: string) => [...regionKeys.all, 'states', countryCode] as const,
  cities: (stateId: number) => [...regionKeys.all, 'cities', stateId] as const,
  children: (parentId: number) => [...regionKeys.all, 'children', parentId] as const,
  tree: () => [...regionKeys.all, 'tree'] as const,
};

export function useCountries() {
  const lang = currentLanguage();
  return useQuery({ queryKey: regionKeys.countries(lang), queryFn: () => get<Country[]>('base/countries', undefined, { needToken: false }), ...FOREVER });
}

export function useStates(countryCode: string | undefined) {
  return useQuery({
    queryKey: regionKeys.states(countryCode ?? ''),
    queryFn: () => get<CountryState[]>(`base/countries/${countryCode}/states`, undefined, { needToken: false }),
    enabled: !!countryCode,
    ...FOREVER,
  });
}

export function useCities(stateId: number | null | undefined) {
  return useQuery({
    queryKey: regionKeys.cities(stateId ?? 0),
    queryFn: () => get<CountryCity[]>(`base/countries/${stateId}/cities`, undefined, { needToken: false }),
    enabled: !!stateId,
    ...FOREVER,
  });
}

/** One level of the domestic tree (0 = provinces), through the query cache. */
export function fetchRegionChildren(client: QueryClient, parentId: number): Promise<RegionChild[]> {
  return client.fetchQuery({
    queryKey: regionKeys.children(parentId),
    queryFn: () => get<RegionChild[]>(`base/regions/${parentId}/children`, undefined, { needToken: false }),
    ...FOREVER,
  });
}

/** The whole domestic tree of the checkbox picker; `enabled` waits until the picker opens. */
export function useRegionTree(enabled: boolean, api = 'regions/menus') {
  return useQuery({ queryKey: [...regionKeys.tree(), api], queryFn: () => get<RegionNode[]>(api), enabled, ...FOREVER });
}
