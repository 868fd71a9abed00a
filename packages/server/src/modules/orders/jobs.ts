/**
 * The order list's export and the order timeouts (DOMAIN §1.6) as scheduled tasks: each tick
 * moves the orders whose delay (the order settings) has passed through the state machine.
 */
import { eq } from 'drizzle-orm';
import { CLIENT_TYPES, ORDER_TAGS, ORDER_TYPES, PAY_STATUS, PAYMENT_TYPES, SERVICE_STATUS, SHIP_STATUS, orderListQuery, type OrderListQuery, type OrderRow } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { registerScheduledTask } from '../../platform/scheduler.js';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { exportJob } from '../../platform/xlsx-export.js';
import { shops } from '../shops/tables.js';
import { countOrders, orderBatches, runTimeouts, type TimeoutKind } from './service.js';
import { TEST_MODE_TICK_SECONDS, readTestMode } from './timing.js';
import { expireComplaintWindows } from '../sale/complaints.js';

// ─── Export ─────────────────────────────────────────────────────────────────

const time = (seconds: number | null) => (seconds === null ? '' : platformDateTime(fromUnixSeconds(seconds)));

/** The list's filters in words: 关键字：手机；状态：待发货；按下单时间降序. */
async function describeOrderQuery(ctx: AppContext, query: OrderListQuery): Promise<string> {
  const parts: string[] = [];
  if (query.keyword) parts.push(`关键字：${query.keyword}`);
  if (query.order_sn) parts.push(`订单编号：${query.order_sn}`);
  if (query.ship_name) parts.push(`收货人：${query.ship_name}`);
  if (query.goods_name) parts.push(`商品名称：${query.goods_name}`);
  if (query.seller_id !== undefined) {
    const [shop] = await ctx.db.select({ name: shops.shopName }).from(shops).where(eq(shops.id, query.seller_id));
    parts.push(`店铺：${shop?.name ?? `#${query.seller_id}`}`);
  }
  if (query.member_id !== undefined) parts.push(`会员ID：${query.member_id}`);
  if (query.order_status) parts.push(`订单状态：${ORDER_TAGS[query.order_status].zh}`);
  if (query.payment_type) parts.push(`支付方式：${PAYMENT_TYPES[query.payment_type].zh}`);
  if (query.client_type) parts.push(`订单来源：${CLIENT_TYPES[query.client_type].zh}`);
  if (query.order_type) parts.push(`订单类型：${ORDER_TYPES[query.order_type].zh}`);
  if (query.start_time !== undefined || query.end_time !== undefined) {
    const day = (seconds: number | undefined) => (seconds === undefined ? '' : time(seconds).slice(0, 10));
    parts.push(`下单时间：${day(query.start_time)} ~ ${day(query.end_time)}`);
  }
  parts.push(`按下单时间${query.order === 'asc' ? '升序' : '降序'}`);
  return (parts.length === 1 ? ['全部订单', ...parts] : parts).join('；');
}

export const orderExport = exportJob<OrderListQuery, OrderRow>('order.export', {
  title: { zh: '订单列表', en: 'Orders' },
  params: orderListQuery,
  columns: [
    { header: { zh: '订单编号', en: 'Order no.' }, value: (row) => row.sn, width: 22 },
    { header: { zh: '下单时间', en: 'Created' }, value: (row) => time(row.create_time), width: 20 },
    { header: { zh: '订单总额(元)', en: 'Total (yuan)' }, value: (row) => row.order_amount, width: 12 },
    { header: { zh: '应付金额(元)', en: 'Due (yuan)' }, value: (row) => row.need_pay_money, width: 12 },
    { header: { zh: '收货人', en: 'Consignee' }, value: (row) => row.ship_name },
    { header: { zh: '会员', en: 'Member' }, value: (row) => row.member_name },
    { header: { zh: '店铺', en: 'Shop' }, value: (row) => row.shop_name, width: 20 },
    { header: { zh: '订单状态', en: 'Status' }, value: (row) => row.order_status_text, width: 10 },
    { header: { zh: '付款状态', en: 'Payment' }, value: (row) => PAY_STATUS[row.pay_status].zh, width: 10 },
    { header: { zh: '发货状态', en: 'Shipping' }, value: (row) => SHIP_STATUS[row.ship_status].zh, width: 10 },
    { header: { zh: '售后状态', en: 'After-sales' }, value: (row) => SERVICE_STATUS[row.service_status].zh, width: 10 },
    { header: { zh: '支付方式', en: 'Payment type' }, value: (row) => PAYMENT_TYPES[row.payment_type].zh, width: 10 },
    { header: { zh: '订单来源', en: 'Source' }, value: (row) => CLIENT_TYPES[row.client_type].zh, width: 10 },
  ],
  describe: (ctx, query) => describeOrderQuery(ctx, query),
  count: countOrders,
  batches: orderBatches,
});

// ─── Timeouts ───────────────────────────────────────────────────────────────

/** In test mode a day lasts a second (timing.ts): the day-count tasks then run every few seconds. */
const testModeHurry = async (ctx: AppContext) => ((await readTestMode(ctx)) ? TEST_MODE_TICK_SECONDS : null);

const TIMEOUT_TASKS: [name: string, kind: TimeoutKind, everyMinutes: number, word: string][] = [
  ['orders.auto-cancel', 'cancel', 5, '超时未付款取消'],
  ['orders.auto-rog', 'rog', 30, '自动确认收货'],
  ['orders.cod-auto-pay', 'codPay', 30, '货到付款自动收款'],
  ['orders.auto-complete', 'complete', 30, '自动完成'],
  ['orders.service-expiry', 'serviceExpiry', 60, '售后失效'],
  ['orders.auto-review', 'autoReview', 60, '自动好评'],
];

for (const [name, kind, everyMinutes, word] of TIMEOUT_TASKS) {
  registerScheduledTask(name, {
    schedule: { everyMinutes },
    hurry: testModeHurry,
    async run(ctx, now) {
      return `${word} ${await runTimeouts(ctx, kind, now)} 单`;
    },
  });
}

// the complaint window of completed orders' lines (DOMAIN §1.6 complain_expired_day)
registerScheduledTask('orders.complaint-expiry', {
  schedule: { everyMinutes: 60 },
  hurry: testModeHurry,
  async run(ctx, now) {
    return `投诉失效 ${await expireComplaintWindows(ctx, now)} 件商品`;
  },
});
