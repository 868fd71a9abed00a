import { asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Page, ThemeEditInput, ThemeInput, ThemeOption, ThemeQuery, ThemeRow, ThemeType } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { unixSeconds } from '../../platform/time.js';
import type { Transaction } from '../../db/sql.js';
import { shops } from '../shops/tables.js';
import { shopThemes } from './tables.js';

type ThemeRecord = typeof shopThemes.$inferSelect;

const notFound = () => new AppError(404, 'THEME_NOT_FOUND');

refuseDuplicates({ shop_themes_mark_uq: 'THEME_MARK_TAKEN' });

// Written out in full: inside a correlated subquery drizzle would leave "id" unqualified.
const shopCountSql = sql<number>`(select count(*)::int from shops s where s.pc_theme_id = "shop_themes"."id" or s.wap_theme_id = "shop_themes"."id")`;

const toRow = (row: ThemeRecord, shopCount: number): ThemeRow => ({
  id: row.id,
  name: row.name,
  mark: row.mark,
  image: row.image,
  type: row.type as ThemeType,
  is_default: row.isDefault === 1 ? 1 : 0,
  shop_count: Number(shopCount),
  create_time: unixSeconds(row.createdAt),
});

export function listThemes(ctx: AppContext, query: ThemeQuery): Promise<Page<ThemeRow>> {
  return listPage(ctx.db, {
    query,
    table: shopThemes,
    id: shopThemes.id,
    where: [query.type ? eq(shopThemes.type, query.type) : undefined],
    statement: 'themes/service.listThemes',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select({ theme: shopThemes, shopCount: shopCountSql }).from(shopThemes).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: ({ theme, shopCount }) => toRow(theme, shopCount),
    idOf: (row) => row.id,
  });
}

export async function getTheme(ctx: AppContext, id: number): Promise<ThemeRow> {
  const [row] = await ctx.db.select({ theme: shopThemes, shopCount: shopCountSql }).from(shopThemes).where(eq(shopThemes.id, id));
  if (!row) throw notFound();
  return toRow(row.theme, row.shopCount);
}

/**
 * Theme writes go one at a time: of two operators switching the default of a type at once, the
 * second sees the first's default, and a mark taken twice at once is one theme and one refusal.
 * The lock also waits for shops being opened (they hold the table in share mode): a delete counts
 * the shops using a theme only after those have committed.
 */
