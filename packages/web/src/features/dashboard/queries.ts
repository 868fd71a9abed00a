import type { UseQueryResult } from '@tanstack/react-query';
import { dashboardEndpoints, type ResponseOf } from '@agora/contract';
import { useApi } from '@/lib/api';

export function useDashboard() {
  return useApi(dashboardEndpoints.page, {});
}

type Charts = typeof dashboardEndpoints;
type ChartName = 'pvChart' | 'turnoverChart' | 'hotShop' | 'hotGoods';

/** A trend (pvChart, turnoverChart) or a top list (hotShop, hotGoods) over the last `days`. */
export function useDashboardChart<N extends ChartName>(name: N, days: number): UseQueryResult<ResponseOf<Charts[N]>> {
  return useApi<Charts[ChartName]>(dashboardEndpoints[name], { query: { days } }) as UseQueryResult<ResponseOf<Charts[N]>>;
}

/**
 * The dashboard's root query key, for the areas whose writes still refresh it by key; the way
 * now is `invalidates: ['dashboard']` on the mutation.
 */
export const dashboardKeys = { all: [dashboardEndpoints.page.area] as const };
