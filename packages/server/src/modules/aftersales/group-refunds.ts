import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transaction as Tx } from '../../db/sql.js';
import { transitionOrder, type OrderActor } from '../orders/service.js';
import { orderItems, orders } from '../orders/tables.js';
import { targetsOf } from './flow.js';
import { afterSaleItems, afterSaleLogs, afterSales, refunds } from './tables.js';
import { serviceItemOf } from './service-items.js';

const SYSTEM: OrderActor = { type: 'SYSTEM', name: '系统' };

/** The steps the system takes for a failed group's order, as the flow allows them. */
const STEPS = [
  { status: 'APPLY', message: '拼团失败，系统自动申请取消订单' },
  { status: 'PASS', message: '拼团失败，系统自动审核通过' },
  { status: 'STOCK_IN', message: '订单未发货，无需入库' },
  { status: 'WAIT_FOR_MANUAL', message: '拼团失败退款：未接入支付网关的原路退款，等待平台人工退款' },
] as const;
// the path must be one the after-sale flow allows (a test of the flow would catch a drift, this catches it at start)
if (
  !targetsOf({ serviceType: 'ORDER_CANCEL', status: 'APPLY' }, 'PASS').includes('PASS') ||
  !targetsOf({ serviceType: 'ORDER_CANCEL', status: 'PASS' }, 'STOCK_IN').includes('STOCK_IN') ||
  !targetsOf({ serviceType: 'ORDER_CANCEL', status: 'STOCK_IN' }, 'REFUND').includes('WAIT_FOR_MANUAL')
) {
  throw new Error('the after-sale flow no longer allows the failed group refund path');
}

/**
 * A group that cannot form any more (closed by the platform, or its event over) gives its buyers
 * their money back (DOMAIN §2.4 PINTUAN, §2.18): for each of its paid orders still waiting for the
 * group, in the caller's transaction, the system opens an ORDER_CANCEL after-sale (create_channel
 * PINTUAN) for the whole order and the whole paid amount, audits it and finds nothing to put back
 * into stock; the refund goes back the way it was paid, and with no payment gateway connected that
 * waits for the platform's manual refund (WAIT_FOR_MANUAL: the after-sales list and the dashboard's
 * to-do), which then cancels the order through the order flow. An order already under an
 * after-sale, or no longer waiting, is left alone. Returns the services opened.
 */
export async function openFailedGroupRefunds(tx: Tx, orderSns: readonly string[], now = new Date()): Promise<string[]> {
  if (orderSns.length === 0) return [];
  const waiting = await tx
    .select()
    .from(orders)
    .where(and(inArray(orders.sn, [...orderSns]), eq(orders.orderType, 'PINTUAN'), eq(orders.status, 'PAID_OFF'), eq(orders.serviceStatus, 'NOT_APPLY')))
    .orderBy(asc(orders.id))
    .for('update');
  const opened: string[] = [];
  for (const order of waiting) {
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    const paidCents = order.needPayCents + order.balanceCents;
    const sn = `AS${order.sn.slice(0, 8)}P${String(order.id).padStart(7, '0')}`;
    await transitionOrder(tx, { id: order.id }, 'SERVICE_CANCEL', SYSTEM, async () => ({ set: { serviceStatus: 'APPLY' }, message: `拼团失败，系统申请取消订单（售后服务单${sn}）` }), now);
    const [service] = await tx
      .insert(afterSales)
      .values({
        sn,
        orderId: order.id,
        orderSn: order.sn,
        shopId: order.shopId,
        shopName: order.shopName,
        memberId: order.memberId,
        memberName: order.memberName,
        serviceType: 'ORDER_CANCEL',
        status: 'WAIT_FOR_MANUAL',
        createChannel: 'PINTUAN',
        reason: '拼团失败',
        auditRemark: '拼团失败，系统自动审核通过',
        stockRemark: '订单未发货，无需入库',
        goodsNames: lines.map((line) => line.goodsName).join('\n').slice(0, 1000),
        createdAt: now,
        auditedAt: now,
      })
      .returning({ id: afterSales.id });
    if (lines.length > 0) {
      await tx.insert(afterSaleItems).values(lines.map((line) => serviceItemOf(service.id, line, line.num)));
      await tx.update(orderItems).set({ serviceStatus: 'APPLY' }).where(eq(orderItems.orderId, order.id));
    }
    await tx.insert(afterSaleLogs).values(STEPS.map((step) => ({ serviceId: service.id, status: step.status, message: step.message, operatorType: 'SYSTEM', operatorName: '系统', createdAt: now })));
    await tx.insert(refunds).values({
      sn: `RF${sn.slice(2)}`,
      serviceId: service.id,
      serviceSn: sn,
      orderId: order.id,
      orderSn: order.sn,
      shopId: order.shopId,
      shopName: order.shopName,
      memberId: order.memberId,
      memberName: order.memberName,
      serviceType: 'ORDER_CANCEL',
      createChannel: 'PINTUAN',
      paymentType: order.paymentType,
      refundWay: 'ORIGINAL',
      refundStatus: 'APPLY',
      refundCents: paidCents,
      agreeCents: paidCents,
      payOrderNo: `T${order.paidAt?.getTime() ?? 0}${order.id}`,
      createdAt: now,
    });
    opened.push(sn);
  }
  return opened;
}
