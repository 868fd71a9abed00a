/**
 * The demo's after-sales (DOMAIN §2.5, §2.6), written after the orders and consistent with them:
 * returns, exchanges and resends on received orders in AFTER_SERVICE, order cancels on paid
 * orders not yet shipped (which then wait in AFTER_SERVICE, or end CANCELLED and refunded), and
 * finished services on some completed orders. Every service walks a path of the after-sale flow
 * (modules/aftersales/flow.ts) from APPLY, one log row per step; refunds exist from the seller's
 * stock-in on, in both ways, and the pre-deposit ones are on the members' ledgers.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ServiceStatus, ServiceType } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { SERVICE_ACTIONS, SERVICE_FLOWS, type ServiceAction } from '../../modules/aftersales/flow.js';
import { afterSaleItems, afterSaleLogs, afterSalePictures, afterSales, refunds } from '../../modules/aftersales/tables.js';
import { memberLedger, members } from '../../modules/members/tables.js';
import { orderItems, orderLogs, orders, payments } from '../../modules/orders/tables.js';
import { serviceItemOf } from '../../modules/aftersales/service-items.js';
import { bulkInsert } from './bulk.js';
import { Random } from './random.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Step = [action: ServiceAction, to: ServiceStatus];

/** The shortest path of the flow from APPLY to `target` (BFS), or undefined when none leads there. */
export function pathTo(type: ServiceType, target: ServiceStatus): Step[] | undefined {
  const flow = SERVICE_FLOWS[type];
  const seen = new Map<ServiceStatus, Step[]>([['APPLY', []]]);
  const queue: ServiceStatus[] = ['APPLY'];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === target) return seen.get(at);
    for (const [action, targets] of Object.entries(flow[at] ?? {}) as [ServiceAction, readonly ServiceStatus[]][]) {
      for (const to of targets) {
        if (seen.has(to)) continue;
        seen.set(to, [...seen.get(at)!, [action, to]]);
        queue.push(to);
      }
    }
  }
  return undefined;
}

type WayKind = 'ORIGINAL' | 'BALANCE' | 'OFFLINE' | 'ACCOUNT';

/** Where a service ends in the demo, and how its money goes back. */
interface Plan {
  type: ServiceType;
  status: ServiceStatus;
  way: WayKind;
}

const REASONS: Record<ServiceType, string[]> = {
  RETURN_GOODS: ['商品质量问题', '商品与描述不符', '尺码不合适', '七天无理由退货'],
  CHANGE_GOODS: ['尺码不合适', '颜色发错', '商品有瑕疵'],
  SUPPLY_AGAIN_GOODS: ['少发漏发', '配件缺失'],
  ORDER_CANCEL: ['不想要了', '拍错了', '商家发货太慢'],
};
const REFUSALS = ['商品已使用，影响二次销售', '超出七天无理由退货期限', '凭证照片无法证明商品问题'];
const COURIERS = ['顺丰速运', '圆通速递', '中通快递'];
const FAILURES = ['原支付账户已注销', '支付渠道退款超时'];

function stepMessage(type: ServiceType, [action, to]: Step, way: WayKind, extra: { courier: string; refusal: string; failure: string }): string {
  switch (action) {
    case 'PASS':
      if (type === 'SUPPLY_AGAIN_GOODS') return to === 'COMPLETED' ? '商家审核通过，补发订单已创建' : '商家审核通过，补发订单创建失败';
      return '商家审核通过';
    case 'REFUSE':
      return `商家审核未通过：${extra.refusal}`;
    case 'SHIP_BACK':
      return `买家已退还商品（${extra.courier}）`;
    case 'STOCK_IN':
      if (type === 'CHANGE_GOODS') return to === 'COMPLETED' ? '商家已入库，换货订单已创建' : '商家已入库，换货订单创建失败';
      return type === 'ORDER_CANCEL' ? '商家同意取消订单' : '商家已将退货商品入库';
    case 'REFUND':
      if (to === 'COMPLETED') return '商家已退款，款项已退回买家预存款';
      if (to === 'REFUNDING') return '商家已同意退款，等待原路退回';
      return way === 'BALANCE' ? '退回预存款失败，等待平台进行人工退款处理' : '商家已同意退款，等待平台进行人工退款处理';
    case 'REFUND_RESULT':
      return to === 'COMPLETED' ? '原路退款成功' : `原路退款失败：${extra.failure}`;
    case 'CREATE_ORDER':
      return to === 'COMPLETED' ? '商家重新创建新订单成功' : '商家重新创建新订单失败';
    case 'CLOSE':
      return '商家关闭售后服务单';
    case 'ADMIN_REFUND':
      return '已成功将退款退还给买家';
  }
}

