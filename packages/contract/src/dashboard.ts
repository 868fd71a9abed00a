import { z } from 'zod';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import type { RouteName } from './routes.js';

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
  /** orders waiting to be shipped (the order list's WAIT_SHIP tag) */
  order_ship: number | null;
  /** cash-on-delivery orders received whose payment is still to be confirmed */
  order_cod_pay: number | null;
  /** after-sales waiting for the platform's manual refund (the service list's WAIT_FOR_MANUAL) */
  service_manual: number | null;
  /** complaints still open (the complaint list's COMPLAINING tag) */
  complaint_wait: number | null;
}

/**
 * Who may see each of the dashboard's panels: every signed-in admin opens the dashboard, but a
 * figure shows only to a role that holds a screen of the area it comes from.
 */
export const DASHBOARD_READERS = {
  sales: ['orderList', 'settlement', 'orderStatistics', 'salesRevenueStatistics', 'generalityOverview'],
  traffic: ['trafficAnalysisShop', 'trafficAnalysisGoods'],
  members: ['memberList'],
  shops: ['shopList'],
  goods: ['goodsList'],
} as const satisfies Record<string, readonly RouteName[]>;
export type DashboardPanel = keyof typeof DASHBOARD_READERS;

/** Today's figures; each is null when the operator's role may not see its area (DASHBOARD_READERS). */
export interface DashboardFigures {
  order_count: number | null;
  /** yuan */
  order_amount: number | null;
  paid_count: number | null;
  /** yuan */
  turnover: number | null;
  new_members: number | null;
  new_shops: number | null;
  new_goods: number | null;
  pv: number | null;
  uv: number | null;
}

/** GET admin/index/page */
export interface DashboardPage {
  todo: DashboardTodo;
  today: DashboardFigures;
  /** the platform's totals; null where the role may not see the area */
  totals: { members: number | null; shops_open: number | null; goods_on_sale: number | null; orders: number | null; turnover: number | null };
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

/** The dashboard's panels: every signed-in admin holds `dashboard`; the figures, to-dos and charts follow the role. */
export const dashboardEndpoints = defineEndpoints('dashboard', {
  page: endpoint({ method: 'GET', path: 'admin/index/page', permission: 'dashboard', response: returns<DashboardPage>() }),
  pvChart: endpoint({ method: 'GET', path: 'admin/index/page/pvChart', permission: DASHBOARD_READERS.traffic, query: dashboardPeriodQuery, response: returns<DashboardSeries>() }),
  turnoverChart: endpoint({ method: 'GET', path: 'admin/index/page/turnoverChart', permission: DASHBOARD_READERS.sales, query: dashboardPeriodQuery, response: returns<DashboardSeries>() }),
  hotShop: endpoint({ method: 'GET', path: 'admin/index/page/hotShop', permission: DASHBOARD_READERS.sales, query: dashboardPeriodQuery, response: returns<HotShop[]>() }),
  hotGoods: endpoint({ method: 'GET', path: 'admin/index/page/hotGoods', permission: [...DASHBOARD_READERS.sales, 'hotGoods'], query: dashboardPeriodQuery, response: returns<HotGoods[]>() }),
});
