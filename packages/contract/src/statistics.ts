import { z } from 'zod';
import { idOf, pageQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { MSG } from './messages.js';
import { PERIOD_TYPES, PRICE_RANGES_MAX, type PriceRange } from './pickers.js';
import type { RouteName } from './routes.js';

/**
 * Statistics (spec §2 /statistics/*, DOMAIN §2.21). Every report reads the daily rollups kept
 * current by the writes that change a figure, never the orders themselves. A report's query is
 * the period (a month or a year), the shop (0 = the whole platform) and, where it applies, the
 * category (0 = all).
 */

const INT_MAX = 2_147_483_647;
/** The first year a report may ask for. */
export const STATISTICS_FIRST_YEAR = 2000;

const periodShape = {
  cycle_type: z.enum(PERIOD_TYPES).default('MONTH'),
  /** the current year and month when not given */
  year: z.coerce.number().int().min(STATISTICS_FIRST_YEAR).max(9999).default(() => new Date().getFullYear()),
  /** 1–12; ignored for a year */
  month: z.coerce.number().int().min(1).max(12).default(() => new Date().getMonth() + 1),
  /** 0 = the whole platform */
  seller_id: z.coerce.number().int().min(0).max(INT_MAX).default(0),
};

/** A chart's query: the period and the shop. */
export const statisticsQuery = z.object(periodShape);
export type StatisticsQuery = z.output<typeof statisticsQuery>;

/** The table behind a chart, paged on the server. */
export const statisticsPageQuery = pageQuery.extend(periodShape);
export type StatisticsPageQuery = z.output<typeof statisticsPageQuery>;

/** DOMAIN §2.21: the category (0 = all, a category covers its subtree) and, for goods sales details, a goods name keyword. */
const goodsFilterShape = {
  category_id: z.coerce.number().int().min(0).max(INT_MAX).default(0),
  goods_name: z.string().trim().max(50).optional(),
};
export const goodsStatisticsQuery = statisticsQuery.extend(goodsFilterShape);
export type GoodsStatisticsQuery = z.output<typeof goodsStatisticsQuery>;
export const goodsStatisticsPageQuery = statisticsPageQuery.extend(goodsFilterShape);
export type GoodsStatisticsPageQuery = z.output<typeof goodsStatisticsPageQuery>;

/**
 * The figures the time reports add up per day or month; `money` ones are yuan with two decimals.
 * `better` is the direction that is good news for the marketplace: a rise in refunds is bad
 * news, however green a rise usually looks.
 */
export const STAT_FIGURES = {
  order_num: { money: false, better: 'up', zh: '下单数量', en: 'Orders' },
  order_amount: { money: true, better: 'up', zh: '下单金额', en: 'Order value' },
  paid_num: { money: false, better: 'up', zh: '付款订单数', en: 'Paid orders' },
  paid_amount: { money: true, better: 'up', zh: '付款金额', en: 'Paid value' },
  refund_num: { money: false, better: 'down', zh: '退款笔数', en: 'Refunds' },
  refund_amount: { money: true, better: 'down', zh: '退款金额', en: 'Refunded' },
  /** money received less money refunded */
  net_amount: { money: true, better: 'up', zh: '净收入', en: 'Net revenue' },
  new_members: { money: false, better: 'up', zh: '新增会员', en: 'New members' },
} as const satisfies Record<string, { money: boolean; better: 'up' | 'down'; zh: string; en: string }>;
export type StatFigure = keyof typeof STAT_FIGURES;

/**
 * A chart's figures per day (month) or month (year), with the same period a year earlier. A
 * bucket is null where there is no figure to draw: a day that has not come yet, or one before
 * the records (of the platform, or of the shop) begin — never a zero that was not counted.
 */
export interface StatSeries {
  figure: StatFigure;
  data: (number | null)[];
  last_year: (number | null)[];
}

/**
 * One figure over the period so far beside the same days of the period before and of the same
 * period last year (see StatComparison), with the change in %.
 */
export interface StatTotal {
  figure: StatFigure;
  current: number;
  /** null for a period that has not begun: nothing to compare */
  last_year: number | null;
  previous: number | null;
  /** % change against last year's period; null when that was 0 or there is none */
  year_on_year: number | null;
  /** % change against the period before; null when that was 0 or there is none */
  period_on_period: number | null;
}

/** Platform days (YYYY-MM-DD), both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * What the totals compare. `ended`: a whole period with whole ones. `current`: the period under
 * way, counted through today, with the same elapsed days of the period before and of last year
 * (1–7 Dec against 1–7 Nov and 1–7 Dec a year earlier). `future`: not begun, nothing compared.
 */
export interface StatComparison {
  state: 'ended' | 'current' | 'future';
  /** the last day counted: the period's end, or today for the current one; null for a future one */
  through: string | null;
  previous: DayRange | null;
  last_year: DayRange | null;
}

export interface StatChart {
  cycle_type: (typeof PERIOD_TYPES)[number];
  /** the x axis: days of the month ('1'…'31') or months of the year ('1'…'12') */
  labels: string[];
  series: StatSeries[];
  totals: StatTotal[];
  comparison: StatComparison;
}

/** A row of a time report's table: the day ('2026-05-03') or month ('2026-05') and its figures. */
export type StatTimeRow = { time: string } & Partial<Record<StatFigure, number>>;

export interface TimeReportSpec {
  permission: RouteName;
  /** the chart endpoints' figures, by endpoint key */
  charts: Record<string, readonly StatFigure[]>;
  /** the table's columns */
  table: readonly StatFigure[];
  /** whether the shop filter applies (new members belong to the platform, not a shop) */
  byShop: boolean;
}

/** The reports that follow a figure over time; each screen of them is the report shell with this spec. */
export const TIME_REPORTS = {
  orders: {
    permission: 'orderStatistics',
    charts: { orderMoney: ['order_amount', 'paid_amount'], orderNum: ['order_num', 'paid_num'] },
    table: ['order_num', 'order_amount', 'paid_num', 'paid_amount'],
    byShop: true,
  },
  salesRevenue: {
    permission: 'salesRevenueStatistics',
    charts: { salesTotal: ['paid_amount', 'refund_amount', 'net_amount'] },
    table: ['paid_num', 'paid_amount', 'refund_num', 'refund_amount', 'net_amount'],
    byShop: true,
  },
  refunds: {
    permission: 'refundStatistics',
    charts: { refundMoney: ['refund_amount'], refundNum: ['refund_num'] },
    table: ['refund_num', 'refund_amount'],
    byShop: true,
  },
  addedMembers: {
    permission: 'addedMember',
    charts: { memberIncrease: ['new_members'] },
    table: ['new_members'],
    byShop: false,
  },
} as const satisfies Record<string, TimeReportSpec>;
export type TimeReport = keyof typeof TIME_REPORTS;
export type TimeChart = { [R in TimeReport]: keyof (typeof TIME_REPORTS)[R]['charts'] }[TimeReport];

const chart = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission, query: statisticsQuery, response: returns<StatChart>() });
const table = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission, query: statisticsPageQuery, response: returns<Page<StatTimeRow>>() });
const tableExport = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'POST', path: `admin/statistics/${path}/export` as `admin/statistics/${P}/export`, permission, body: statisticsPageQuery, response: returns<TaskQueued>() });