/** The refund's state for a service in `status` that has one (from the stock-in on). */
function refundStatusOf(status: ServiceStatus, way: WayKind): string {
  if (status === 'COMPLETED') return 'COMPLETED';
  if (status === 'REFUNDFAIL') return 'REFUNDFAIL';
  if (status === 'REFUNDING') return 'REFUNDING';
  if (status === 'WAIT_FOR_MANUAL') return way === 'BALANCE' ? 'REFUNDING' : 'APPLY';
  return 'APPLY';
}

const OPEN_ON_RECEIVED: [ServiceType, ServiceStatus, WayKind, number][] = [
  ['RETURN_GOODS', 'APPLY', 'ORIGINAL', 14],
  ['RETURN_GOODS', 'PASS', 'ORIGINAL', 6],
  ['RETURN_GOODS', 'FULL_COURIER', 'ORIGINAL', 6],
  ['RETURN_GOODS', 'STOCK_IN', 'BALANCE', 5],
  ['RETURN_GOODS', 'REFUNDING', 'ORIGINAL', 5],
  ['RETURN_GOODS', 'WAIT_FOR_MANUAL', 'BALANCE', 8],
  ['RETURN_GOODS', 'WAIT_FOR_MANUAL', 'OFFLINE', 5],
  ['RETURN_GOODS', 'WAIT_FOR_MANUAL', 'ACCOUNT', 4],
  ['RETURN_GOODS', 'REFUNDFAIL', 'ORIGINAL', 3],
  ['CHANGE_GOODS', 'APPLY', 'ORIGINAL', 6],
  ['CHANGE_GOODS', 'PASS', 'ORIGINAL', 4],
  ['CHANGE_GOODS', 'FULL_COURIER', 'ORIGINAL', 4],
  ['CHANGE_GOODS', 'ERROR_EXCEPTION', 'ORIGINAL', 3],
  ['SUPPLY_AGAIN_GOODS', 'APPLY', 'ORIGINAL', 5],
  ['SUPPLY_AGAIN_GOODS', 'ERROR_EXCEPTION', 'ORIGINAL', 2],
];

const ON_PAID: [ServiceStatus, WayKind, number][] = [
  ['WAIT_FOR_MANUAL', 'BALANCE', 3],
  ['COMPLETED', 'BALANCE', 3],
  ['APPLY', 'ORIGINAL', 5],
  ['REFUNDING', 'ORIGINAL', 2],
  ['COMPLETED', 'ORIGINAL', 2],
  ['STOCK_IN', 'ORIGINAL', 2],
  ['REFUSE', 'ORIGINAL', 2],
  ['WAIT_FOR_MANUAL', 'OFFLINE', 2],
  ['PASS', 'ORIGINAL', 2],
];

const ON_COMPLETE: [ServiceType, ServiceStatus, WayKind, number][] = [
  ['RETURN_GOODS', 'COMPLETED', 'BALANCE', 6],
  ['RETURN_GOODS', 'COMPLETED', 'ORIGINAL', 6],
  ['RETURN_GOODS', 'REFUSE', 'ORIGINAL', 4],
  ['CHANGE_GOODS', 'COMPLETED', 'ORIGINAL', 3],
  ['CHANGE_GOODS', 'CLOSED', 'ORIGINAL', 1],
  ['SUPPLY_AGAIN_GOODS', 'COMPLETED', 'ORIGINAL', 2],
  ['SUPPLY_AGAIN_GOODS', 'REFUSE', 'ORIGINAL', 1],
];

