import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { normalizeRate, type CurrencyInput, type CurrencyListQuery, type CurrencyRow, type Page, type RateLookup, type RateUpdateResult } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike, type Transaction } from '../../db/sql.js';
import { currencies } from './tables.js';
import { httpRateSource, type RateSource } from './rate-source.js';

type CurrencyRecord = typeof currencies.$inferSelect;

const notFound = () => new AppError(404, 'CURRENCY_NOT_FOUND');

refuseDuplicates({ currencies_code_uq: 'CURRENCY_CODE_TAKEN', currencies_name_uq: 'CURRENCY_NAME_TAKEN' });

const toRow = (row: CurrencyRecord): CurrencyRow => ({
  id: row.id,
  currency_code: row.code,
  currency_name: row.name,
  currency_symbol: row.symbol,
  rate: normalizeRate(row.rate),
  sort: row.sort,
  enable: row.enabled === 1 ? 1 : 0,
  auto_rate: row.autoRate === 1 ? 1 : 0,
  is_default: row.isDefault === 1 ? 1 : 0,
  rate_update_time: unixSeconds(row.rateUpdatedAt),
  update_time: unixSeconds(row.updatedAt),
});

/** The driver the rate tool, the refresh and the scheduled sync ask. */
export const rateSourceOf = (ctx: AppContext): RateSource => httpRateSource(ctx, ctx.config.exchangeRateUrl);

export function listCurrencies(ctx: AppContext, query: CurrencyListQuery): Promise<Page<CurrencyRow>> {
  const like = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  return listPage(ctx.db, {
    query,
    table: currencies,
    id: currencies.id,
    where: [
      like ? or(ilike(currencies.code, like), ilike(currencies.name, like)) : undefined,
      query.enable !== undefined ? eq(currencies.enabled, query.enable) : undefined,
    ],
    sorts: { sort: currencies.sort },
    statement: 'currencies/service.listCurrencies',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(currencies).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.id,
  });
}

async function readCurrency(ctx: AppContext, id: number): Promise<CurrencyRow> {
  const [row] = await ctx.db.select().from(currencies).where(eq(currencies.id, id));
  if (!row) throw notFound();
  return toRow(row);
}

export async function findDefaultCurrency(ctx: AppContext): Promise<CurrencyRow | undefined> {
  const [row] = await ctx.db.select().from(currencies).where(eq(currencies.isDefault, 1));
  return row ? toRow(row) : undefined;
}

export async function defaultCurrency(ctx: AppContext): Promise<CurrencyRow> {
  const found = await findDefaultCurrency(ctx);
  if (!found) throw new AppError(404, 'CURRENCY_DEFAULT_MISSING');
  return found;
}

/**
 * Every currency write takes the table lock first: which row is the default, and every rate that
 * hangs on it, changes only one writer at a time (currencies are a handful of rows written rarely).
 */
