/**
 * The demo's finance desk: a year of settlement bills cut by the same code as the scheduled task
 * (so they add up to the demo's orders and refunds to the cent), moved along their steps by age;
 * recharges behind the ledger's 在线充值 rows; VAT invoice qualifications in every state; the
 * invoice history of the orders that asked for one.
 */
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Transaction } from '../../db/sql.js';
import { cutBill, settlementEnds } from '../../modules/finance/bills.js';
import { billLogs, bills } from '../../modules/finance/tables.js';
import { shops } from '../../modules/shops/tables.js';
import { breathe, bulkInsert } from './bulk.js';

const DAY_MS = 86_400_000;
/** How far along a bill is by the days since its period ended. */
const STEPS: { minDays: number; status: string; actions: [string, string][] }[] = [
  { minDays: 45, status: 'COMPLETE', actions: [['RECON', 'RECON'], ['AUTH', 'PASS'], ['PAY', 'PAY'], ['COMPLETE', 'COMPLETE']] },
  { minDays: 28, status: 'PAY', actions: [['RECON', 'RECON'], ['AUTH', 'PASS'], ['PAY', 'PAY']] },
  { minDays: 16, status: 'PASS', actions: [['RECON', 'RECON'], ['AUTH', 'PASS']] },
  { minDays: 6, status: 'RECON', actions: [['RECON', 'RECON']] },
];

