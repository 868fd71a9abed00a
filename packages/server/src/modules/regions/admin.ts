import { and, asc, eq, ne, sql, type AnyColumn } from 'drizzle-orm';
import {
  DOMESTIC_COUNTRY_CODE,
  REGION_MAX_LEVEL,
  type CountryAdminRow,
  type CountryCreateInput,
  type CountryInput,
  type RegionAdminRow,
  type RegionCreateInput,
  type RegionInput,
  type StateAdminRow,
  type StateCreateInput,
  type StateInput,
} from '@agora/contract';
import type { Transaction } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { members } from '../members/tables.js';
import { bumpRevision } from './loader.js';
import { reloadMobilePatterns } from './mobile-patterns.js';
import { shopDetails, shops } from '../shops/tables.js';
import { countries, countryCities, countryStates, operatorRegionIds, operatorStateIds, regions } from './tables.js';

refuseDuplicates({ countries_pkey: 'COUNTRY_CODE_TAKEN' });

/**
 * Regional management: operators edit the domestic tree, the countries and their states. Each
 * change marks its row edited (a new data package then leaves it alone) and bumps the data set's
 * revision in the same transaction, so every cache validator of the public answers changes and the
 * pickers load the new data at once. A country's mobile pattern is the mobile rule of every input
 * on both sides (mobile-patterns.ts): this instance enforces it once the change committed, the
 * others within their refresh interval.
 */
/** Serialises the writes under one parent (a region's children, a country's states): names stay unique among siblings. */
async function lockParent(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

const hasChildrenSql = sql<boolean>`exists (select 1 from "regions" as "c" where "c"."parent_id" = "regions"."id")`;

function toRegionRow(row: typeof regions.$inferSelect, hasChildren: boolean): RegionAdminRow {
  return {
    id: row.id,
    parent_id: row.parentId,
    local_name: row.name,
    region_grade: row.level,
    zipcode: row.zipcode,
    cod: row.cod ? 1 : 0,
    has_children: hasChildren ? 1 : 0,
  };
}

export async function adminRegionChildren(ctx: AppContext, parentId: number): Promise<RegionAdminRow[]> {
  if (parentId !== 0) await findRegion(ctx.db, parentId);
  const rows = await ctx.db
    .select({ region: regions, hasChildren: hasChildrenSql })
    .from(regions)
    .where(eq(regions.parentId, parentId))
    .orderBy(asc(regions.id));
  return rows.map((row) => toRegionRow(row.region, row.hasChildren));
}

async function findRegion(tx: Transaction | AppContext['db'], id: number, lock = false) {
  const query = tx.select().from(regions).where(eq(regions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError(404, 'REGION_NOT_FOUND');
  return row;
}

export async function getAdminRegion(ctx: AppContext, id: number): Promise<RegionAdminRow> {
  const [row] = await ctx.db.select({ region: regions, hasChildren: hasChildrenSql }).from(regions).where(eq(regions.id, id));
  if (!row) throw new AppError(404, 'REGION_NOT_FOUND');
  return toRegionRow(row.region, row.hasChildren);
}

async function assertSiblingNameFree(tx: Transaction, parentId: number, name: string, exceptId?: number): Promise<void> {
  const [clash] = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.parentId, parentId), eq(regions.name, name), exceptId === undefined ? undefined : ne(regions.id, exceptId)))
    .limit(1);
  if (clash) throw badRequest('REGION_NAME_TAKEN', { name });
}

export async function createRegion(ctx: AppContext, input: RegionCreateInput): Promise<RegionAdminRow> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockParent(tx, `regions:${input.parent_id}`);
    const parent = input.parent_id === 0 ? { level: 0, path: '|' } : await findRegion(tx, input.parent_id, true);
    if (parent.level >= REGION_MAX_LEVEL) throw badRequest('REGION_TOO_DEEP', { max: REGION_MAX_LEVEL });
    await assertSiblingNameFree(tx, input.parent_id, input.local_name);
    const [{ next }] = (await tx.execute<{ next: string }>(sql`select nextval(${operatorRegionIds.seqName!}) as next`)).rows;
    const newId = Number(next);
    await tx.insert(regions).values({
      id: newId,
      parentId: input.parent_id,
      level: parent.level + 1,
      name: input.local_name,
      path: `${parent.path}${newId}|`,
      zipcode: input.zipcode,
      cod: input.cod,
      edited: 1,
    });
    await bumpRevision(tx, 'regions');
    return newId;
  });
  return getAdminRegion(ctx, id);
}

