import { asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ALL_ENDPOINTS, ROUTES, walkRoutes, type MenuInput, type MenuItem, type MenuOrderInput, type RouteDef } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../platform/statements.js';
import { menus } from './tables.js';

/** What the menu is made of: the operator's order, titles and visibility of each route. */
const menuColumns = { name: menus.name, sort: menus.sort, titleZh: menus.titleZh, titleEn: menus.titleEn, visible: menus.visible };
type MenuRecord = Pick<typeof menus.$inferSelect, keyof typeof menuColumns>;

/** Each route's place in the route table: its parent and its index among its siblings. */
const TABLE_PLACES = (() => {
  const places: { name: string; parentName: string | null; index: number }[] = [];
  const visit = (routes: readonly RouteDef[], parentName: string | null) =>
    routes.forEach((route, index) => {
      places.push({ name: route.name, parentName, index });
      if (route.children) visit(route.children, route.name);
    });
  visit(ROUTES, null);
  return places;
})();
const TABLE_INDEX = new Map(TABLE_PLACES.map((place) => [place.name, place.index]));

/**
 * DOMAIN §1.3's auth_regular: the URL pattern of the API calls a route's permission opens. It is
 * read from the endpoint table, so what the menu manager shows is what the server enforces.
 */
const AUTH_REGULAR = (() => {
  const paths = new Map<string, Set<string>>();
  for (const endpoint of ALL_ENDPOINTS) {
    const names = typeof endpoint.permission === 'string' ? [endpoint.permission] : endpoint.permission;
    for (const name of names) {
      const pattern = `/${endpoint.path.replace(/:[A-Za-z_]+/g, '[^/]+')}`;
      paths.set(name, (paths.get(name) ?? new Set()).add(pattern));
    }
  }
  const regular = new Map<string, string>();
  walkRoutes(ROUTES, (route) => {
    const own = [...(paths.get(route.name) ?? [])].sort();
    regular.set(route.name, own.length ? `^(${own.join('|')})(\\?.*)?$` : '');
  });
  return regular;
})();

/**
 * At start-up: a row for every route that has none (at its place in the route table), the
 * parent of every row as the route table has it, and no row for a route that is gone. Titles,
 * order and visibility the operator set stay as they are.
 */
export async function syncMenus(db: Db): Promise<void> {
  const existing = new Map((await db.select({ name: menus.name, parentName: menus.parentName }).from(menus)).map((row) => [row.name, row.parentName]));
  const missing = TABLE_PLACES.filter((place) => !existing.has(place.name));
  if (missing.length) {
    await db
      .insert(menus)
      .values(missing.map((place) => ({ name: place.name, parentName: place.parentName, sort: place.index })))
      .onConflictDoNothing();
  }
  for (const place of TABLE_PLACES) {
    if (existing.has(place.name) && existing.get(place.name) !== place.parentName) {
      await db.update(menus).set({ parentName: place.parentName, sort: place.index }).where(eq(menus.name, place.name));
    }
  }
  await db.delete(menus).where(notInArray(menus.name, TABLE_PLACES.map((place) => place.name)));
}

const bySortThenTable = (rows: ReadonlyMap<string, MenuRecord>) => (a: RouteDef, b: RouteDef) =>
  (rows.get(a.name)?.sort ?? 0) - (rows.get(b.name)?.sort ?? 0) || TABLE_INDEX.get(a.name)! - TABLE_INDEX.get(b.name)!;

function toItems(routes: readonly RouteDef[], rows: ReadonlyMap<string, MenuRecord>): MenuItem[] {
  return [...routes].sort(bySortThenTable(rows)).map((route) => {
    const row = rows.get(route.name);
    return {
      name: route.name,
      path: route.path,
      title: { zh: row?.titleZh ?? route.title.zh, en: row?.titleEn ?? route.title.en },
      default_title: route.title,
      hidden: Boolean(route.hidden),
      visible: row?.visible ?? true,
      auth_regular: AUTH_REGULAR.get(route.name) ?? '',
      children: toItems(route.children ?? [], rows),
    };
  });
}

/*
 * The menu (58 KB of JSON) is read on every console load and changes when an operator edits it.
 * Its answer is kept per database under a digest of the rows it is made of, read by each request:
 * the count and the sum of a 64-bit hash of each row's columns (a row's text tells a null from an
 * empty title). Any write to the rows — the menu manager's, the start-up sync, a seed, another
 * instance — changes the digest as soon as it commits, with no version to bump; a kept answer is
 * stored under the digest read in the same statement as its rows, so it is always that digest's.
 */
