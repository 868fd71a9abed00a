import { z } from 'zod';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/** Periods the dashboard charts offer, in days back from today (today included). */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export const dashboardPeriodQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (DASHBOARD_PERIODS as readonly number[]).includes(days), '统计周期只能是7、30或90天')
    .default(7),
});
export type DashboardPeriodQuery = z.infer<typeof dashboardPeriodQuery>;

/** To-do counts; a count is null when the operator's role may not act on it. */
export interface DashboardTodo {
  goods_audit: number | null;
  shop_audit: number | null;
  margin_audit: number | null;
}

export interface DashboardFigures {
  order_count: number;
  /** yuan */
  order_amount: number;
  paid_count: number;
  /** yuan */
  turnover: number;
  new_members: number;
  new_shops: number;
  new_goods: number;
  pv: number;
  uv: number;
}

/** GET admin/index/page */
export interface DashboardPage {
  todo: DashboardTodo;
  today: DashboardFigures;
  totals: { members: number; shops_open: number; goods_on_sale: number; orders: number; turnover: number };
}

/** GET admin/index/page/pvChart and turnoverChart: one point per day, oldest first. */
export interface DashboardSeries {
  days: string[];
  series: { name: string; data: number[] }[];
}

export interface HotShop {
  shop_id: number;
  shop_name: string;
  turnover: number;
  order_count: number;
}

export interface HotGoods {
  goods_id: number;
  /** the goods number: the goods list finds the item by it */
  sn: string;
  shop_id: number;
  goods_name: string;
  thumbnail: string;
  sold_num: number;
  turnover: number;
}

/** The dashboard's panels; every signed-in admin holds `dashboard`, the to-dos follow the role. */
export const dashboardEndpoints = defineEndpoints('dashboard', {
  page: endpoint({ method: 'GET', path: 'admin/index/page', permission: 'dashboard', response: returns<DashboardPage>() }),
  pvChart: endpoint({ method: 'GET', path: 'admin/index/page/pvChart', permission: 'dashboard', query: dashboardPeriodQuery, response: returns<DashboardSeries>() }),
  turnoverChart: endpoint({ method: 'GET', path: 'admin/index/page/turnoverChart', permission: 'dashboard', query: dashboardPeriodQuery, response: returns<DashboardSeries>() }),
  hotShop: endpoint({ method: 'GET', path: 'admin/index/page/hotShop', permission: 'dashboard', query: dashboardPeriodQuery, response: returns<HotShop[]>() }),
  hotGoods: endpoint({ method: 'GET', path: 'admin/index/page/hotGoods', permission: 'dashboard', query: dashboardPeriodQuery, response: returns<HotGoods[]>() }),
});
