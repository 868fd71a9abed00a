/**
 * Demo distribution, deterministic and built from the demo orders through the module's own money
 * code: a two-level tree of members who bought, commission for their received orders (frozen or
 * credited by the cycle, two clawed back for orders in after-sale), monthly bills for the past
 * year, and withdrawal requests in every state.
 */
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { members } from '../../modules/members/tables.js';
import { orders } from '../../modules/orders/tables.js';
import { clawBackCommission, recordCommission, unfreezeDue } from '../../modules/distribution/commission.js';
import { buildBills, monthOf } from '../../modules/distribution/service.js';
import { commissionTpls, distributors } from '../../modules/distribution/tables.js';
import { actOnWithdrawals, applyForWithdrawal } from '../../modules/distribution/withdrawals.js';

const ROOTS = 4;
const LEVEL1 = 10;
const BUYERS = 20;

/** The requests (share of the distributor's withdrawable commission, the way, where it ends). */
const WITHDRAWALS: [share: number, way: 'ALIPAY' | 'WECHAT' | 'BANK', end: 'WAIT_AUDIT' | 'AUDIT_PASS' | 'AUDIT_FAIL' | 'FINISHED' | 'CLOSED'][] = [
  [0.3, 'ALIPAY', 'WAIT_AUDIT'],
  [0.2, 'WECHAT', 'WAIT_AUDIT'],
  [0.25, 'BANK', 'WAIT_AUDIT'],
  [0.4, 'ALIPAY', 'AUDIT_PASS'],
  [0.2, 'WECHAT', 'AUDIT_FAIL'],
  [0.5, 'ALIPAY', 'FINISHED'],
  [0.3, 'BANK', 'CLOSED'],
];

export async function seedDistribution(ctx: AppContext, now: Date): Promise<void> {
  const [defaultTpl] = await ctx.db.select({ id: commissionTpls.id }).from(commissionTpls).where(eq(commissionTpls.isDefault, 1));
  if (!defaultTpl) return;
  const [gold, silver] = await ctx.db
    .insert(commissionTpls)
    .values([
      { name: '金牌分销', grade1Bp: 1500, grade2Bp: 800 },
      { name: '银牌分销', grade1Bp: 1200, grade2Bp: 600 },
    ])
    .returning({ id: commissionTpls.id });

  // buyers: the members with the most received orders; the upline: other active members
  const received = await ctx.db
    .select({ memberId: orders.memberId })
    .from(orders)
    .where(and(inArray(orders.status, ['ROG', 'COMPLETE', 'AFTER_SERVICE']), isNotNull(orders.rogAt)))
    .orderBy(asc(orders.memberId));
  const counts = new Map<number, number>();
  for (const row of received) counts.set(row.memberId, (counts.get(row.memberId) ?? 0) + 1);
  const buyerIds = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, BUYERS).map(([id]) => id).sort((a, b) => a - b);
  const people = await ctx.db
    .select({ id: members.id, uname: members.uname, mobile: members.mobile, createdAt: members.createdAt })
    .from(members)
    .where(ne(members.disabled, -1))
    .orderBy(asc(members.id));
  const upline = people.filter((person) => !buyerIds.includes(person.id)).slice(0, ROOTS + LEVEL1);
  if (upline.length < ROOTS + LEVEL1 || buyerIds.length === 0) return;
  const byId = new Map(people.map((person) => [person.id, person]));
  const tpls = [defaultTpl.id, gold.id, silver.id];
  const rows: (typeof distributors.$inferInsert)[] = [];
  const join = (id: number, parentId: number | null, grandparentId: number | null, index: number) => {
    const person = byId.get(id)!;
    rows.push({ memberId: id, memberName: person.uname, mobile: person.mobile, parentId, grandparentId, tplId: tpls[index % 3], status: index === 5 ? 0 : 1, createdAt: person.createdAt });
  };
  upline.slice(0, ROOTS).forEach((root, index) => join(root.id, null, null, index));
  upline.slice(ROOTS).forEach((member, index) => join(member.id, upline[index % ROOTS].id, null, index + ROOTS));
  buyerIds.forEach((id, index) => {
    const parent = upline[ROOTS + (index % LEVEL1)];
    join(id, parent.id, upline[(index % LEVEL1) % ROOTS].id, index + ROOTS + LEVEL1);
  });
  await ctx.db.insert(distributors).values(rows);

  // commission for every received order of the buyers, in the order it happened
  const done = await ctx.db
    .select()
    .from(orders)
    .where(and(inArray(orders.memberId, buyerIds), inArray(orders.status, ['ROG', 'COMPLETE', 'AFTER_SERVICE']), isNotNull(orders.rogAt)))
    .orderBy(asc(orders.rogAt), asc(orders.id));
  for (const order of done) await ctx.db.transaction((tx) => recordCommission(tx, order, order.rogAt!));
  while ((await unfreezeDue(ctx, now)) > 0);
  for (const order of done.filter((order) => order.status === 'AFTER_SERVICE').slice(0, 2)) {
    await ctx.db.transaction((tx) => clawBackCommission(tx, order.id, '售后退款', new Date(order.rogAt!.getTime() + 86_400_000)));
  }
  for (let month = 0, at = now; month < 12; month += 1, at = new Date(monthOf(at).start.getTime() - 1)) await buildBills(ctx, at);

  // withdrawal requests from the distributors with the most credited commission
  const rich = await ctx.db
    .select({ memberId: distributors.memberId, name: distributors.memberName, canRebate: distributors.canRebateCents, mobile: distributors.mobile })
    .from(distributors)
    .orderBy(asc(distributors.canRebateCents), asc(distributors.memberId));
  const payees = rich.filter((row) => row.canRebate >= 1000).reverse().slice(0, WITHDRAWALS.length);
  for (const [index, [share, way, end]] of WITHDRAWALS.entries()) {
    const payee = payees[index % Math.max(1, payees.length)];
    if (!payee) break;
    const [current] = await ctx.db.select({ canRebate: distributors.canRebateCents }).from(distributors).where(eq(distributors.memberId, payee.memberId));
    const cents = Math.floor(current.canRebate * share);
    if (cents <= 0) continue;
    const at = new Date(now.getTime() - (WITHDRAWALS.length - index) * 26 * 3_600_000);
    const sn = `W${monthOf(at).label}${String(index + 1).padStart(4, '0')}`;
    const account = way === 'BANK' ? `6222 **** **** ${String(payee.memberId).padStart(4, '0')}` : payee.mobile;
    const id = await ctx.db.transaction((tx) => applyForWithdrawal(tx, { sn, memberId: payee.memberId, memberName: payee.name, cents, way, account, remark: '申请提现' }, at));
    const decided = new Date(at.getTime() + 3_600_000);
    if (end === 'AUDIT_FAIL') await actOnWithdrawals(ctx, 'admin', [id], 'FAIL', '收款账户与实名不符', decided);
    if (end === 'AUDIT_PASS' || end === 'FINISHED' || end === 'CLOSED') await actOnWithdrawals(ctx, 'admin', [id], 'PASS', '核对无误，同意提现', decided);
    if (end === 'FINISHED') await actOnWithdrawals(ctx, 'admin', [id], 'TRANSFER', '已通过支付宝转账', new Date(decided.getTime() + 3_600_000));
    if (end === 'CLOSED') await actOnWithdrawals(ctx, 'admin', [id], 'CLOSE', '收款账户已注销，关闭申请', new Date(decided.getTime() + 3_600_000));
  }
}