/** The paths of DOMAIN §2.21's table (A-api/statistics/*); a table's export is its path + /export. */
export const statisticsEndpoints = defineEndpoints('statistics', {
  orderMoney: chart('order/order/money', 'orderStatistics'),
  orderNum: chart('order/order/num', 'orderStatistics'),
  ordersPage: table('order/order/page', 'orderStatistics'),
  ordersExport: tableExport('order/order/page', 'orderStatistics'),
  salesTotal: chart('order/sales/total', 'salesRevenueStatistics'),
  salesRevenuePage: table('order/sales/money', 'salesRevenueStatistics'),
  salesRevenueExport: tableExport('order/sales/money', 'salesRevenueStatistics'),
  refundMoney: chart('order/return/money', 'refundStatistics'),
  refundNum: chart('order/return/num', 'refundStatistics'),
  refundsPage: table('order/aftersales/money', 'refundStatistics'),
  refundsExport: tableExport('order/aftersales/money', 'refundStatistics'),
  memberIncrease: chart('member/increase/member', 'addedMember'),
  addedMembersPage: table('member/increase/member/page', 'addedMember'),
  addedMembersExport: tableExport('member/increase/member/page', 'addedMember'),
});

/** Each time report's table and export endpoints, by report. */
export const TIME_REPORT_TABLES = {
  orders: { page: statisticsEndpoints.ordersPage, export: statisticsEndpoints.ordersExport },
  salesRevenue: { page: statisticsEndpoints.salesRevenuePage, export: statisticsEndpoints.salesRevenueExport },
  refunds: { page: statisticsEndpoints.refundsPage, export: statisticsEndpoints.refundsExport },
  addedMembers: { page: statisticsEndpoints.addedMembersPage, export: statisticsEndpoints.addedMembersExport },
} as const;

