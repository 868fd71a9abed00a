import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  CONTRACT_EXPIRING_DAYS, CONTRACT_FILE_EXTS, CONTRACT_LIMITS,
  type ContractEditInput, type ContractFile, type ContractInput, type ContractQuery, type ContractRow, type Page,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { sendStationMessages } from '../../platform/notifications.js';
import { preparedOnce } from '../../platform/statements.js';
import { storeFile } from '../../platform/storage.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { addDays, platformDay, unixSeconds } from '../../platform/time.js';
import type { Transaction } from '../../db/sql.js';
import { shops } from '../shops/tables.js';
import { shopContracts } from './tables.js';
import { assertContractAllowed, contractState, contractStateWhere, daysBetween } from './flow.js';

type ContractRecord = typeof shopContracts.$inferSelect;

/** What a contract's row in the answers is made of (its update time is never shown). */
const contractRowColumns = {
  id: shopContracts.id,
  contractNo: shopContracts.contractNo,
  shopId: shopContracts.shopId,
  startDate: shopContracts.startDate,
  endDate: shopContracts.endDate,
  fileUrl: shopContracts.fileUrl,
  fileName: shopContracts.fileName,
  remark: shopContracts.remark,
  terminatedAt: shopContracts.terminatedAt,
  terminateReason: shopContracts.terminateReason,
  terminatedBy: shopContracts.terminatedBy,
  expiryNoticeAt: shopContracts.expiryNoticeAt,
  createdAt: shopContracts.createdAt,
};
type ContractFields = Pick<ContractRecord, keyof typeof contractRowColumns>;

const notFound = () => new AppError(404, 'CONTRACT_NOT_FOUND');

refuseDuplicates({ shop_contracts_no_uq: 'CONTRACT_NO_TAKEN' });

function toRow(row: ContractFields, shopName: string | null, today: string): ContractRow {
  return {
    id: row.id,
    contract_no: row.contractNo,
    shop_id: row.shopId,
    shop_name: shopName ?? '',
    start_date: row.startDate,
    end_date: row.endDate,
    state: contractState(row, today),
    days_left: daysBetween(today, row.endDate),
    file_url: row.fileUrl,
    file_name: row.fileName,
    remark: row.remark,
    terminate_reason: row.terminateReason,
    terminate_time: row.terminatedAt ? unixSeconds(row.terminatedAt) : null,
    terminated_by: row.terminatedBy,
    expiry_notice_time: row.expiryNoticeAt ? unixSeconds(row.expiryNoticeAt) : null,
    create_time: unixSeconds(row.createdAt),
  };
}

const withShop = { contract: contractRowColumns, shopName: shops.shopName };

export function listContracts(ctx: AppContext, query: ContractQuery): Promise<Page<ContractRow>> {
  const today = platformDay(new Date());
  const c = shopContracts;
  return listPage(ctx.db, {
    query,
    table: c,
    id: c.id,
    where: [
      query.shop_id ? eq(c.shopId, query.shop_id) : undefined,
      query.contract_no ? eq(c.contractNo, query.contract_no) : undefined,
      query.state ? contractStateWhere(query.state, today) : undefined,
      query.end_from ? gte(c.endDate, query.end_from) : undefined,
      query.end_to ? lte(c.endDate, query.end_to) : undefined,
    ],
    sorts: { end_date: c.endDate, create_time: c.createdAt },
    statement: 'contracts/service.listContracts',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select(withShop).from(c).leftJoin(shops, eq(shops.id, c.shopId)).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: ({ contract, shopName }) => toRow(contract, shopName, today),
    idOf: (row) => row.id,
  });
}

// a contract with its shop's name, prepared once (platform/statements.ts)
const contractById = preparedOnce('agora_contract_detail', (db) =>
  db.select(withShop).from(shopContracts).leftJoin(shops, eq(shops.id, shopContracts.shopId)).where(eq(shopContracts.id, sql.placeholder('id'))),
);

export async function getContract(ctx: AppContext, id: number): Promise<ContractRow> {
  const [row] = await contractById(ctx.db).execute({ id });
  if (!row) throw notFound();
  return toRow(row.contract, row.shopName, platformDay(new Date()));
}