export async function seedFinance(ctx: AppContext, now: Date, stop?: AbortSignal): Promise<void> {
  const tx = ctx.db as unknown as Transaction;
  const yearAgo = new Date(now.getTime() - 365 * DAY_MS);

  // Bills: every settlement day of the last year, for each shop that has opened, oldest first.
  // Period by period across the shops, as the daily task cuts them: what is still unbilled stays a
  // few weeks' worth (shop by shop, every other shop's year was unbilled while one shop was cut).
  const billable = await ctx.db.select().from(shops).where(inArray(shops.status, ['OPEN', 'CLOSED'])).orderBy(shops.id);
  const cuts = billable.flatMap((shop) => {
    const opened = shop.openedAt ?? shop.createdAt;
    const last = shop.closedAt && shop.closedAt < now ? shop.closedAt : now;
    return settlementEnds(shop.settlementDays, opened > yearAgo ? opened : yearAgo, last).map((end) => ({ shop, end }));
  });
  cuts.sort((a, b) => a.end.getTime() - b.end.getTime() || a.shop.id - b.shop.id);
  for (const { shop, end } of cuts) {
    await cutBill(tx, shop, end);
    await breathe(stop);
  }
  // the task cuts a period's bill ten minutes after it ends
  await ctx.db.execute(sql`update bills set created_at = end_at + interval '10 minutes'`);
  const cut = await ctx.db.select({ id: bills.id, shopName: bills.shopName, endAt: bills.endAt }).from(bills);
  const logRows: (typeof billLogs.$inferInsert)[] = [];
  const moves: { id: number; status: string; payAt: Date | null }[] = [];
  for (const bill of cut) {
    const age = (now.getTime() - bill.endAt.getTime()) / DAY_MS;
    const step = STEPS.find((candidate) => age >= candidate.minDays);
    if (!step) continue;
    let payAt: Date | null = null;
    step.actions.forEach(([action, status], index) => {
      const at = new Date(bill.endAt.getTime() + (2 + index * 5) * DAY_MS + 10 * 3_600_000);
      if (action === 'PAY') payAt = at;
      const seller = action === 'RECON' || action === 'COMPLETE';
      logRows.push({ billId: bill.id, status, action, operatorType: seller ? 'SELLER' : 'ADMIN', operatorName: seller ? bill.shopName : 'caiwu', createdAt: at });
    });
    moves.push({ id: bill.id, status: step.status, payAt });
  }
  for (let i = 0; i < moves.length; i += 1000) {
    const values = moves.slice(i, i + 1000).map((move) => sql`(${move.id}::int, ${move.status}::varchar, ${move.payAt?.toISOString() ?? null}::timestamptz)`);
    await ctx.db.execute(sql`update bills set status = v.status, pay_at = v.pay_at from (values ${sql.join(values, sql`, `)}) as v(id, status, pay_at) where bills.id = v.id`);
  }
  await bulkInsert(ctx.db, billLogs, logRows);

  // Recharges: one per 在线充值 row of the ledger, which then names it.
  const rechargeSn = sql.raw(`'R' || to_char(created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(id::text, 8, '0')`);
  await ctx.db.execute(sql`
    insert into recharges (sn, member_id, amount_cents, way, created_at)
    select ${rechargeSn}, member_id, amount, (array['alipay', 'wechat', 'unionpay'])[1 + id % 3], created_at
    from member_ledger where kind = 'BALANCE' and reason = '在线充值' and amount > 0`);
  await ctx.db.execute(sql`update member_ledger set ref_sn = ${rechargeSn} where kind = 'BALANCE' and reason = '在线充值' and amount > 0`);

  // VAT special-invoice qualifications: waiting, passed and refused.
  await ctx.db.execute(sql`
    insert into member_zpzz (member_id, company_name, taxpayer_code, register_address, register_tel, bank_name, bank_account, status, audit_remark, auditor_name, audited_at, created_at)
    select id,
      (array['杭州', '上海', '深圳', '成都', '武汉'])[1 + id % 5] || (array['云帆', '汇通', '博远', '盛景', '恒信'])[1 + (id / 5) % 5] || (array['科技', '商贸', '实业'])[1 + id % 3] || '有限公司',
      '9133' || lpad((id::bigint * 7919)::text, 12, '0') || 'X',
      (array['浙江省杭州市西湖区文三路', '上海市浦东新区张江路', '广东省深圳市南山区科技园', '四川省成都市高新区天府大道', '湖北省武汉市洪山区光谷大道'])[1 + id % 5] || (id % 900 + 1) || '号',
      '0' || (20 + id % 70) || '-' || lpad((id::bigint * 131)::text, 8, '0'),
      (array['中国工商银行', '招商银行', '中国建设银行', '中国银行'])[1 + id % 4] || '营业部',
      '6222' || lpad((id::bigint * 104729)::text, 15, '0'),
      case id % 3 when 0 then 'NEW_APPLY' when 1 then 'AUDIT_PASS' else 'AUDIT_REFUSE' end,
      case id % 3 when 2 then (array['营业执照照片不清晰，请重新上传', '开户许可证与开户行信息不一致', '纳税人识别号与营业执照不符'])[1 + id % 3] else '' end,
      case id % 3 when 0 then '' else 'caiwu' end,
      case id % 3 when 0 then null else ${now.toISOString()}::timestamptz - ((id % 50) || ' days')::interval end,
      ${now.toISOString()}::timestamptz - ((id % 50 + 2) || ' days')::interval - ((id % 24) || ' hours')::interval
    from members where disabled = 0 and id % 11 = 3 and id > 20
    order by id limit 36`);

  // Invoice history: the orders that asked for an invoice and were confirmed.
  await ctx.db.execute(sql`
    insert into receipt_histories (order_id, order_sn, order_cents, shop_id, seller_name, member_id, member_name, receipt_type, title, content, tax_no,
      reg_addr, reg_tel, bank_name, bank_account, member_mobile, ship_name, ship_address, status, logi_name, logi_code, issued_at, goods, created_at)
    select o.id, o.sn, o.goods_cents + o.shipping_cents - o.discount_cents, o.shop_id, o.shop_name, o.member_id, o.member_name, o.receipt_type, o.receipt_title, o.receipt_content, o.receipt_tax_no,
      case when o.receipt_type = 'VATOSPECIAL' then o.ship_region || ' ' || o.ship_address else '' end,
      case when o.receipt_type = 'VATOSPECIAL' then '0571-' || lpad((o.id % 100000000)::text, 8, '0') else '' end,
      case when o.receipt_type = 'VATOSPECIAL' then '中国工商银行营业部' else '' end,
      case when o.receipt_type = 'VATOSPECIAL' then '6222' || lpad(o.id::text, 15, '0') else '' end,
      o.ship_mobile, o.ship_name, o.ship_region || ' ' || o.ship_address,
      issued.yes,
      case when issued.yes = 1 and o.receipt_type <> 'ELECTRO' then '顺丰速运' else '' end,
      case when issued.yes = 1 and o.receipt_type <> 'ELECTRO' then 'SF' || lpad((o.id::bigint * 7)::text, 12, '0') else '' end,
      case when issued.yes = 1 then coalesce(o.shipped_at, o.paid_at) end,
      coalesce((select jsonb_agg(jsonb_build_object('name', i.goods_name, 'num', i.num, 'price_cents', i.price_cents) order by i.id) from order_items i where i.order_id = o.id), '[]'::jsonb),
      o.created_at
    from orders o
    cross join lateral (select case when o.status in ('SHIPPED', 'ROG', 'COMPLETE', 'AFTER_SERVICE') and o.id % 4 <> 0 then 1 else 0 end as yes) issued
    where o.need_receipt = 1 and o.status not in ('NEW', 'INTODB_ERROR', 'CANCELLED')`);
}