/** The change from `base` to `value` in per cent, two decimals; null when there is no base. */
export function percentChange(value: number, base: number): number | null {
  if (base === 0) return null;
  return Math.round(((value - base) / Math.abs(base)) * 10_000) / 100;
}

// ─── Rankings: the top goods or members of a period ─────────────────────────

/** What a ranking ranks by; money ones are yuan with two decimals. */
export const RANK_FIGURES = {
  sold_num: { money: false, zh: '销量', en: 'Units sold' },
  paid_amount: { money: true, zh: '销售金额', en: 'Sales' },
  order_num: { money: false, zh: '下单数量', en: 'Orders' },
  goods_num: { money: false, zh: '下单商品数', en: 'Items ordered' },
  order_amount: { money: true, zh: '下单金额', en: 'Order value' },
  pv: { money: false, zh: '访问量', en: 'Page views' },
  favorites: { money: false, zh: '收藏数', en: 'Favourites' },
} as const;
export type RankFigure = keyof typeof RANK_FIGURES;

/** The bars of a ranking chart: the top entries by one figure. */
export const RANK_CHART_SIZE = 30;

export interface RankEntry {
  id: number;
  name: string;
  value: number;
}

export interface RankChart {
  figure: RankFigure;
  entries: RankEntry[];
}

/** A row of a ranking table: its place, the goods or member, and every figure of the ranking. */
export type RankRow = { rank: number; id: number; name: string } & Partial<Record<RankFigure, number>>;

export interface RankReportSpec {
  permission: RouteName;
  /** the chart endpoints and the figure each ranks by */
  charts: Record<string, RankFigure>;
  /** the table's figures, the first one its order */
  table: readonly RankFigure[];
  /** what is ranked (the table's name column) */
  subject: 'goods' | 'member' | 'shop';
  /** goods filtered by category and name (goods sales details) */
  goodsFilters?: boolean;
}

export const RANK_REPORTS = {
  hotGoods: { permission: 'hotGoods', charts: { hotMoney: 'paid_amount', hotNum: 'sold_num' }, table: ['paid_amount', 'sold_num'], subject: 'goods' },
  memberOrders: {
    permission: 'orderAmount',
    charts: { memberMoney: 'order_amount', memberOrderQuantity: 'order_num', memberGoodsNum: 'goods_num' },
    table: ['order_amount', 'order_num', 'goods_num'],
    subject: 'member',
  },
  trafficShop: { permission: 'trafficAnalysisShop', charts: { pvShop: 'pv' }, table: ['pv'], subject: 'shop' },
  trafficGoods: { permission: 'trafficAnalysisGoods', charts: { pvGoods: 'pv' }, table: ['pv'], subject: 'goods' },
  goodsSales: {
    permission: 'goodsSalesDetails',
    charts: { goodsSaleDetails: 'paid_amount' },
    table: ['paid_amount', 'sold_num', 'pv'],
    subject: 'goods',
    goodsFilters: true,
  },
  /** favourites buyers made in the period and still hold */
  goodsCollect: { permission: 'goodsCollect', charts: { goodsCollect: 'favorites' }, table: ['favorites'], subject: 'goods' },
} as const satisfies Record<string, RankReportSpec>;
export type RankReport = keyof typeof RANK_REPORTS;
export type RankChartKey = { [R in RankReport]: keyof (typeof RANK_REPORTS)[R]['charts'] }[RankReport];

const rankChart = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission, query: statisticsQuery, response: returns<RankChart>() });
/**
 * A ranking table ranks by its first figure, or by the one its chart shows (`rank_by`, one of the
 * table's figures): the top buyers by order count list the same members the chart draws.
 */