// the shop's current or next contract, prepared once (platform/statements.ts)
const contractInForce = preparedOnce('agora_contract_of_shop', (db) =>
  db
    .select(withShop)
    .from(shopContracts)
    .leftJoin(shops, eq(shops.id, shopContracts.shopId))
    .where(and(eq(shopContracts.shopId, sql.placeholder('shopId')), isNull(shopContracts.terminatedAt), gte(shopContracts.endDate, sql.placeholder('today'))))
    .orderBy(asc(shopContracts.endDate), asc(shopContracts.id))
    .limit(sql.placeholder('limit')),
);

/** The shop's contract in force today, else its next one not yet in force, else null. */
export async function contractOfShop(ctx: AppContext, shopId: number): Promise<ContractRow | null> {
  const today = platformDay(new Date());
  const [row] = await contractInForce(ctx.db).execute({ shopId, today, limit: 1 });
  return row ? toRow(row.contract, row.shopName, today) : null;
}

/**
 * Contract writes of one shop go one at a time: the shop's row is locked, so of two operators
 * giving one shop contracts for overlapping periods at once, the second sees the first's and is
 * refused. Periods of contracts that are not terminated never overlap.
 */
async function lockShop(tx: Transaction, shopId: number): Promise<void> {
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
  if (!shop) throw badRequest('CONTRACT_SHOP_NOT_FOUND');
}

async function assertNoOverlap(tx: Transaction, shopId: number, start: string, end: string, exceptId?: number): Promise<void> {
  const c = shopContracts;
  const [clash] = await tx
    .select({ no: c.contractNo })
    .from(c)
    .where(and(eq(c.shopId, shopId), isNull(c.terminatedAt), lte(c.startDate, end), gte(c.endDate, start), exceptId ? ne(c.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw badRequest('CONTRACT_OVERLAP', { no: clash.no });
}

async function assertNoFree(tx: Transaction, no: string, exceptId?: number): Promise<void> {
  const [clash] = await tx.select({ id: shopContracts.id }).from(shopContracts).where(eq(shopContracts.contractNo, no)).limit(1);
  if (clash && clash.id !== exceptId) throw badRequest('CONTRACT_NO_TAKEN');
}

export async function createContract(ctx: AppContext, input: ContractInput, audit: AuditInTransaction): Promise<ContractRow> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockShop(tx, input.shop_id);
    await assertNoFree(tx, input.contract_no);
    await assertNoOverlap(tx, input.shop_id, input.start_date, input.end_date);
    const [created] = await tx
      .insert(shopContracts)
      .values({
        contractNo: input.contract_no, shopId: input.shop_id, startDate: input.start_date, endDate: input.end_date,
        fileUrl: input.file_url, fileName: input.file_name, remark: input.remark,
      })
      .returning({ id: shopContracts.id });
    await audit(tx);
    return created.id;
  });
  return getContract(ctx, id);
}

export async function updateContract(ctx: AppContext, id: number, input: ContractEditInput, audit: AuditInTransaction): Promise<ContractRow> {
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ shopId: shopContracts.shopId }).from(shopContracts).where(eq(shopContracts.id, id));
    if (!found) throw notFound();
    await lockShop(tx, found.shopId);
    const [current] = await tx.select().from(shopContracts).where(eq(shopContracts.id, id)).for('update');
    assertContractAllowed(contractState(current, platformDay(new Date())), 'EDIT');
    await assertNoFree(tx, input.contract_no, id);
    await assertNoOverlap(tx, current.shopId, input.start_date, input.end_date, id);
    await tx
      .update(shopContracts)
      .set({
        contractNo: input.contract_no, startDate: input.start_date, endDate: input.end_date, fileUrl: input.file_url, fileName: input.file_name, remark: input.remark,
        // a new end day is a new reason to tell the shop
        ...(input.end_date !== current.endDate ? { expiryNoticeAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(shopContracts.id, id));
    await audit(tx);
  });
  return getContract(ctx, id);
}

/** Ends a contract early, for good: the shop is told why. */
export async function terminateContract(ctx: AppContext, id: number, reason: string, admin: AuthedAdmin, audit: AuditInTransaction): Promise<ContractRow> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(shopContracts).where(eq(shopContracts.id, id)).for('update');
    if (!current) throw notFound();
    assertContractAllowed(contractState(current, platformDay(new Date())), 'TERMINATE');
    await tx.update(shopContracts).set({ terminatedAt: new Date(), terminateReason: reason, terminatedBy: admin.username, updatedAt: new Date() }).where(eq(shopContracts.id, id));
    const [shop] = await tx.select({ name: shops.shopName }).from(shops).where(eq(shops.id, current.shopId));
    await sendStationMessages(tx, [{
      receiverType: 'SHOP', receiverId: current.shopId, receiver: shop?.name ?? '',
      title: '店铺合同已终止', content: `您的店铺合同${current.contractNo}已被平台终止，原因：${reason}`,
    }]);
    await audit(tx);
  });
  return getContract(ctx, id);
}

