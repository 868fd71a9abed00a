import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  PAGE_NAME_MAX,
  PAGE_PERMISSION,
  type Page,
  type PageClientType,
  type PageCreateInput,
  type PageDetail,
  type PageListQuery,
  type PageRow,
  type PageUpdateInput,
  type PublishStatus,
} from '@agora/contract';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { assertPermitted } from '../../platform/http.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike } from '../../db/sql.js';
import { pages } from './tables.js';

type PageRecord = typeof pages.$inferSelect;

const rowColumns = {
  id: pages.id,
  clientType: pages.clientType,
  pageName: pages.pageName,
  description: pages.description,
  publishStatus: pages.publishStatus,
  isIndex: pages.isIndex,
  createdAt: pages.createdAt,
  updatedAt: pages.updatedAt,
};

function toRow(row: Omit<PageRecord, 'pageData'>): PageRow {
  return {
    page_id: row.id,
    client_type: row.clientType as PageClientType,
    page_name: row.pageName,
    description: row.description,
    publish_status: row.publishStatus as PublishStatus,
    is_index: row.isIndex ? 1 : 0,
    create_time: unixSeconds(row.createdAt),
    update_time: unixSeconds(row.updatedAt),
  };
}

const toDetail = (row: PageRecord): PageDetail => ({ ...toRow(row), page_data: row.pageData as PageDetail['page_data'] });

const pageNotFound = (ids: number[]) => new AppError(404, 'PAGE_NOT_FOUND', { ids: ids.join(',') });

/**
 * PC pages need pcPages, mobile pages mobilePages: the endpoints let either in, and each call then
 * checks the one of the client it touches.
 */
export function assertClients(admin: AuthedAdmin, clients: Iterable<PageClientType>): void {
  for (const client of new Set(clients)) assertPermitted(admin, PAGE_PERMISSION[client]);
}

/** A client's pages, home page first, then newest first; the picker asks for the published ones. */
export function listPages(ctx: AppContext, admin: AuthedAdmin, query: PageListQuery): Promise<Page<PageRow>> {
  assertClients(admin, [query.client_type]);
  return listPage(ctx.db, {
    query,
    table: pages,
    id: pages.id,
    where: [
      eq(pages.clientType, query.client_type),
      query.publish_status ? eq(pages.publishStatus, query.publish_status) : undefined,
      query.keyword ? ilike(pages.pageName, `%${escapeLike(query.keyword)}%`) : undefined,
    ],
    defaultSort: [pages.isIndex, pages.createdAt],
    statement: 'pages/service.listPages',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select(rowColumns).from(pages).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.page_id,
  });
}

/** The page, once the caller is known to manage its client. */
// the page's detail, prepared once (platform/statements.ts)
const pageById = preparedOnce('agora_page_detail', (db) => db.select().from(pages).where(eq(pages.id, sql.placeholder('id'))));

export async function findPage(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<PageDetail> {
  const [row] = await pageById(ctx.db).execute({ id });
  if (!row) throw pageNotFound([id]);
  assertClients(admin, [row.clientType as PageClientType]);
  return toDetail(row);
}

/** The pages of a batch, all of them or a refusal naming the missing ones. */
export async function findPages(ctx: AppContext, ids: number[]): Promise<PageRow[]> {
  const rows = await ctx.db.select(rowColumns).from(pages).where(inArray(pages.id, ids));
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw pageNotFound(missing);
  return rows.map(toRow);
}

/** A new page starts unpublished with no floors; the decoration app fills it. */
export async function createPage(ctx: AppContext, admin: AuthedAdmin, input: PageCreateInput): Promise<PageDetail> {
  assertClients(admin, [input.client_type]);
  const [row] = await ctx.db
    .insert(pages)
    .values({ clientType: input.client_type, pageName: input.page_name, description: input.description })
    .returning();
  return toDetail(row);
}

export async function updatePage(ctx: AppContext, admin: AuthedAdmin, id: number, input: PageUpdateInput): Promise<PageDetail> {
  await findPage(ctx, admin, id);
  const [row] = await ctx.db
    .update(pages)
    .set({
      pageName: input.page_name,
      description: input.description,
      ...(input.page_data ? { pageData: input.page_data } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(pages.id, id))
    .returning();
  if (!row) throw pageNotFound([id]);
  return toDetail(row);
}

/** Publishes an unpublished page, or takes a published one back — never the home page. */
export async function togglePublish(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<PageRow> {
  await findPage(ctx, admin, id);
  const [row] = await ctx.db
    .update(pages)
    .set({ publishStatus: sql`case when ${pages.publishStatus} = 'YES' then 'NO' else 'YES' end`, updatedAt: sql`now()` })
    .where(and(eq(pages.id, id), eq(pages.isIndex, 0)))
    .returning(rowColumns);
  if (row) return toRow(row);
  await findPage(ctx, admin, id); // deleted meanwhile → 404
  throw badRequest('PAGE_INDEX_UNPUBLISH');
}

/**
 * Makes a published page its client's home page; the former home page stays published as an
 * ordinary page. One transaction moves the mark, so there is never zero or two home pages.
 */
export async function setIndexPage(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<PageRow> {
  const page = await findPage(ctx, admin, id);
  if (page.publish_status !== 'YES') throw badRequest('PAGE_NOT_PUBLISHED');
  if (page.is_index) return page;
  await ctx.db.transaction(async (tx) => {
    // Two operators choosing different home pages at once take turns, so neither trips the unique index.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pages_index:${page.client_type}`}))`);
    await tx.update(pages).set({ isIndex: 0, updatedAt: sql`now()` }).where(and(eq(pages.clientType, page.client_type), eq(pages.isIndex, 1)));
    const [moved] = await tx
      .update(pages)
      .set({ isIndex: 1, updatedAt: sql`now()` })
      .where(and(eq(pages.id, page.page_id), eq(pages.publishStatus, 'YES')))
      .returning({ id: pages.id });
    // Unpublished meanwhile: undo the whole move.
    if (!moved) throw badRequest('PAGE_NOT_PUBLISHED');
  });
  return { ...page, is_index: 1 };
}

/** A copy with the same floors, named “… 副本”, unpublished and not the home page. */
export async function copyPage(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<PageDetail> {
  const page = await findPage(ctx, admin, id);
  const suffix = ' 副本';
  const name = page.page_name.slice(0, PAGE_NAME_MAX - suffix.length) + suffix;
  const [row] = await ctx.db
    .insert(pages)
    .values({ clientType: page.client_type, pageName: name, description: page.description, pageData: page.page_data })
    .returning();
  return toDetail(row);
}

/** Deletes the pages, all or none: a home page in the batch refuses the whole batch, and so does a client the caller does not manage. */
export async function deletePages(ctx: AppContext, admin: AuthedAdmin, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await findPages({ ...ctx, db: tx as unknown as AppContext['db'] }, ids);
    assertClients(admin, rows.map((row) => row.client_type));
    const refuse = (homes: PageRow[]) => badRequest('PAGE_INDEX_UNDELETABLE', { names: homes.map((row) => row.page_name).join('、') });
    const homes = rows.filter((row) => row.is_index);
    if (homes.length > 0) throw refuse(homes);
    const deleted = await tx.delete(pages).where(and(inArray(pages.id, ids), eq(pages.isIndex, 0))).returning({ id: pages.id });
    // One was made a home page a moment ago: the whole batch stays (the transaction is undone).
    if (deleted.length < ids.length) throw refuse(rows.filter((row) => !deleted.some((gone) => gone.id === row.page_id)));
  });
}