const rankBy = (report: RankReport) => ({ rank_by: z.enum(RANK_REPORTS[report].table).optional() });
const rankTable = <const P extends string, const R extends RouteName>(path: P, permission: R, report: RankReport) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission, query: statisticsPageQuery.extend(rankBy(report)), response: returns<Page<RankRow>>() });
const rankExport = <const P extends string, const R extends RouteName>(path: P, permission: R, report: RankReport) =>
  endpoint({ method: 'POST', path: `admin/statistics/${path}/export` as `admin/statistics/${P}/export`, permission, body: statisticsPageQuery.extend(rankBy(report)), response: returns<TaskQueued>() });
const goodsSalesPageQuery = goodsStatisticsPageQuery.extend(rankBy('goodsSales'));

/** DOMAIN §2.21: goods/hot/money, goods/hot/num; member/order/quantity, …/goods/num, …/money (top buyers). */
export const rankingEndpoints = defineEndpoints('statisticsRankings', {
  hotMoney: rankChart('goods/hot/money', 'hotGoods'),
  hotNum: rankChart('goods/hot/num', 'hotGoods'),
  hotGoodsPage: rankTable('goods/hot/page', 'hotGoods', 'hotGoods'),
  hotGoodsExport: rankExport('goods/hot/page', 'hotGoods', 'hotGoods'),
  memberMoney: rankChart('member/order/money', 'orderAmount'),
  memberOrderQuantity: rankChart('member/order/quantity', 'orderAmount'),
  memberGoodsNum: rankChart('member/order/goods/num', 'orderAmount'),
  memberOrdersPage: rankTable('member/order/page', 'orderAmount', 'memberOrders'),
  memberOrdersExport: rankExport('member/order/page', 'orderAmount', 'memberOrders'),
  pvShop: rankChart('page_view/shop', 'trafficAnalysisShop'),
  trafficShopPage: rankTable('page_view/shop/page', 'trafficAnalysisShop', 'trafficShop'),
  trafficShopExport: rankExport('page_view/shop/page', 'trafficAnalysisShop', 'trafficShop'),
  pvGoods: rankChart('page_view/goods', 'trafficAnalysisGoods'),
  trafficGoodsPage: rankTable('page_view/goods/page', 'trafficAnalysisGoods', 'trafficGoods'),
  trafficGoodsExport: rankExport('page_view/goods/page', 'trafficAnalysisGoods', 'trafficGoods'),
  goodsSaleDetails: endpoint({ method: 'GET', path: 'admin/statistics/goods/sale/details', permission: 'goodsSalesDetails', query: goodsStatisticsQuery, response: returns<RankChart>() }),
  goodsSalesPage: endpoint({ method: 'GET', path: 'admin/statistics/goods/sale/details/page', permission: 'goodsSalesDetails', query: goodsSalesPageQuery, response: returns<Page<RankRow>>() }),
  goodsCollect: rankChart('goods/collect', 'goodsCollect'),
  goodsCollectPage: rankTable('goods/collect/page', 'goodsCollect', 'goodsCollect'),
  goodsCollectExport: rankExport('goods/collect/page', 'goodsCollect', 'goodsCollect'),
  goodsSalesExport: endpoint({ method: 'POST', path: 'admin/statistics/goods/sale/details/page/export', permission: 'goodsSalesDetails', body: goodsSalesPageQuery, response: returns<TaskQueued>() }),
});

export const RANK_REPORT_TABLES = {
  hotGoods: { page: rankingEndpoints.hotGoodsPage, export: rankingEndpoints.hotGoodsExport },
  memberOrders: { page: rankingEndpoints.memberOrdersPage, export: rankingEndpoints.memberOrdersExport },
  trafficShop: { page: rankingEndpoints.trafficShopPage, export: rankingEndpoints.trafficShopExport },
  trafficGoods: { page: rankingEndpoints.trafficGoodsPage, export: rankingEndpoints.trafficGoodsExport },
  goodsSales: { page: rankingEndpoints.goodsSalesPage, export: rankingEndpoints.goodsSalesExport },
  goodsCollect: { page: rankingEndpoints.goodsCollectPage, export: rankingEndpoints.goodsCollectExport },
} as const;

// ─── Price bands: orders by their value in whole-yuan bands ─────────────────