const digestOf = (table: Record<'name' | 'sort' | 'titleZh' | 'titleEn' | 'visible', AnyPgColumn>) =>
  sql<string>`count(*) || ':' || coalesce(sum(hashtextextended((${table.name}, ${table.sort}, ${table.titleZh}, ${table.titleEn}, ${table.visible})::text, 0)), 0)`;
const inner = alias(menus, 'digested');

// prepared once (platform/statements.ts)
const menuDigest = preparedOnce('agora_menus_digest', (db) => db.select({ digest: digestOf(menus) }).from(menus));
const menuRows = preparedOnce('agora_menus_rows', (db) =>
  db.select({ ...menuColumns, digest: sql<string>`(select ${digestOf(inner)} from ${menus} as ${inner})` }).from(menus),
);

const byName = (rows: readonly MenuRecord[]) => new Map(rows.map((row) => [row.name, row]));

/** The effective menu: the route table's tree in the operator's order, with the operator's titles. */
export async function menuTree(ctx: AppContext): Promise<MenuItem[]> {
  return toItems(ROUTES, byName(await menuRows(ctx.db).execute()));
}

/** per database, the menu's answer as JSON and the digest of the rows it was made from */
const keptAnswers = new WeakMap<Db, { digest: string; json: string }>();

/** GET admin/systems/menus/tree: `menuTree` as JSON, kept while the rows stay as they were. */
export async function menuTreeJson(db: Db): Promise<string> {
  const [{ digest }] = await menuDigest(db).execute();
  const kept = keptAnswers.get(db);
  if (kept?.digest === digest) return kept.json;
  const rows = await menuRows(db).execute();
  const json = JSON.stringify(toItems(ROUTES, byName(rows)));
  if (rows.length > 0) keptAnswers.set(db, { digest: rows[0].digest, json });
  return json;
}

function findItem(items: readonly MenuItem[], name: string): MenuItem | undefined {
  for (const item of items) {
    const found = item.name === name ? item : findItem(item.children, name);
    if (found) return found;
  }
  return undefined;
}

/** Saves and renumbers under one lock per parent, so two operators editing siblings take turns. */
const lockParent = (tx: Parameters<AuditInTransaction>[0], parentName: string | null) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`menus:${parentName ?? ''}`}))`);

/**
 * Renames and shows or hides one entry. A title equal to the route table's is stored as none, so
 * the entry follows the route table again. Siblings may not share a title in either language.
 */
export async function updateMenu(ctx: AppContext, name: string, input: MenuInput, audit: AuditInTransaction): Promise<MenuItem> {
  const route = TABLE_PLACES.find((place) => place.name === name);
  if (!route) throw notFound('MENU_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    await lockParent(tx, route.parentName);
    const siblings = await tx.select().from(menus).where(route.parentName === null ? isNull(menus.parentName) : eq(menus.parentName, route.parentName));
    const current = siblings.find((row) => row.name === name);
    if (!current) throw notFound('MENU_NOT_FOUND');
    const items = toItems(ROUTES, new Map(siblings.map((row) => [row.name, row])));
    const others = (route.parentName === null ? items : (findItem(items, route.parentName)?.children ?? [])).filter((item) => item.name !== name);
    if (others.some((item) => item.title.zh === input.title_zh || item.title.en === input.title_en)) throw badRequest('MENU_TITLE_TAKEN');
    const defaults = findItem(items, name)!.default_title;
    await tx
      .update(menus)
      .set({
        titleZh: input.title_zh === defaults.zh ? null : input.title_zh,
        titleEn: input.title_en === defaults.en ? null : input.title_en,
        visible: input.visible,
        updatedAt: new Date(),
      })
      .where(eq(menus.name, name));
    await audit(tx);
  });
  return findItem(await menuTree(ctx), name)!;
}

/**
 * Puts one parent's children in the order given. The list must name exactly the children there
 * are (a stale screen is refused); each child gets its index, so the order stays a permutation
 * whichever of two concurrent reorders commits last.
 */
export async function orderMenus(ctx: AppContext, input: MenuOrderInput, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockParent(tx, input.parent);
    const siblings = await tx
      .select({ name: menus.name })
      .from(menus)
      .where(input.parent === null ? isNull(menus.parentName) : eq(menus.parentName, input.parent))
      .orderBy(asc(menus.name))
      .for('update');
    const wanted = new Set<string>(input.names);
    if (wanted.size !== input.names.length || siblings.length !== input.names.length || siblings.some((row) => !wanted.has(row.name))) {
      throw badRequest('MENU_ORDER_STALE');
    }
    for (const [index, name] of input.names.entries()) {
      await tx.update(menus).set({ sort: index, updatedAt: new Date() }).where(eq(menus.name, name));
    }
    await audit(tx);
  });
}
