import { useQuery } from '@tanstack/react-query';
import type { DashboardPage, DashboardSeries, HotGoods, HotShop } from '@agora/contract';
import { get } from '@/lib/request';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  page: () => [...dashboardKeys.all, 'page'] as const,
  chart: (name: string, days: number) => [...dashboardKeys.all, name, days] as const,
};

export function useDashboard() {
  return useQuery({ queryKey: dashboardKeys.page(), queryFn: () => get<DashboardPage>('admin/index/page') });
}

export function useDashboardChart<T extends DashboardSeries | (HotShop | HotGoods)[]>(name: 'pvChart' | 'turnoverChart' | 'hotShop' | 'hotGoods', days: number) {
  return useQuery({ queryKey: dashboardKeys.chart(name, days), queryFn: () => get<T>(`admin/index/page/${name}`, { days }) });
}