/** The band edges a band report starts with, in whole yuan: [0, 100), [100, 500) … and 5000 or more. */
export const DEFAULT_PRICE_BAND_EDGES = [0, 100, 500, 1000, 2000, 5000] as const;
/** The highest edge a band may have (yuan). */
export const PRICE_BAND_EDGE_MAX = 10_000_000;

/**
 * The bands' edges (the price range picker's ranges, each starting where the one before ends), in
 * whole yuan: the rollups count orders per whole yuan of their value, so a band of whole yuan is
 * exact. Given as repeated `prices` or one comma-separated list; ascending; 2 to 11 of them.
 */
const pricesShape = {
  prices: z
    .preprocess(
      (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : String(value).split(',')),
      z
        .array(z.coerce.number().int(MSG.priceRangeInvalid).min(0, MSG.priceRangeInvalid).max(PRICE_BAND_EDGE_MAX, MSG.priceRangeInvalid))
        .min(2, MSG.priceRangeInvalid)
        .max(PRICE_RANGES_MAX + 1, MSG.priceRangeTooLong)
        .refine((edges) => edges.every((edge, i) => i === 0 || edge > edges[i - 1]), MSG.priceRangeInvalid)
        .optional(),
    )
    .transform((edges) => edges ?? [...DEFAULT_PRICE_BAND_EDGES]),
};

export const priceBandQuery = statisticsQuery.extend(pricesShape);
export type PriceBandQuery = z.output<typeof priceBandQuery>;
export const priceBandPageQuery = statisticsPageQuery.extend(pricesShape);
export type PriceBandPageQuery = z.output<typeof priceBandPageQuery>;

/** The picker's ranges as band edges, and back. */
export const edgesOfRanges = (ranges: readonly PriceRange[]): number[] => (ranges.length ? [ranges[0][0], ...ranges.map(([, high]) => high)] : []);
export const rangesOfEdges = (edges: readonly number[]): PriceRange[] => edges.slice(1).map((high, i): PriceRange => [edges[i], high]);

/**
 * One band: orders whose value is at least `low` and below `high` yuan (`high` null: `low` or
 * more), their count and value, and their share of all the period's orders in per cent.
 */
export type PriceBandRow = { low: number; high: number | null; share: number } & Partial<Record<StatFigure, number>>;

export interface PriceBandChart {
  bands: PriceBandRow[];
}

export interface BandReportSpec {
  permission: RouteName;
  /** the order count and the money of a band */
  figures: readonly [StatFigure, StatFigure];
}

/**
 * priceSales: paid orders by value, counted on the day paid (price-band sales);
 * orderValue: placed orders by value, on the day placed (order value distribution, with the hour of day).
 */
export const BAND_REPORTS = {
  priceSales: { permission: 'priceSales', figures: ['paid_num', 'paid_amount'] },
  orderValue: { permission: 'customerPriceDistribution', figures: ['order_num', 'order_amount'] },
} as const satisfies Record<string, BandReportSpec>;
export type BandReport = keyof typeof BAND_REPORTS;

/** Placed orders per hour of the day (0–23, platform time) over the period. */
export interface HourChart {
  hours: { hour: number; order_num: number; order_amount: number }[];
}

const bandChart = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission, query: priceBandQuery, response: returns<PriceBandChart>() });
const bandTable = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission, query: priceBandPageQuery, response: returns<Page<PriceBandRow>>() });
const bandExport = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'POST', path: `admin/statistics/${path}/export` as `admin/statistics/${P}/export`, permission, body: priceBandPageQuery, response: returns<TaskQueued>() });

/** DOMAIN §2.21: goods/price/sales?prices[], order/unit/price?prices[], order/unit/time. */
export const priceBandEndpoints = defineEndpoints('statisticsBands', {
  priceSales: bandChart('goods/price/sales', 'priceSales'),
  priceSalesPage: bandTable('goods/price/sales/page', 'priceSales'),
  priceSalesExport: bandExport('goods/price/sales/page', 'priceSales'),
  unitPrice: bandChart('order/unit/price', 'customerPriceDistribution'),
  unitPricePage: bandTable('order/unit/price/page', 'customerPriceDistribution'),
  unitPriceExport: bandExport('order/unit/price/page', 'customerPriceDistribution'),
  unitTime: endpoint({ method: 'GET', path: 'admin/statistics/order/unit/time', permission: 'customerPriceDistribution', query: statisticsQuery, response: returns<HourChart>() }),
});