/**
 * The daily notice: each shop whose contract in force ends within CONTRACT_EXPIRING_DAYS days is
 * told once (a conditional update marks it, so two instances or a rerun never tell it twice).
 */
export async function noticeExpiringContracts(ctx: AppContext, now: Date): Promise<number> {
  const today = platformDay(now);
  const c = shopContracts;
  const due = await ctx.db
    .select({ id: c.id })
    .from(c)
    .where(and(isNull(c.expiryNoticeAt), isNull(c.terminatedAt), gte(c.endDate, today), lte(c.endDate, addDays(today, CONTRACT_EXPIRING_DAYS)), lte(c.startDate, today)))
    .orderBy(asc(c.endDate))
    .limit(1000);
  let told = 0;
  for (const { id } of due) {
    told += await ctx.db.transaction(async (tx) => {
      const [marked] = await tx
        .update(c)
        .set({ expiryNoticeAt: now })
        .where(and(eq(c.id, id), isNull(c.expiryNoticeAt), isNull(c.terminatedAt)))
        .returning({ shopId: c.shopId, no: c.contractNo, endDate: c.endDate });
      if (!marked) return 0;
      const [shop] = await tx.select({ name: shops.shopName }).from(shops).where(eq(shops.id, marked.shopId));
      await sendStationMessages(tx, [{
        receiverType: 'SHOP', receiverId: marked.shopId, receiver: shop?.name ?? '',
        title: '店铺合同即将到期', content: `您的店铺合同${marked.no}将于${marked.endDate}到期（剩余${daysBetween(today, marked.endDate)}天），请及时联系平台续签。`,
      }]);
      return 1;
    });
  }
  return told;
}

const MB = 1024 * 1024;
const CONTENT_OF: Record<(typeof CONTRACT_FILE_EXTS)[number], string> = { pdf: 'pdf', jpg: 'jpg', jpeg: 'jpg', png: 'png' };
const MIME_OF: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

/** The signed file: a PDF, JPG or PNG up to CONTRACT_LIMITS.fileMb, its content checked against its extension. */
export async function uploadContractFile(ctx: AppContext, req: FastifyRequest, admin: AuthedAdmin): Promise<ContractFile> {
  if (!req.isMultipart()) throw badRequest('UPLOAD_NO_FILE');
  const limit = CONTRACT_LIMITS.fileMb * MB;
  const part = await req.file({ limits: { fileSize: limit + 1 } });
  if (!part || part.fieldname !== 'file') throw badRequest('UPLOAD_NO_FILE');
  const name = path.basename((part.filename ?? '').replace(/\\/g, '/')).slice(-200);
  const ext = path.extname(name).slice(1).toLowerCase() as (typeof CONTRACT_FILE_EXTS)[number];
  if (!(CONTRACT_FILE_EXTS as readonly string[]).includes(ext)) {
    part.file.resume();
    throw badRequest('UPLOAD_BAD_EXT', { exts: CONTRACT_FILE_EXTS.join(', ') });
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('CONTRACT_FILE_TOO_LARGE', { limit: CONTRACT_LIMITS.fileMb });
    throw error;
  }
  if (bytes.length === 0) throw badRequest('UPLOAD_NO_FILE');
  if (bytes.length > limit) throw badRequest('CONTRACT_FILE_TOO_LARGE', { limit: CONTRACT_LIMITS.fileMb });
  const detected = await (await import('file-type')).fileTypeFromBuffer(bytes);
  if (detected?.ext !== CONTENT_OF[ext]) throw badRequest('UPLOAD_CONTENT_MISMATCH', { ext: ext.toUpperCase() });
  const now = new Date();
  const stored = CONTENT_OF[ext];
  const key = `contract/${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}/${crypto.randomBytes(12).toString('hex')}.${stored}`;
  const file = await storeFile(ctx.db, ctx.storage, key, bytes, { contentType: MIME_OF[stored], originalName: name, uploaderType: 'ADMIN', uploaderId: admin.id });
  return { url: file.url, name, ext: stored, size: bytes.length };
}
