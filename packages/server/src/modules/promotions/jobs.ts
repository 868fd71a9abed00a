/**
 * The exchange order list's export (the points mall); group buys whose window is over fail their
 * groups still forming (DOMAIN §2.18); sign-in activities follow the clock (§2.19).
 */
import { ORDER_TAGS, exchangeOrderQuery, type ExchangeOrderQuery, type OrderRow } from '@agora/contract';
import { registerScheduledTask } from '../../platform/scheduler.js';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { exportJob } from '../../platform/xlsx-export.js';
import { countOrders, orderBatches } from '../orders/service.js';
import { exchangeOrderFilter } from './exchange-orders.js';
import { failEndedGroups } from './pintuans.js';
import { advanceSignStatuses } from './sign-in.js';

registerScheduledTask('promotions.pintuan-unformed', {
  schedule: { everyMinutes: 10 },
  async run(ctx, now) {
    return `拼团未成团 ${await failEndedGroups(ctx, now)} 个`;
  },
});

registerScheduledTask('promotions.sign-status', {
  schedule: { everyMinutes: 1 },
  async run(ctx, now) {
    return advanceSignStatuses(ctx, now);
  },
});

const time = (seconds: number) => platformDateTime(fromUnixSeconds(seconds));

/** The list's filters in words: 订单编号或会员：zhang；订单状态：待发货；按下单时间降序. */
function describeExchangeOrders(query: ExchangeOrderQuery): string {
  const parts: string[] = [];
  if (query.keyword) parts.push(`订单编号或会员：${query.keyword}`);
  if (query.order_status) parts.push(`订单状态：${ORDER_TAGS[query.order_status].zh}`);
  if (query.start_time !== undefined || query.end_time !== undefined) {
    const day = (seconds: number | undefined) => (seconds === undefined ? '' : time(seconds).slice(0, 10));
    parts.push(`下单时间：${day(query.start_time)} ~ ${day(query.end_time)}`);
  }
  parts.push(`按下单时间${query.order === 'asc' ? '升序' : '降序'}`);
  return (parts.length === 1 ? ['全部兑换订单', ...parts] : parts).join('；');
}

export const exchangeOrderExport = exportJob<ExchangeOrderQuery, OrderRow>('exchange-order.export', {
  title: { zh: '兑换订单', en: 'Exchange orders' },
  params: exchangeOrderQuery,
  columns: [
    { header: { zh: '订单编号', en: 'Order no.' }, value: (row) => row.sn, width: 22 },
    { header: { zh: '下单时间', en: 'Created' }, value: (row) => time(row.create_time), width: 20 },
    { header: { zh: '会员', en: 'Member' }, value: (row) => row.member_name },
    { header: { zh: '兑换商品', en: 'Goods' }, value: (row) => row.goods_names, width: 30 },
    { header: { zh: '积分', en: 'Points' }, value: (row) => row.point, width: 10 },
    { header: { zh: '现金部分(元)', en: 'Cash part (yuan)' }, value: (row) => row.order_amount, width: 14 },
    { header: { zh: '订单状态', en: 'Status' }, value: (row) => row.order_status_text, width: 10 },
    { header: { zh: '店铺', en: 'Shop' }, value: (row) => row.shop_name, width: 20 },
  ],
  describe: async (_ctx, query) => describeExchangeOrders(query),
  count: (ctx, query) => countOrders(ctx, exchangeOrderFilter(query)),
  batches: (ctx, query, size) => orderBatches(ctx, exchangeOrderFilter(query), size),
});