export async function updateRegion(ctx: AppContext, id: number, input: RegionInput): Promise<RegionAdminRow> {
  await ctx.db.transaction(async (tx) => {
    const current = await findRegion(tx, id);
    await lockParent(tx, `regions:${current.parentId}`);
    await assertSiblingNameFree(tx, current.parentId, input.local_name, id);
    await tx.update(regions).set({ name: input.local_name, zipcode: input.zipcode, cod: input.cod, edited: 1 }).where(eq(regions.id, id));
    await bumpRevision(tx, 'regions');
  });
  return getAdminRegion(ctx, id);
}

/** How many members and shops name the region (their stored region paths hold it). */
async function regionUses(tx: Transaction, id: number): Promise<number> {
  const holds = (column: AnyColumn) => sql`${column} @> array[${id}]::integer[]`;
  const memberCount = await tx.$count(members, holds(members.regionIds));
  const shopCount = await tx.$count(shops, holds(shops.regionIds));
  const detailCount = await tx.$count(shopDetails, sql`(${holds(shopDetails.licenseRegionIds)} or ${holds(shopDetails.bankRegionIds)})`);
  return memberCount + shopCount + detailCount;
}

export async function deleteRegion(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findRegion(tx, id);
    // A child added under it meanwhile waits for this lock, then finds its parent gone.
    await lockParent(tx, `regions:${id}`);
    await findRegion(tx, id, true);
    const [child] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.parentId, id)).limit(1);
    if (child) throw badRequest('REGION_HAS_CHILDREN');
    const uses = await regionUses(tx, id);
    if (uses > 0) throw badRequest('REGION_IN_USE', { count: uses });
    await tx.delete(regions).where(eq(regions.id, current.id));
    await bumpRevision(tx, 'regions');
  });
}

// --- countries and states ------------------------------------------------------------------

const stateCountSql = sql<number>`(select count(*)::int from "country_states" as "s" where "s"."country_code" = "countries"."code")`;

function toCountryRow(row: typeof countries.$inferSelect, stateCount: number, lang: 'zh' | 'en'): CountryAdminRow {
  return {
    id: row.code,
    code: row.code,
    name: lang === 'zh' ? row.nameZh : row.nameEn,
    name_zh: row.nameZh,
    name_en: row.nameEn,
    tel: row.tel,
    mobile_regex: row.mobileRegex,
    flag: row.flag,
    state_count: stateCount,
    has_children: stateCount > 0 ? 1 : 0,
  };
}

const collators = { zh: new Intl.Collator('zh-CN'), en: new Intl.Collator('en-US') };

export async function adminCountries(ctx: AppContext, lang: 'zh' | 'en'): Promise<CountryAdminRow[]> {
  const rows = await ctx.db.select({ country: countries, stateCount: stateCountSql }).from(countries);
  return rows
    .map((row) => ({ sort: row.country.sort, item: toCountryRow(row.country, row.stateCount, lang) }))
    .sort((a, b) => a.sort - b.sort || collators[lang].compare(a.item.name, b.item.name))
    .map((row) => row.item);
}

async function getAdminCountry(ctx: AppContext, code: string, lang: 'zh' | 'en'): Promise<CountryAdminRow> {
  const [row] = await ctx.db.select({ country: countries, stateCount: stateCountSql }).from(countries).where(eq(countries.code, code));
  if (!row) throw new AppError(404, 'COUNTRY_NOT_FOUND');
  return toCountryRow(row.country, row.stateCount, lang);
}

const countryColumns = (input: CountryInput) => ({
  nameZh: input.name_zh,
  nameEn: input.name_en,
  tel: input.tel,
  mobileRegex: input.mobile_regex,
  flag: input.flag,
  edited: 1,
});

export async function createCountry(ctx: AppContext, input: CountryCreateInput, lang: 'zh' | 'en'): Promise<CountryAdminRow> {
  await ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, input.code));
    if (taken) throw badRequest('COUNTRY_CODE_TAKEN');
    await tx.insert(countries).values({ code: input.code, ...countryColumns(input), sort: 1 });
    await bumpRevision(tx, 'countries');
  });
  await reloadMobilePatterns(ctx);
  return getAdminCountry(ctx, input.code, lang);
}

export async function updateCountry(ctx: AppContext, code: string, input: CountryInput, lang: 'zh' | 'en'): Promise<CountryAdminRow> {
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(countries).set(countryColumns(input)).where(eq(countries.code, code)).returning({ code: countries.code });
    if (!updated) throw new AppError(404, 'COUNTRY_NOT_FOUND');
    await bumpRevision(tx, 'countries');
  });
  await reloadMobilePatterns(ctx);
  return getAdminCountry(ctx, code, lang);
}

