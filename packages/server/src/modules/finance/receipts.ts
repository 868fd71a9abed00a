/**
 * Invoices (DOMAIN §2.12): members' VAT special-invoice qualifications, audited once by the
 * platform, and the invoice history of orders (issued by the sellers; the platform only looks).
 */
import { and, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import {
  maskPhone,
  toYuan,
  type Page,
  type ReceiptDetail,
  type ReceiptListQuery,
  type ReceiptRow,
  type ReceiptType,
  type ZpzzListQuery,
  type ZpzzRow,
  type ZpzzStatus,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { escapeLike, type Writer } from '../../db/sql.js';
import { members } from '../members/tables.js';
import { shops } from '../shops/tables.js';
import { memberZpzz, receiptHistories } from './tables.js';

/** What a qualification's row in the answers is made of. */
const zpzzColumns = {
  id: memberZpzz.id,
  memberId: memberZpzz.memberId,
  companyName: memberZpzz.companyName,
  taxpayerCode: memberZpzz.taxpayerCode,
  registerAddress: memberZpzz.registerAddress,
  registerTel: memberZpzz.registerTel,
  bankName: memberZpzz.bankName,
  bankAccount: memberZpzz.bankAccount,
  status: memberZpzz.status,
  auditRemark: memberZpzz.auditRemark,
  auditorName: memberZpzz.auditorName,
  auditedAt: memberZpzz.auditedAt,
  createdAt: memberZpzz.createdAt,
};
type ZpzzRecord = { zpzz: Pick<typeof memberZpzz.$inferSelect, keyof typeof zpzzColumns>; memberName: string };

const toZpzzRow = ({ zpzz, memberName }: ZpzzRecord): ZpzzRow => ({
  id: zpzz.id,
  member_id: zpzz.memberId,
  member_name: memberName,
  company_name: zpzz.companyName,
  taxpayer_code: zpzz.taxpayerCode,
  register_address: zpzz.registerAddress,
  register_tel: zpzz.registerTel,
  bank_name: zpzz.bankName,
  bank_account: zpzz.bankAccount,
  status: zpzz.status as ZpzzStatus,
  audit_remark: zpzz.auditRemark,
  auditor_name: zpzz.auditorName,
  apply_time: unixSeconds(zpzz.createdAt),
  audit_time: zpzz.auditedAt ? unixSeconds(zpzz.auditedAt) : null,
});

const memberIdsNamed = (ctx: AppContext, name: string) => ctx.db.select({ id: members.id }).from(members).where(ilike(members.uname, `%${escapeLike(name)}%`));

const selectZpzz = (db: Writer) => db.select({ zpzz: zpzzColumns, memberName: members.uname }).from(memberZpzz).innerJoin(members, eq(members.id, memberZpzz.memberId));

/** a qualification by id: prepared once (platform/statements.ts) */
const zpzzById = preparedOnce('agora_zpzz_detail', (db) => selectZpzz(db).where(eq(memberZpzz.id, sql.placeholder('id'))));

/** GET admin/members/zpzz: newest application first, by state, member and application day. */
export function listZpzz(ctx: AppContext, query: ZpzzListQuery): Promise<Page<ZpzzRow>> {
  const spec: ListSpec<ZpzzRecord, ZpzzRow> = {
    query,
    table: memberZpzz,
    id: memberZpzz.id,
    where: [
      query.status ? eq(memberZpzz.status, query.status) : undefined,
      query.member_name ? inArray(memberZpzz.memberId, memberIdsNamed(ctx, query.member_name)) : undefined,
      query.start_time !== undefined ? gte(memberZpzz.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(memberZpzz.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { apply_time: memberZpzz.createdAt },
    statement: 'finance/receipts.listZpzz',
    rows: ({ where, orderBy, limit, offset }) => selectZpzz(ctx.db).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toZpzzRow,
    idOf: (row) => row.id,
  };
  return listPage(ctx.db, spec);
}

/** GET admin/members/zpzz/{id}. */
export async function getZpzz(ctx: AppContext, id: number): Promise<ZpzzRow> {
  const [row] = await zpzzById(ctx.db).execute({ id });
  if (!row) throw new AppError(404, 'ZPZZ_NOT_FOUND');
  return toZpzzRow(row);
}

/**
 * POST admin/members/zpzz/audit/{id}/{AUDIT_PASS|AUDIT_REFUSE}?remark: once, from NEW_APPLY only
 * (a conditional update: of two auditors one wins, the other is told it was audited). A refusal
 * needs its reason.
 */
export async function auditZpzz(ctx: AppContext, admin: AuthedAdmin, id: number, status: 'AUDIT_PASS' | 'AUDIT_REFUSE', remark: string, audit: AuditInTransaction): Promise<ZpzzRow> {
  if (status === 'AUDIT_REFUSE' && !remark) throw new AppError(400, 'VALIDATION', {}, '请填写拒绝原因');
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(memberZpzz)
      .set({ status, auditRemark: remark, auditorId: admin.id, auditorName: admin.username, auditedAt: new Date() })
      .where(and(eq(memberZpzz.id, id), eq(memberZpzz.status, 'NEW_APPLY')))
      .returning({ id: memberZpzz.id });
    if (!updated) {
      const [exists] = await tx.select({ id: memberZpzz.id }).from(memberZpzz).where(eq(memberZpzz.id, id));
      throw exists ? badRequest('ZPZZ_NOT_WAITING') : new AppError(404, 'ZPZZ_NOT_FOUND');
    }
    await audit(tx);
  });
  return getZpzz(ctx, id);
}

/** What a row of the invoice history's list is made of (the list reads no more). */
const receiptRowColumns = {
  id: receiptHistories.id,
  orderSn: receiptHistories.orderSn,
  orderCents: receiptHistories.orderCents,
  sellerName: receiptHistories.sellerName,
  memberName: receiptHistories.memberName,
  receiptType: receiptHistories.receiptType,
  title: receiptHistories.title,
  status: receiptHistories.status,
  createdAt: receiptHistories.createdAt,
};
type ReceiptRecord = Pick<typeof receiptHistories.$inferSelect, keyof typeof receiptRowColumns>;

const toReceiptRow = (row: ReceiptRecord): ReceiptRow => ({
  history_id: row.id,
  order_sn: row.orderSn,
  order_price: toYuan(row.orderCents),
  seller_name: row.sellerName,
  member_name: row.memberName,
  receipt_type: row.receiptType as ReceiptType,
  receipt_title: row.title,
  status: row.status === 1 ? 1 : 0,
  create_time: unixSeconds(row.createdAt),
});

/** GET admin/members/receipts: newest first; member and shop names become the ids they name. */
export function listReceipts(ctx: AppContext, query: ReceiptListQuery): Promise<Page<ReceiptRow>> {
  return listPage(ctx.db, {
    query,
    table: receiptHistories,
    id: receiptHistories.id,
    where: [
      query.uname ? inArray(receiptHistories.memberId, memberIdsNamed(ctx, query.uname)) : undefined,
      query.seller_name
        ? inArray(receiptHistories.shopId, ctx.db.select({ id: shops.id }).from(shops).where(ilike(shops.shopName, `%${escapeLike(query.seller_name)}%`)))
        : undefined,
      query.order_sn ? eq(receiptHistories.orderSn, query.order_sn) : undefined,
      query.receipt_type ? eq(receiptHistories.receiptType, query.receipt_type) : undefined,
      query.status !== undefined ? eq(receiptHistories.status, query.status) : undefined,
      query.start_time !== undefined ? gte(receiptHistories.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(receiptHistories.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { create_time: receiptHistories.createdAt },
    statement: 'finance/receipts.listReceipts',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select(receiptRowColumns).from(receiptHistories).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toReceiptRow,
    idOf: (row) => row.history_id,
  });
}

/** an invoice with what its detail shows: prepared once (platform/statements.ts) */
const receiptById = preparedOnce('agora_receipt_detail', (db) =>
  db
    .select({
      ...receiptRowColumns,
      content: receiptHistories.content,
      taxNo: receiptHistories.taxNo,
      regAddr: receiptHistories.regAddr,
      regTel: receiptHistories.regTel,
      bankName: receiptHistories.bankName,
      bankAccount: receiptHistories.bankAccount,
      memberMobile: receiptHistories.memberMobile,
      shipName: receiptHistories.shipName,
      shipAddress: receiptHistories.shipAddress,
      logiName: receiptHistories.logiName,
      logiCode: receiptHistories.logiCode,
      issuedAt: receiptHistories.issuedAt,
      goods: receiptHistories.goods,
    })
    .from(receiptHistories)
    .where(eq(receiptHistories.id, sql.placeholder('id'))),
);

/** GET admin/members/receipts/{history_id}. */
export async function getReceipt(ctx: AppContext, id: number): Promise<ReceiptDetail> {
  const [row] = await receiptById(ctx.db).execute({ id });
  if (!row) throw new AppError(404, 'RECEIPT_NOT_FOUND');
  const goods = row.goods as { name: string; num: number; price_cents: number }[];
  return {
    ...toReceiptRow(row),
    receipt_content: row.content,
    tax_no: row.taxNo,
    reg_addr: row.regAddr,
    reg_tel: row.regTel,
    bank_name: row.bankName,
    bank_account: row.bankAccount,
    member_mobile: maskPhone(row.memberMobile),
    ship_name: row.shipName,
    ship_address: row.shipAddress,
    logi_name: row.logiName,
    logi_code: row.logiCode,
    issue_time: row.issuedAt ? unixSeconds(row.issuedAt) : null,
    goods: goods.map((item) => ({ name: item.name, num: item.num, price: toYuan(item.price_cents) })),
  };
}