async function lockThemes(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${shopThemes} in share row exclusive mode`);
}

async function assertMarkFree(tx: Transaction, mark: string, exceptId?: number): Promise<void> {
  const [clash] = await tx.select({ id: shopThemes.id }).from(shopThemes).where(eq(shopThemes.mark, mark)).limit(1);
  if (clash && clash.id !== exceptId) throw badRequest('THEME_MARK_TAKEN');
}

/** The one place a type's default changes: the old default is cleared before the new one is set. */
async function setDefault(tx: Transaction, type: string, id: number): Promise<void> {
  await tx.update(shopThemes).set({ isDefault: 0 }).where(sql`${shopThemes.type} = ${type} and ${shopThemes.isDefault} = 1`);
  await tx.update(shopThemes).set({ isDefault: 1 }).where(eq(shopThemes.id, id));
}

export async function createTheme(ctx: AppContext, input: ThemeInput, audit: AuditInTransaction): Promise<ThemeRow> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockThemes(tx);
    await assertMarkFree(tx, input.mark);
    const [created] = await tx.insert(shopThemes).values({ name: input.name, mark: input.mark, image: input.image, type: input.type }).returning({ id: shopThemes.id });
    const [current] = await tx.select({ id: shopThemes.id }).from(shopThemes).where(sql`${shopThemes.type} = ${input.type} and ${shopThemes.isDefault} = 1`);
    if (input.is_default === 1 || !current) await setDefault(tx, input.type, created.id);
    await audit(tx);
    return created.id;
  });
  return getTheme(ctx, id);
}

export async function updateTheme(ctx: AppContext, id: number, input: ThemeEditInput, audit: AuditInTransaction): Promise<ThemeRow> {
  await ctx.db.transaction(async (tx) => {
    await lockThemes(tx);
    await assertMarkFree(tx, input.mark, id);
    const [changed] = await tx.update(shopThemes).set({ name: input.name, mark: input.mark, image: input.image }).where(eq(shopThemes.id, id)).returning({ id: shopThemes.id });
    if (!changed) throw notFound();
    await audit(tx);
  });
  return getTheme(ctx, id);
}

export async function makeDefaultTheme(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<ThemeRow> {
  await ctx.db.transaction(async (tx) => {
    await lockThemes(tx);
    const [theme] = await tx.select().from(shopThemes).where(eq(shopThemes.id, id));
    if (!theme) throw notFound();
    if (theme.isDefault !== 1) await setDefault(tx, theme.type, id);
    await audit(tx);
  });
  return getTheme(ctx, id);
}

export async function deleteTheme(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockThemes(tx);
    const [theme] = await tx.select().from(shopThemes).where(eq(shopThemes.id, id));
    if (!theme) throw notFound();
    if (theme.isDefault === 1) throw badRequest('THEME_DEFAULT_DELETE');
    const [used] = await tx.select({ n: count() }).from(shops).where(or(eq(shops.pcThemeId, id), eq(shops.wapThemeId, id)));
    if (used.n > 0) throw badRequest('THEME_IN_USE', { count: used.n });
    await tx.delete(shopThemes).where(eq(shopThemes.id, id));
    await audit(tx);
  });
}

/** Every theme, defaults first, for choosing a shop's (a handful: no paging). */
export async function themeOptions(ctx: AppContext): Promise<ThemeOption[]> {
  const rows = await ctx.db.select().from(shopThemes).orderBy(asc(shopThemes.type), sql`${shopThemes.isDefault} desc`, asc(shopThemes.id));
  return rows.map((row) => ({ id: row.id, name: row.name, type: row.type as ThemeType, is_default: row.isDefault === 1 ? 1 : 0 }));
}

/**
 * The themes an edit gives a shop, checked to exist and to be of their type (a PC theme draws the
 * PC site); they stay until the caller's transaction ends, as `defaultThemesFor` keeps them.
 */
export async function chosenThemes(tx: Transaction, chosen: { pc?: number; wap?: number }): Promise<{ pcThemeId?: number; wapThemeId?: number }> {
  const ids = [chosen.pc, chosen.wap].filter((id): id is number => id !== undefined);
  if (ids.length === 0) return {};
  await tx.execute(sql`lock table ${shopThemes} in share mode`);
  const rows = await tx.select({ id: shopThemes.id, type: shopThemes.type }).from(shopThemes).where(inArray(shopThemes.id, ids));
  const of = (id: number | undefined, type: ThemeType) => {
    if (id === undefined) return undefined;
    if (!rows.some((row) => row.id === id && row.type === type)) throw badRequest('THEME_NOT_FOUND');
    return id;
  };
  return { pcThemeId: of(chosen.pc, 'PC'), wapThemeId: of(chosen.wap, 'WAP') };
}

/**
 * The default PC and WAP themes a shop opens with; the themes stay as they are until the caller's
 * transaction ends (shops open side by side, theme writes wait). Without both the shop cannot
 * open (店铺模版不存在,请设置店铺模版).
 */
export async function defaultThemesFor(tx: Transaction): Promise<{ pcThemeId: number; wapThemeId: number }> {
  await tx.execute(sql`lock table ${shopThemes} in share mode`);
  const rows = await tx.select({ id: shopThemes.id, type: shopThemes.type }).from(shopThemes).where(eq(shopThemes.isDefault, 1));
  const pc = rows.find((row) => row.type === 'PC');
  const wap = rows.find((row) => row.type === 'WAP');
  if (!pc || !wap) throw badRequest('THEME_NOT_SET');
  return { pcThemeId: pc.id, wapThemeId: wap.id };
}
