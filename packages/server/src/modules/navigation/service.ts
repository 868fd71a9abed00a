import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { NavClientType, NavDirection, NavigationInput, NavigationQuery, NavigationRow, Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { unixSeconds } from '../../platform/time.js';
import { moveAmongSiblings, type Transaction } from '../../db/sql.js';
import { siteNavigations } from './tables.js';

type NavRecord = typeof siteNavigations.$inferSelect;

const notFound = () => new AppError(404, 'NAV_NOT_FOUND');

refuseDuplicates({ site_navigations_client_name_uq: 'NAV_NAME_TAKEN' });

const toRow = (row: NavRecord): NavigationRow => ({
  navigation_id: row.id,
  name: row.name,
  url: row.url,
  client_type: row.clientType as NavClientType,
  image: row.image,
  sort: row.sort,
  show: row.show === 1 ? 1 : 0,
  new_window: row.newWindow === 1 ? 1 : 0,
  create_time: unixSeconds(row.createdAt),
});

const valuesOf = (input: NavigationInput) => ({
  clientType: input.client_type,
  name: input.name,
  url: input.url,
  image: input.image,
  sort: input.sort,
  show: input.show,
  newWindow: input.new_window,
});

/** One client's entries in menu order (sort, then the oldest first). */
export function listNavigations(ctx: AppContext, query: NavigationQuery): Promise<Page<NavigationRow>> {
  return listPage(ctx.db, {
    query,
    table: siteNavigations,
    id: siteNavigations.id,
    where: [eq(siteNavigations.clientType, query.client_type)],
    sorts: { sort: siteNavigations.sort },
    statement: 'navigation/service.listNavigations',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(siteNavigations).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.navigation_id,
  });
}

/** What the buyer site shows of one client's menu: the shown entries in order. */
export async function shownNavigations(ctx: AppContext, client: NavClientType): Promise<NavigationRow[]> {
  const rows = await ctx.db
    .select()
    .from(siteNavigations)
    .where(and(eq(siteNavigations.clientType, client), eq(siteNavigations.show, 1)))
    .orderBy(asc(siteNavigations.sort), asc(siteNavigations.id));
  return rows.map(toRow);
}

export async function getNavigation(ctx: AppContext, id: number): Promise<NavigationRow> {
  const [row] = await ctx.db.select().from(siteNavigations).where(eq(siteNavigations.id, id));
  if (!row) throw notFound();
  return toRow(row);
}

async function assertNameFree(tx: Transaction, input: NavigationInput, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: siteNavigations.id })
    .from(siteNavigations)
    .where(and(eq(siteNavigations.clientType, input.client_type), eq(siteNavigations.name, input.name), exceptId ? ne(siteNavigations.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw badRequest('NAV_NAME_TAKEN');
}

export async function createNavigation(ctx: AppContext, input: NavigationInput, audit: AuditInTransaction): Promise<NavigationRow> {
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, input);
    const [row] = await tx.insert(siteNavigations).values(valuesOf(input)).returning();
    await audit(tx);
    return toRow(row);
  });
}

export async function updateNavigation(ctx: AppContext, id: number, input: NavigationInput, audit: AuditInTransaction): Promise<NavigationRow> {
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, input, id);
    const [row] = await tx.update(siteNavigations).set(valuesOf(input)).where(eq(siteNavigations.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx);
    return toRow(row);
  });
}

/**
 * Moves an entry one place up or down in its client's menu. The menu's rows are locked in menu
 * order first, so two operators moving entries at once take turns and the order stays a
 * permutation (each row its own place) whatever the interleaving.
 */
export async function moveNavigation(ctx: AppContext, id: number, direction: NavDirection, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [entry] = await tx.select({ clientType: siteNavigations.clientType }).from(siteNavigations).where(eq(siteNavigations.id, id));
    if (!entry) throw notFound();
    // The menu's order is taken under an advisory lock per client: FOR UPDATE alone would let a row
    // inserted meanwhile slip past the renumbering.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_navigations:${entry.clientType}`}))`);
    const siblings = await tx
      .select({ id: siteNavigations.id })
      .from(siteNavigations)
      .where(eq(siteNavigations.clientType, entry.clientType))
      .orderBy(asc(siteNavigations.sort), asc(siteNavigations.id))
      .for('update');
    if (!siblings.some((row) => row.id === id)) throw notFound();
    await moveAmongSiblings(siblings, id, direction, (rowId, sort) => tx.update(siteNavigations).set({ sort }).where(eq(siteNavigations.id, rowId)));
    await audit(tx);
  });
}

export async function deleteNavigation(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(siteNavigations).where(eq(siteNavigations.id, id)).returning({ id: siteNavigations.id });
    if (deleted.length === 0) throw notFound();
    await audit(tx);
  });
}