export const BAND_REPORT_ENDPOINTS = {
  priceSales: { chart: priceBandEndpoints.priceSales, page: priceBandEndpoints.priceSalesPage, export: priceBandEndpoints.priceSalesExport },
  orderValue: { chart: priceBandEndpoints.unitPrice, page: priceBandEndpoints.unitPricePage, export: priceBandEndpoints.unitPriceExport },
} as const;

// ─── Page views: what the buyer site reports ────────────────────────────────

export const PAGE_VIEW_TARGETS = ['SHOP', 'GOODS'] as const;
/** A visitor's views of one shop or goods page within this many minutes count once. */
export const PAGE_VIEW_REPEAT_MINUTES = 30;
/** At most this many views counted per client address a minute: a script rotating visitor ids cannot inflate the figures. */
export const PAGE_VIEW_IP_PER_MINUTE = 60;

/** POST page-views: the buyer site reports a shop or goods page shown to a visitor (its cookie id). */
export const pageViewBody = z.object({
  target_type: z.enum(PAGE_VIEW_TARGETS),
  target_id: idOf(),
  visitor_id: z.string().trim().min(8).max(64).regex(/^[\w-]+$/),
});

export const pageViewEndpoints = defineEndpoints('pageViews', {
  record: endpoint({ method: 'POST', path: 'base/page-views', permission: 'public', body: pageViewBody, response: returns<{ counted: boolean }>() }),
});

// ─── Industry: paid orders by category ──────────────────────────────────────

/**
 * The figures of a category row, each named for what it counts: the industry reports read paid
 * orders (on the day paid), so their count is of paid orders and their money what was paid;
 * `share` is the category's per cent of the period's paid value, not of the order count.
 * Money ones are yuan with two decimals.
 */
export const CATEGORY_FIGURES = {
  order_num: { money: false, zh: '付款订单数', en: 'Paid orders' },
  sold_num: { money: false, zh: '售出件数', en: 'Units sold' },
  paid_amount: { money: true, zh: '付款金额', en: 'Paid value' },
  share: { money: false, zh: '付款金额占比（%）', en: 'Share of paid value (%)' },
  avg_price: { money: true, zh: '平均价格', en: 'Average price' },
  goods_with_sales: { money: false, zh: '有销量商品数', en: 'Goods with sales' },
  goods_without_sales: { money: false, zh: '无销量商品数', en: 'Goods without sales' },
} as const;
export type CategoryFigure = keyof typeof CATEGORY_FIGURES;

/** The figures that count goods (a pass over the goods table): only the reports that show them carry them. */
export const GOODS_COUNT_FIGURES = ['goods_with_sales', 'goods_without_sales'] as const satisfies readonly CategoryFigure[];
type GoodsCountFigure = (typeof GOODS_COUNT_FIGURES)[number];

/**
 * A category of the report (the children of the chosen category, or the top level for 0; a
 * category without children stands for itself) with its whole subtree's paid orders in the period,
 * and its goods with and without sales where the report shows them.
 */
export type CategoryRow = { id: number; name: string } & Record<Exclude<CategoryFigure, GoodsCountFigure>, number> & Partial<Record<GoodsCountFigure, number>>;

/** The categories along the x axis (or the slices) and one value per category for each figure. */
export interface CategoryChart {
  categories: { id: number; name: string }[];
  series: { figure: CategoryFigure; data: number[] }[];
}

export interface CategoryReportSpec {
  permission: RouteName;
  /** the chart endpoints and the figures each draws; one figure is a pie of its shares, more are stacked bars */
  charts: Record<string, readonly CategoryFigure[]>;
  table: readonly CategoryFigure[];
}

export const CATEGORY_REPORTS = {
  industryScale: {
    permission: 'industryScale',
    charts: { industryOrderQuantity: ['order_num'], industryGoodsNum: ['sold_num'], industryOrderMoney: ['paid_amount'] },
    table: ['order_num', 'sold_num', 'paid_amount', 'share'],
  },
  generalityOverview: {
    permission: 'generalityOverview',
    charts: { industryOverviewChart: ['goods_with_sales', 'goods_without_sales'] },
    table: ['avg_price', 'goods_with_sales', 'goods_without_sales', 'sold_num', 'paid_amount'],
  },
} as const satisfies Record<string, CategoryReportSpec>;
export type CategoryReport = keyof typeof CATEGORY_REPORTS;
export type CategoryChartKey = { [R in CategoryReport]: keyof (typeof CATEGORY_REPORTS)[R]['charts'] }[CategoryReport];