/** The i-th plan of a table, cycling through it by weight so every entry shows even in a small demo. */
function cycle<T extends unknown[]>(table: T[], i: number): T {
  if (i < table.length) return table[i];
  const total = table.reduce((sum, entry) => sum + (entry[entry.length - 1] as number), 0);
  // a prime step (above any total) visits every weight unit before repeating
  let roll = (i * 7919) % total;
  for (const entry of table) {
    roll -= entry[entry.length - 1] as number;
    if (roll < 0) return entry;
  }
  return table[0];
}

const CHUNK = 2000;

/**
 * `drawnMax`: the last order id drawn at random (the showcase orders after it are left alone).
 * Returns how many services were written.
 */
export async function seedAfterSales(ctx: AppContext, now: Date, drawnMax: number): Promise<number> {
  const random = new Random(20_512);
  const orderColumns = {
    id: orders.id,
    sn: orders.sn,
    status: orders.status,
    shopId: orders.shopId,
    shopName: orders.shopName,
    memberId: orders.memberId,
    memberName: orders.memberName,
    paymentType: orders.paymentType,
    balanceCents: orders.balanceCents,
    needPayCents: orders.needPayCents,
    paidAt: orders.paidAt,
    rogAt: orders.rogAt,
    completedAt: orders.completedAt,
    shipName: orders.shipName,
    shipMobile: orders.shipMobile,
    shipAddress: orders.shipAddress,
  };
  const [received, paid, complete] = await Promise.all([
    ctx.db.select(orderColumns).from(orders).where(and(eq(orders.status, 'AFTER_SERVICE'), lte(orders.id, drawnMax))).orderBy(asc(orders.id)),
    ctx.db
      .select(orderColumns)
      .from(orders)
      .where(and(inArray(orders.status, ['PAID_OFF', 'SHIPPED']), eq(orders.orderType, 'NORMAL'), eq(orders.paymentType, 'ONLINE'), sql`${orders.id} % 2 = 0`, lte(orders.id, drawnMax)))
      .orderBy(asc(orders.id)),
    ctx.db
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.status, 'COMPLETE'), eq(orders.paymentType, 'ONLINE'), sql`${orders.id} % 40 = 0`, lte(orders.id, drawnMax)))
      .orderBy(asc(orders.id)),
  ]);
  type OrderRow = (typeof received)[number];
  const jobs: { order: OrderRow; plan: Plan; start: Date }[] = [];
  // An application some time after what it follows (payment, receipt), never later than halfway
  // from there to now: a recent order's service is applied for in the past, after the order.
  const after = (from: Date | null, delayMs: number) => {
    const base = (from ?? now).getTime();
    return new Date(base + Math.max(0, Math.min(delayMs, (now.getTime() - base) / 2)));
  };
  received.forEach((order, i) => {
    const [type, status, way] = cycle(OPEN_ON_RECEIVED, i);
    const start = after(order.rogAt ?? order.paidAt, DAY_MS);
    jobs.push({ order, plan: { type, status, way: order.paymentType === 'COD' && way === 'ORIGINAL' ? 'OFFLINE' : way }, start });
  });
  paid.forEach((order, i) => {
    const [status, way] = cycle(ON_PAID, i);
    const start = after(order.paidAt, random.int(10, 120) * 60_000);
    jobs.push({ order, plan: { type: 'ORDER_CANCEL', status, way }, start });
  });
  complete.forEach((order, i) => {
    const [type, status, way] = cycle(ON_COMPLETE, i);
    const start = after(order.rogAt ?? order.completedAt, 2 * DAY_MS);
    jobs.push({ order, plan: { type, status, way }, start });
  });
  if (jobs.length === 0) return 0;

  const [{ next }] = (await ctx.db.execute(sql`select coalesce(max(id), 0) + 1 as next from ${afterSales}`)).rows as { next: number }[];
  let serviceId = Number(next);
  const balances = new Map<number, number>();
  const memberIds = [...new Set(jobs.filter((job) => job.plan.way === 'BALANCE' && job.plan.status === 'COMPLETED').map((job) => job.order.memberId))];
  for (let i = 0; i < memberIds.length; i += 5000) {
    const rows = await ctx.db.select({ id: members.id, balance: members.balanceCents }).from(members).where(inArray(members.id, memberIds.slice(i, i + 5000)));
    for (const row of rows) balances.set(row.id, row.balance);
  }

  for (let from = 0; from < jobs.length; from += CHUNK) {
    const chunk = jobs.slice(from, from + CHUNK);
    const items = await ctx.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, chunk.map((job) => job.order.id)))
      .orderBy(asc(orderItems.id));
    const itemsOf = new Map<number, typeof items>();
    for (const item of items) itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);

    const serviceRows: (typeof afterSales.$inferInsert)[] = [];
    const lineRows: (typeof afterSaleItems.$inferInsert)[] = [];
    const pictureRows: (typeof afterSalePictures.$inferInsert)[] = [];
    const logRows: (typeof afterSaleLogs.$inferInsert)[] = [];
    const refundRows: (typeof refunds.$inferInsert)[] = [];
    const ledgerRows: (typeof memberLedger.$inferInsert)[] = [];
    const orderLogRows: (typeof orderLogs.$inferInsert)[] = [];
    const itemStatus = new Map<string, number[]>();
    const toAfterService: number[] = [];
    const cancelled: { id: number; at: Date }[] = [];

    for (const { order, plan, start } of chunk) {
      const id = serviceId++;
      const path = pathTo(plan.type, plan.status);
      if (!path) throw new Error(`no after-sale path to ${plan.status} for ${plan.type}`);
      const orderLines = itemsOf.get(order.id) ?? [];
      if (orderLines.length === 0) continue;
      const lines = plan.type === 'ORDER_CANCEL' ? orderLines : orderLines.slice(0, 1 + (id % Math.min(2, orderLines.length)));
      const returned = lines.map((line) => ({ line, num: plan.type === 'ORDER_CANCEL' || id % 3 !== 0 ? line.num : 1 }));
      const paidTotal = order.needPayCents + order.balanceCents;
      const asked = Math.min(paidTotal, plan.type === 'ORDER_CANCEL' ? paidTotal : returned.reduce((sum, { line, num }) => sum + line.priceCents * num, 0));
      const extra = { courier: random.pick(COURIERS), refusal: random.pick(REFUSALS), failure: random.pick(FAILURES) };
      const sn = `AS${order.sn.slice(0, 8)}${String(id).padStart(8, '0')}`;
      // one step every few hours after the application, never in the future (nor before the application)
      let at = start.getTime();
      const times = path.map(() => (at = Math.max(start.getTime(), Math.min(at + random.int(2, 30) * HOUR_MS, now.getTime() - 60_000))));
      const passed = (action: ServiceAction) => path.some(([step]) => step === action);
      const completedAt = ['COMPLETED', 'CLOSED', 'REFUSE'].includes(plan.status) ? new Date(times[times.length - 1]) : null;
      serviceRows.push({
        id,
        sn,
        orderId: order.id,
        orderSn: order.sn,
        shopId: order.shopId,
        shopName: order.shopName,
        memberId: order.memberId,
        memberName: order.memberName,
        serviceType: plan.type,
        status: plan.status,
        reason: random.pick(REASONS[plan.type]),
        problemDesc: plan.type === 'ORDER_CANCEL' ? '' : random.pick(['收到后发现有划痕', '和图片颜色差别很大', '穿着不合适，想换大一码', '包装破损，配件缺少']),
        auditRemark: passed('REFUSE') ? extra.refusal : passed('PASS') ? '同意售后申请' : '',
        stockRemark: passed('STOCK_IN') ? (plan.type !== 'ORDER_CANCEL' ? '商品完好，已入库' : order.status === 'SHIPPED' ? '快递已拦截退回' : '未发货，无需入库') : '',
        refundRemark: plan.status === 'COMPLETED' && refundStatusOf(plan.status, plan.way) === 'COMPLETED' && plan.type !== 'CHANGE_GOODS' && plan.type !== 'SUPPLY_AGAIN_GOODS' ? '退款已完成' : '',
        closeReason: plan.status === 'CLOSED' ? '换货订单多次创建失败，与买家协商后关闭' : '',
        returnAddr: plan.type === 'RETURN_GOODS' || plan.type === 'CHANGE_GOODS' ? `${order.shopName}售后部 上海市浦东新区张江路${100 + (order.shopId % 800)}号` : '',
        goodsNames: lines.map((line) => line.goodsName).join('\n').slice(0, 1000),
        courierName: passed('SHIP_BACK') ? extra.courier : '',
        courierNo: passed('SHIP_BACK') ? `${extra.courier === '顺丰速运' ? 'SF' : 'YT'}${random.digits(12)}` : '',
        courierAt: passed('SHIP_BACK') ? new Date(times[path.findIndex(([step]) => step === 'SHIP_BACK')]) : null,
        changeShipName: plan.type === 'CHANGE_GOODS' || plan.type === 'SUPPLY_AGAIN_GOODS' ? order.shipName : '',
        changeShipMobile: plan.type === 'CHANGE_GOODS' || plan.type === 'SUPPLY_AGAIN_GOODS' ? order.shipMobile : '',
        changeShipAddress: plan.type === 'CHANGE_GOODS' || plan.type === 'SUPPLY_AGAIN_GOODS' ? order.shipAddress : '',
        createdAt: start,
        auditedAt: path.length > 0 ? new Date(times[0]) : null,
        completedAt,
      });
      for (const { line, num } of returned) {
        lineRows.push({ ...serviceItemOf(id, line, num), storageNum: passed('STOCK_IN') && plan.type !== 'ORDER_CANCEL' ? num : 0 });
      }
      if (plan.type !== 'ORDER_CANCEL') {
        lines.slice(0, 1 + (id % 3)).forEach((line, sort) => line.image && pictureRows.push({ serviceId: id, url: line.image, sort }));
      }
      logRows.push({ serviceId: id, status: 'APPLY', message: `买家申请售后（${{ RETURN_GOODS: '退货', CHANGE_GOODS: '换货', SUPPLY_AGAIN_GOODS: '补发商品', ORDER_CANCEL: '取消订单' }[plan.type]}）`, operatorType: 'BUYER', operatorName: order.memberName, createdAt: start });
      path.forEach((step, i) => {
        const actor = SERVICE_ACTIONS[step[0]].actor;
        const name = actor === 'SELLER' ? order.shopName : actor === 'BUYER' ? order.memberName : '系统';
        logRows.push({ serviceId: id, status: step[1], message: stepMessage(plan.type, step, plan.way, extra), operatorType: actor, operatorName: name, createdAt: new Date(times[i]) });
      });

      // the money: a refund from the stock-in on (returns and cancels)
      const hasRefund = (plan.type === 'RETURN_GOODS' || plan.type === 'ORDER_CANCEL') && passed('STOCK_IN');
      const refundStatus = refundStatusOf(plan.status, plan.way);
      const agreed = id % 7 === 0 && asked > 2000 ? asked - 1000 : asked;
      const refundedAt = hasRefund && refundStatus === 'COMPLETED' ? new Date(times[times.length - 1]) : null;
      if (hasRefund) {
        refundRows.push({
          sn: `RF${sn.slice(2)}`,
          serviceId: id,
          serviceSn: sn,
          orderId: order.id,
          orderSn: order.sn,
          shopId: order.shopId,
          shopName: order.shopName,
          memberId: order.memberId,
          memberName: order.memberName,
          serviceType: plan.type,
          paymentType: order.paymentType,
          refundWay: plan.way,
          accountType: plan.way === 'ACCOUNT' ? random.pick(['ALIPAY', 'WEIXINPAY']) : plan.way === 'OFFLINE' ? 'BANKTRANSFER' : '',
          returnAccount: plan.way === 'ACCOUNT' ? `13${random.digits(9)}` : '',
          bankName: plan.way === 'OFFLINE' ? random.pick(['中国工商银行', '招商银行', '中国建设银行']) : '',
          bankAccountName: plan.way === 'OFFLINE' ? order.shipName : '',
          bankAccountNumber: plan.way === 'OFFLINE' ? `6222${random.digits(12)}` : '',
          refundStatus,
          refundCents: asked,
          agreeCents: agreed,
          actualCents: refundedAt ? agreed : 0,
          refundPoint: Math.floor(agreed / 100),
          payOrderNo: plan.way === 'ORIGINAL' ? `T${order.paidAt?.getTime() ?? 0}${order.id}` : '',
          refundFailReason: refundStatus === 'REFUNDFAIL' ? extra.failure : '',
          createdAt: new Date(times[path.findIndex(([step]) => step === 'STOCK_IN')]),
          refundedAt,
        });
        if (refundedAt && plan.way === 'BALANCE') {
          const balance = (balances.get(order.memberId) ?? 0) + agreed;
          balances.set(order.memberId, balance);
          ledgerRows.push({ memberId: order.memberId, kind: 'BALANCE', amount: agreed, balanceAfter: balance, reason: `售后退款，退回预存款（售后服务单${sn}）`, operatorType: 'ORDER', operatorName: order.shopName, refSn: sn, createdAt: refundedAt });
        }
      }

      // the order side
      const lineIds = lines.map((line) => line.id);
      const itemState = plan.status === 'COMPLETED' ? 'COMPLETE' : plan.status === 'REFUSE' ? 'REFUSE' : plan.status === 'CLOSED' ? 'NOT_APPLY' : 'APPLY';
      itemStatus.set(itemState, [...(itemStatus.get(itemState) ?? []), ...lineIds]);
      if (plan.type === 'ORDER_CANCEL' && plan.status !== 'REFUSE') {
        orderLogRows.push({ orderId: order.id, status: 'AFTER_SERVICE', message: '买家申请取消订单', operatorType: 'BUYER', operatorName: order.memberName, createdAt: start });
        if (plan.status === 'COMPLETED' && refundedAt) {
          cancelled.push({ id: order.id, at: refundedAt });
          orderLogRows.push({ orderId: order.id, status: 'CANCELLED', message: `售后服务单${sn}退款${(agreed / 100).toFixed(2)}元，订单取消`, operatorType: 'SELLER', operatorName: order.shopName, createdAt: refundedAt });
        } else toAfterService.push(order.id);
      } else if (refundedAt) {
        orderLogRows.push({ orderId: order.id, status: order.status, message: `售后服务单${sn}退款${(agreed / 100).toFixed(2)}元（退货）`, operatorType: 'SELLER', operatorName: order.shopName, createdAt: refundedAt });
      }
    }

    await bulkInsert(ctx.db, afterSales, serviceRows);
    await bulkInsert(ctx.db, afterSaleItems, lineRows);
    await bulkInsert(ctx.db, afterSalePictures, pictureRows);
    await bulkInsert(ctx.db, afterSaleLogs, logRows);
    await bulkInsert(ctx.db, refunds, refundRows);
    await bulkInsert(ctx.db, memberLedger, ledgerRows);
    await bulkInsert(ctx.db, orderLogs, orderLogRows);
    for (const [state, ids] of itemStatus) {
      for (let i = 0; i < ids.length; i += 5000) await ctx.db.update(orderItems).set({ serviceStatus: state }).where(inArray(orderItems.id, ids.slice(i, i + 5000)));
    }
    if (toAfterService.length > 0) await ctx.db.update(orders).set({ status: 'AFTER_SERVICE', serviceStatus: 'APPLY' }).where(inArray(orders.id, toAfterService));
    // an order leaving PAID_OFF no longer counts as sold (goods.buy_count, as the orders seed counts it)
    const unsold = chunk.filter((job) => job.plan.type === 'ORDER_CANCEL' && job.plan.status !== 'REFUSE').map((job) => job.order.id);
    if (unsold.length > 0) {
      await ctx.db.execute(sql`update goods set buy_count = buy_count - s.num from (select goods_id, sum(num)::int as num from ${orderItems} where ${inArray(orderItems.orderId, unsold)} group by goods_id) s where goods.id = s.goods_id`);
    }
    for (const { id, at } of cancelled) {
      await ctx.db.update(orders).set({ status: 'CANCELLED', payStatus: 'REFUNDED', cancelReason: '买家申请取消订单，已退款', cancelledAt: at, serviceStatus: 'APPLY' }).where(eq(orders.id, id));
      await ctx.db.update(payments).set({ status: 'REFUNDED' }).where(eq(payments.orderId, id));
    }
  }
  for (const [id, balance] of balances) await ctx.db.update(members).set({ balanceCents: balance }).where(eq(members.id, id));
  return serviceId - Number(next);
}