export async function deleteCountry(ctx: AppContext, code: string): Promise<void> {
  if (code === DOMESTIC_COUNTRY_CODE) throw badRequest('COUNTRY_DOMESTIC_PROTECTED');
  await ctx.db.transaction(async (tx) => {
    const [country] = await tx.select().from(countries).where(eq(countries.code, code)).for('update');
    if (!country) throw new AppError(404, 'COUNTRY_NOT_FOUND');
    await lockParent(tx, `country_states:${code}`);
    const [state] = await tx.select({ id: countryStates.id }).from(countryStates).where(eq(countryStates.countryCode, code)).limit(1);
    if (state) throw badRequest('COUNTRY_HAS_STATES');
    const uses = await tx.$count(members, eq(members.regionCountry, code));
    if (uses > 0) throw badRequest('COUNTRY_IN_USE', { count: uses });
    await tx.delete(countries).where(eq(countries.code, code));
    await bumpRevision(tx, 'countries');
  });
  await reloadMobilePatterns(ctx);
}

function toStateRow(row: typeof countryStates.$inferSelect): StateAdminRow {
  return { id: row.id, country_code: row.countryCode, name: row.name, code: row.code, has_city: row.hasCity ? 1 : 0 };
}

export async function adminStates(ctx: AppContext, code: string): Promise<StateAdminRow[]> {
  const [country] = await ctx.db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
  if (!country) throw new AppError(404, 'COUNTRY_NOT_FOUND');
  const rows = await ctx.db.select().from(countryStates).where(eq(countryStates.countryCode, code)).orderBy(asc(countryStates.name), asc(countryStates.id));
  return rows.map(toStateRow);
}

export async function getAdminState(ctx: AppContext, id: number): Promise<StateAdminRow> {
  return toStateRow(await findState(ctx.db, id));
}

async function assertStateNameFree(tx: Transaction, countryCode: string, name: string, exceptId?: number): Promise<void> {
  const [clash] = await tx
    .select({ id: countryStates.id })
    .from(countryStates)
    .where(and(eq(countryStates.countryCode, countryCode), eq(countryStates.name, name), exceptId === undefined ? undefined : ne(countryStates.id, exceptId)))
    .limit(1);
  if (clash) throw badRequest('STATE_NAME_TAKEN', { name });
}

async function findState(tx: Transaction | AppContext['db'], id: number) {
  const [row] = await tx.select().from(countryStates).where(eq(countryStates.id, id));
  if (!row) throw new AppError(404, 'STATE_NOT_FOUND');
  return row;
}

export async function createState(ctx: AppContext, input: StateCreateInput): Promise<StateAdminRow> {
  const row = await ctx.db.transaction(async (tx) => {
    const [country] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, input.country_code)).for('update');
    if (!country) throw new AppError(404, 'COUNTRY_NOT_FOUND');
    await lockParent(tx, `country_states:${input.country_code}`);
    await assertStateNameFree(tx, input.country_code, input.name);
    const [created] = await tx
      .insert(countryStates)
      .values({
        id: sql`nextval(${operatorStateIds.seqName!})`,
        countryCode: input.country_code,
        name: input.name,
        code: input.code,
        hasCity: 0,
        citiesLoaded: 1,
        edited: 1,
      })
      .returning();
    await bumpRevision(tx, 'countries');
    return created;
  });
  return toStateRow(row);
}

export async function updateState(ctx: AppContext, id: number, input: StateInput): Promise<StateAdminRow> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findState(tx, id);
    await lockParent(tx, `country_states:${current.countryCode}`);
    await assertStateNameFree(tx, current.countryCode, input.name, id);
    const [updated] = await tx.update(countryStates).set({ name: input.name, code: input.code, edited: 1 }).where(eq(countryStates.id, id)).returning();
    await bumpRevision(tx, 'countries');
    return updated;
  });
  return toStateRow(row);
}

export async function deleteState(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findState(tx, id);
    await lockParent(tx, `country_states:${current.countryCode}`);
    const uses = await tx.$count(members, eq(members.regionStateId, id));
    if (uses > 0) throw badRequest('STATE_IN_USE', { count: uses });
    await tx.delete(countryCities).where(eq(countryCities.stateId, id));
    await tx.delete(countryStates).where(eq(countryStates.id, id));
    await bumpRevision(tx, 'countries');
  });
}