/** The period, the shop and the category (0 = the top level). */
export const categoryReportQuery = statisticsQuery.extend({ category_id: goodsFilterShape.category_id });
export type CategoryReportQuery = z.output<typeof categoryReportQuery>;
export const categoryReportPageQuery = statisticsPageQuery.extend({ category_id: goodsFilterShape.category_id });
export type CategoryReportPageQuery = z.output<typeof categoryReportPageQuery>;

const categoryChart = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission, query: categoryReportQuery, response: returns<CategoryChart>() });
const categoryTable = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission, query: categoryReportPageQuery, response: returns<Page<CategoryRow>>() });
const categoryExport = <const P extends string, const R extends RouteName>(path: P, permission: R) =>
  endpoint({ method: 'POST', path: `admin/statistics/${path}/export` as `admin/statistics/${P}/export`, permission, body: categoryReportPageQuery, response: returns<TaskQueued>() });

/** DOMAIN §2.21: industry/order/quantity, industry/goods/num, industry/order/money; industry/overview. */
export const industryEndpoints = defineEndpoints('statisticsIndustry', {
  industryOrderQuantity: categoryChart('industry/order/quantity', 'industryScale'),
  industryGoodsNum: categoryChart('industry/goods/num', 'industryScale'),
  industryOrderMoney: categoryChart('industry/order/money', 'industryScale'),
  industryScalePage: categoryTable('industry/scale/page', 'industryScale'),
  industryScaleExport: categoryExport('industry/scale/page', 'industryScale'),
  industryOverviewChart: categoryChart('industry/overview/chart', 'generalityOverview'),
  industryOverviewPage: categoryTable('industry/overview', 'generalityOverview'),
  industryOverviewExport: categoryExport('industry/overview', 'generalityOverview'),
});

export const CATEGORY_REPORT_TABLES = {
  industryScale: { page: industryEndpoints.industryScalePage, export: industryEndpoints.industryScaleExport },
  generalityOverview: { page: industryEndpoints.industryOverviewPage, export: industryEndpoints.industryOverviewExport },
} as const;

// ─── Regions: placed orders by the ship-to province ─────────────────────────

/** The figures of a province: orders placed there, their value (yuan) and the distinct buyers. */
export const REGION_FIGURES = {
  order_num: { money: false, zh: '下单数量', en: 'Orders' },
  order_amount: { money: true, zh: '下单金额', en: 'Order value' },
  member_num: { money: false, zh: '下单会员数', en: 'Buyers' },
} as const;
export type RegionFigure = keyof typeof REGION_FIGURES;

/** A province-level region (its id is its administrative code, as the map's) with its period's figures. */
export type RegionRow = { id: number; name: string } & Record<RegionFigure, number>;

/** Every province-level region with one figure, zero where nothing was ordered. */
export interface RegionChart {
  figure: RegionFigure;
  provinces: { id: number; name: string; value: number }[];
}

/** The map's figure by chart endpoint. */
export const REGION_CHARTS = { regionMember: 'member_num', regionNum: 'order_num', regionMoney: 'order_amount' } as const satisfies Record<string, RegionFigure>;
export type RegionChartKey = keyof typeof REGION_CHARTS;

const regionChart = <const P extends string>(path: P) =>
  endpoint({ method: 'GET', path: `admin/statistics/${path}` as `admin/statistics/${P}`, permission: 'regionalAnalysis', query: statisticsQuery, response: returns<RegionChart>() });

/** DOMAIN §2.21: order/region/member, …/num, …/money (China map), …/form (the table). */
export const regionReportEndpoints = defineEndpoints('statisticsRegions', {
  regionMember: regionChart('order/region/member'),
  regionNum: regionChart('order/region/num'),
  regionMoney: regionChart('order/region/money'),
  regionPage: endpoint({ method: 'GET', path: 'admin/statistics/order/region/form', permission: 'regionalAnalysis', query: statisticsPageQuery, response: returns<Page<RegionRow>>() }),
  regionExport: tableExport('order/region/form', 'regionalAnalysis'),
});