async function lockCurrencies(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${currencies} in share row exclusive mode`);
}

async function assertUnique(tx: Transaction, input: CurrencyInput, exceptId?: number): Promise<void> {
  const except = exceptId ? ne(currencies.id, exceptId) : undefined;
  const [sameCode] = await tx.select({ id: currencies.id }).from(currencies).where(and(eq(currencies.code, input.currency_code), except));
  if (sameCode) throw badRequest('CURRENCY_CODE_TAKEN');
  const [sameName] = await tx.select({ id: currencies.id }).from(currencies).where(and(eq(currencies.name, input.currency_name), except));
  if (sameName) throw badRequest('CURRENCY_NAME_TAKEN');
}

/**
 * Makes `id` the default: every rate is re-expressed against it (rate ÷ its rate, kept to the
 * column's 8 places), it gets exactly 1 and the old default gives up the flag.
 */
async function makeDefault(tx: Transaction, id: number, rate: string): Promise<void> {
  await tx
    .update(currencies)
    .set({ rate: sql`round(${currencies.rate} / ${rate}::numeric, 8)`, rateUpdatedAt: new Date(), isDefault: 0 })
    .where(ne(currencies.id, id));
  await tx.update(currencies).set({ rate: '1', isDefault: 1, rateUpdatedAt: new Date() }).where(eq(currencies.id, id));
}

const isOne = (rate: string) => normalizeRate(rate) === '1';

export async function createCurrency(ctx: AppContext, input: CurrencyInput, audit: AuditInTransaction): Promise<CurrencyRow> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockCurrencies(tx);
    await assertUnique(tx, input);
    const [current] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.isDefault, 1));
    // Without a default (the start writes one: seed/base.ts) the new currency is it.
    const asDefault = input.is_default === 1 || !current;
    if (asDefault && input.enable !== 1) throw badRequest('CURRENCY_DEFAULT_DISABLE');
    const [created] = await tx
      .insert(currencies)
      .values({
        code: input.currency_code,
        name: input.currency_name,
        symbol: input.currency_symbol,
        rate: input.rate,
        sort: input.sort,
        enabled: input.enable,
        autoRate: asDefault ? 0 : input.auto_rate,
        isDefault: 0,
      })
      .returning({ id: currencies.id });
    if (asDefault) await makeDefault(tx, created.id, input.rate);
    await audit(tx);
    return created.id;
  });
  return readCurrency(ctx, id);
}

/**
 * The default currency keeps rate 1, stays enabled and stays the default (another currency is
 * made the default instead, which frees this one). A currency made the default keeps its stored
 * rate against the old default in that save, and every rate is rebased by it.
 */
export async function updateCurrency(ctx: AppContext, id: number, input: CurrencyInput, audit: AuditInTransaction): Promise<CurrencyRow> {
  await ctx.db.transaction(async (tx) => {
    await lockCurrencies(tx);
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, id));
    if (!row) throw notFound();
    await assertUnique(tx, input, id);
    const wasDefault = row.isDefault === 1;
    if (wasDefault) {
      if (input.is_default !== 1) throw badRequest('CURRENCY_DEFAULT_UNSET');
      if (input.enable !== 1) throw badRequest('CURRENCY_DEFAULT_DISABLE');
      if (!isOne(input.rate)) throw badRequest('CURRENCY_DEFAULT_RATE');
    } else if (input.is_default === 1) {
      if (input.enable !== 1) throw badRequest('CURRENCY_DEFAULT_DISABLE');
      // Every rate is rebased by this one: it must be the rate against today's default, not one
      // read before another operator changed the default or the rate.
      if (normalizeRate(row.rate) !== input.rate) throw badRequest('CURRENCY_RATE_STALE');
    }
    const rateChanged = normalizeRate(row.rate) !== input.rate;
    await tx
      .update(currencies)
      .set({
        code: input.currency_code,
        name: input.currency_name,
        symbol: input.currency_symbol,
        rate: input.rate,
        sort: input.sort,
        enabled: input.enable,
        autoRate: input.is_default === 1 ? 0 : input.auto_rate,
        updatedAt: new Date(),
        ...(rateChanged ? { rateUpdatedAt: new Date() } : {}),
      })
      .where(eq(currencies.id, id));
    if (!wasDefault && input.is_default === 1) await makeDefault(tx, id, input.rate);
    await audit(tx);
  });
  return readCurrency(ctx, id);
}

export async function setCurrencyEnabled(ctx: AppContext, id: number, enable: number, audit: AuditInTransaction): Promise<CurrencyRow> {
  await ctx.db.transaction(async (tx) => {
    await lockCurrencies(tx);
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, id));
    if (!row) throw notFound();
    if (row.isDefault === 1 && enable !== 1) throw badRequest('CURRENCY_DEFAULT_DISABLE');
    await tx.update(currencies).set({ enabled: enable, updatedAt: new Date() }).where(eq(currencies.id, id));
    await audit(tx);
  });
  return readCurrency(ctx, id);
}

export async function setCurrencyAutoRate(ctx: AppContext, id: number, autoRate: number, audit: AuditInTransaction): Promise<CurrencyRow> {
  await ctx.db.transaction(async (tx) => {
    await lockCurrencies(tx);
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, id));
    if (!row) throw notFound();
    // The default's rate is 1 by definition: there is nothing to sync.
    if (row.isDefault === 1 && autoRate === 1) throw badRequest('CURRENCY_DEFAULT_RATE');
    await tx.update(currencies).set({ autoRate, updatedAt: new Date() }).where(eq(currencies.id, id));
    await audit(tx);
  });
  return readCurrency(ctx, id);
}

export async function deleteCurrency(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockCurrencies(tx);
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, id));
    if (!row) throw notFound();
    if (row.isDefault === 1) throw badRequest('CURRENCY_DEFAULT_DELETE');
    await tx.delete(currencies).where(eq(currencies.id, id));
    await audit(tx);
  });
}

/** The rate tool: what the source says one unit of the default buys of `code` now (nothing saved). */
export async function lookupRate(ctx: AppContext, code: string): Promise<RateLookup> {
  const base = await defaultCurrency(ctx);
  if (code === base.currency_code) return { base_code: base.currency_code, currency_code: code, rate: '1', rate_date: '' };
  const latest = await rateSourceOf(ctx).latest(base.currency_code, [code]);
  const rate = latest.rates.get(code);
  if (!rate) throw badRequest('RATE_SOURCE_NO_RATE', { code });
  const [rounded] = await ctx.db.execute<{ rate: string }>(sql`select round(${rate}::numeric, 8)::text as rate`).then((result) => result.rows);
  return { base_code: base.currency_code, currency_code: code, rate: normalizeRate(rounded.rate), rate_date: latest.date };
}

/**
 * Brings every currency that syncs its rate up to the source. The source is asked outside any
 * transaction; the rates are written only if the default is still the one they were asked
 * against (else a default change came in between and the next sync asks again).
 */
export async function syncRates(ctx: AppContext, audit?: AuditInTransaction): Promise<RateUpdateResult> {
  const base = await defaultCurrency(ctx);
  const auto = await ctx.db
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(eq(currencies.autoRate, 1), eq(currencies.isDefault, 0)))
    .orderBy(asc(currencies.sort), asc(currencies.id));
  const codes = auto.map((row) => row.code);
  if (codes.length === 0) {
    if (audit) await ctx.db.transaction(audit);
    return { updated: [], missing: [] };
  }
  const latest = await rateSourceOf(ctx).latest(base.currency_code, codes);
  return ctx.db.transaction(async (tx) => {
    await lockCurrencies(tx);
    const [still] = await tx.select({ id: currencies.id }).from(currencies).where(and(eq(currencies.isDefault, 1), eq(currencies.code, base.currency_code)));
    if (!still) throw badRequest('RATE_SOURCE_FAILED', { reason: 'the default currency changed meanwhile; please try again' });
    const result: RateUpdateResult = { updated: [], missing: [] };
    for (const code of codes) {
      const rate = latest.rates.get(code);
      const positive = rate !== undefined && /[1-9]/.test(rate) && !rate.startsWith('-');
      if (!positive) {
        result.missing.push(code);
        continue;
      }
      const [changed] = await tx
        .update(currencies)
        .set({ rate: sql`round(${rate}::numeric, 8)`, rateUpdatedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(currencies.code, code), eq(currencies.autoRate, 1), eq(currencies.isDefault, 0)))
        .returning({ rate: currencies.rate });
      if (changed) result.updated.push({ currency_code: code, rate: normalizeRate(changed.rate) });
    }
    if (audit) await audit(tx);
    return result;
  });
}
