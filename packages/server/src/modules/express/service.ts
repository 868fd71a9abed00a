import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LogiCompanyInput, LogiCompanyQuery, LogiCompanyRow, LogiState, Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike, type Transaction } from '../../db/sql.js';
import { shipments } from '../orders/tables.js';
import { logiCompanies } from './tables.js';

type LogiRecord = typeof logiCompanies.$inferSelect;

const notFound = () => new AppError(404, 'LOGI_NOT_FOUND');

refuseDuplicates({ logi_companies_name_uq: 'LOGI_NAME_TAKEN', logi_companies_code_uq: 'LOGI_CODE_TAKEN', logi_companies_kdcode_uq: 'LOGI_KDCODE_TAKEN' });

/**
 * Whether a shipment names the carrier, as one probe of shipments_logi_name_idx: the first name at
 * or after the carrier's is the carrier's. (`exists (… where logi_name = name)` let the planner scan
 * shipments in the hope of an early match, each carrier of the page: 240 ms a page at 875 000
 * shipments, and a whole scan for a carrier never used.) Written out in full: inside a correlated
 * subquery drizzle would leave "name" unqualified.
 */
export const carrierUsed = sql<boolean>`coalesce((select s.logi_name from shipments s where s.logi_name >= "logi_companies"."name" order by s.logi_name limit 1) = "logi_companies"."name", false)`;

const toRow = (row: LogiRecord, used: boolean): LogiCompanyRow => ({
  logi_id: row.id,
  name: row.name,
  code: row.code,
  kdcode: row.kdcode,
  is_waybill: row.isWaybill === 1 ? 1 : 0,
  form_items: row.formItems,
  disabled: row.disabled as LogiState,
  used: used ? 1 : 0,
  create_time: unixSeconds(row.createdAt),
});

export function listLogiCompanies(ctx: AppContext, query: LogiCompanyQuery): Promise<Page<LogiCompanyRow>> {
  const like = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  return listPage(ctx.db, {
    query,
    table: logiCompanies,
    id: logiCompanies.id,
    where: [
      like ? or(ilike(logiCompanies.name, like), ilike(logiCompanies.code, like)) : undefined,
      query.disabled ? eq(logiCompanies.disabled, query.disabled) : undefined,
    ],
    statement: 'express/service.listLogiCompanies',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select({ logi: logiCompanies, used: carrierUsed }).from(logiCompanies).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: ({ logi, used }) => toRow(logi, used),
    idOf: (row) => row.logi_id,
  });
}

/** a carrier by id with whether a shipment names it: prepared once (platform/statements.ts) */
const companyById = preparedOnce('agora_logi_company', (db) =>
  db.select({ logi: logiCompanies, used: carrierUsed }).from(logiCompanies).where(eq(logiCompanies.id, sql.placeholder('id'))),
);

export async function getLogiCompany(ctx: AppContext, id: number): Promise<LogiCompanyRow> {
  const [row] = await companyById(ctx.db).execute({ id });
  if (!row) throw notFound();
  return toRow(row.logi, row.used);
}

/** Carrier writes go one at a time: two operators saving the same name at once get one carrier and one refusal. */
async function lockCompanies(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${logiCompanies} in share row exclusive mode`);
}

async function assertUnique(tx: Transaction, input: LogiCompanyInput, exceptId?: number): Promise<void> {
  const except = exceptId ? ne(logiCompanies.id, exceptId) : undefined;
  const taken = async (column: AnyPgColumn, value: string) =>
    (await tx.select({ id: logiCompanies.id }).from(logiCompanies).where(and(eq(column, value), except)).limit(1)).length > 0;
  if (await taken(logiCompanies.name, input.name)) throw badRequest('LOGI_NAME_TAKEN');
  if (await taken(logiCompanies.code, input.code)) throw badRequest('LOGI_CODE_TAKEN');
  if (input.kdcode && (await taken(logiCompanies.kdcode, input.kdcode))) throw badRequest('LOGI_KDCODE_TAKEN');
}

const valuesOf = (input: LogiCompanyInput) => ({
  name: input.name,
  code: input.code,
  kdcode: input.kdcode,
  isWaybill: input.is_waybill,
  formItems: input.form_items,
  disabled: input.disabled,
});

async function isUsed(tx: Transaction, id: number): Promise<boolean> {
  const [row] = await tx.select({ used: carrierUsed }).from(logiCompanies).where(eq(logiCompanies.id, id));
  return row?.used === true;
}

async function shipmentsOf(tx: Transaction, name: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(shipments).where(eq(shipments.logiName, name));
  return row.n;
}

export async function createLogiCompany(ctx: AppContext, input: LogiCompanyInput, audit: AuditInTransaction): Promise<LogiCompanyRow> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockCompanies(tx);
    await assertUnique(tx, input);
    const [created] = await tx.insert(logiCompanies).values(valuesOf(input)).returning({ id: logiCompanies.id });
    await audit(tx);
    return created.id;
  });
  return getLogiCompany(ctx, id);
}

export async function updateLogiCompany(ctx: AppContext, id: number, input: LogiCompanyInput, audit: AuditInTransaction): Promise<LogiCompanyRow> {
  await ctx.db.transaction(async (tx) => {
    await lockCompanies(tx);
    const [row] = await tx.select().from(logiCompanies).where(eq(logiCompanies.id, id));
    if (!row) throw notFound();
    await assertUnique(tx, input, id);
    // Shipments name their carrier: a rename would cut them off from it.
    if (row.name !== input.name && (await isUsed(tx, id))) throw badRequest('LOGI_IN_USE_RENAME');
    await tx.update(logiCompanies).set(valuesOf(input)).where(eq(logiCompanies.id, id));
    await audit(tx);
  });
  return getLogiCompany(ctx, id);
}

export async function toggleLogiCompany(ctx: AppContext, id: number, disabled: LogiState, audit: AuditInTransaction): Promise<LogiCompanyRow> {
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx.update(logiCompanies).set({ disabled }).where(eq(logiCompanies.id, id)).returning({ id: logiCompanies.id });
    if (!changed) throw notFound();
    await audit(tx);
  });
  return getLogiCompany(ctx, id);
}

export async function deleteLogiCompany(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockCompanies(tx);
    const [row] = await tx.select().from(logiCompanies).where(eq(logiCompanies.id, id));
    if (!row) throw notFound();
    const used = await shipmentsOf(tx, row.name);
    if (used > 0) throw badRequest('LOGI_IN_USE', { count: used });
    await tx.delete(logiCompanies).where(eq(logiCompanies.id, id));
    await audit(tx);
  });
}
