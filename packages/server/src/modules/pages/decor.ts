import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  FOCUS_PICTURES_MAX,
  operationUrl,
  toYuan,
  type FocusOperationType,
  type FocusPicture,
  type FocusPictureInput,
  type PageClientType,
  type PageFloor,
  type ShownFloor,
  type ShownPage,
} from '@agora/contract';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { clientHolds, etagOf } from '../../platform/validators.js';
import { categories, goods } from '../goods/tables.js';
import { shops } from '../shops/tables.js';
import { shownNavigations } from '../navigation/service.js';
import { focusPictures, pages } from './tables.js';
import { assertClients } from './service.js';

type FocusRecord = typeof focusPictures.$inferSelect;

const toFocus = (row: FocusRecord): FocusPicture => ({
  id: row.id,
  client_type: row.clientType as PageClientType,
  pic_url: row.picUrl,
  operation_type: row.operationType as FocusOperationType,
  operation_param: row.operationParam,
  operation_url: operationUrl(row.operationType as FocusOperationType, row.operationParam),
});

const focusNotFound = () => new AppError(404, 'FOCUS_NOT_FOUND');

export async function listFocusPictures(ctx: AppContext, client: PageClientType): Promise<FocusPicture[]> {
  const rows = await ctx.db.select().from(focusPictures).where(eq(focusPictures.clientType, client)).orderBy(asc(focusPictures.id));
  return rows.map(toFocus);
}

const focusValues = (input: FocusPictureInput) => ({
  clientType: input.client_type,
  picUrl: input.pic_url,
  operationType: input.operation_type,
  operationParam: input.operation_type === 'NONE' ? '' : input.operation_param,
});

/**
 * Adds a picture to a client's carousel, refused past 5 (DOMAIN §2.22). The count and the insert run
 * under a per-client lock, so two operators adding the fifth picture at once get one picture and
 * one refusal.
 */
export async function createFocusPicture(ctx: AppContext, admin: AuthedAdmin, input: FocusPictureInput, audit: AuditInTransaction): Promise<FocusPicture> {
  assertClients(admin, [input.client_type]);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`focus_pictures:${input.client_type}`}))`);
    const [{ n }] = await tx.select({ n: count() }).from(focusPictures).where(eq(focusPictures.clientType, input.client_type));
    if (n >= FOCUS_PICTURES_MAX) throw badRequest('FOCUS_TOO_MANY', { max: FOCUS_PICTURES_MAX });
    const [row] = await tx.insert(focusPictures).values(focusValues(input)).returning();
    await audit(tx);
    return toFocus(row);
  });
}

async function focusOf(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<FocusRecord> {
  const [row] = await ctx.db.select().from(focusPictures).where(eq(focusPictures.id, id));
  if (!row) throw focusNotFound();
  assertClients(admin, [row.clientType as PageClientType]);
  return row;
}

/** A picture stays in its client's carousel: the client it is sent with must be its own. */
export async function updateFocusPicture(ctx: AppContext, admin: AuthedAdmin, id: number, input: FocusPictureInput, audit: AuditInTransaction): Promise<FocusPicture> {
  const current = await focusOf(ctx, admin, id);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(focusPictures)
      .set({ ...focusValues(input), clientType: current.clientType })
      .where(eq(focusPictures.id, id))
      .returning();
    if (!row) throw focusNotFound();
    await audit(tx);
    return toFocus(row);
  });
}

export async function deleteFocusPicture(ctx: AppContext, admin: AuthedAdmin, id: number, audit: AuditInTransaction): Promise<void> {
  await focusOf(ctx, admin, id);
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(focusPictures).where(eq(focusPictures.id, id)).returning({ id: focusPictures.id });
    if (deleted.length === 0) throw focusNotFound();
    await audit(tx);
  });
}

/**
 * Floors as a buyer sees them: goods on sale (approved, listed, not deleted), open shops and shown
 * categories, in the order the operator chose them; the carousel is the client's focus pictures.
 * Each kind is one query for the whole page.
 */
export async function showFloors(ctx: AppContext, client: PageClientType, floors: PageFloor[]): Promise<ShownFloor[]> {
  const wanted = <K extends 'goods_ids' | 'shop_ids' | 'category_ids'>(key: K) =>
    [...new Set(floors.flatMap((floor) => (key in floor ? ((floor as Record<K, number[]>)[key] ?? []) : [])))];
  const goodsIds = wanted('goods_ids');
  const shopIds = wanted('shop_ids');
  const categoryIds = wanted('category_ids');
  const [goodsRows, shopRows, categoryRows, pictures] = await Promise.all([
    goodsIds.length
      ? ctx.db
          .select({ id: goods.id, name: goods.goodsName, thumbnail: goods.thumbnail, priceCents: goods.priceCents })
          .from(goods)
          .where(and(inArray(goods.id, goodsIds), eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1)))
      : [],
    shopIds.length ? ctx.db.select({ id: shops.id, name: shops.shopName, logo: shops.logo }).from(shops).where(and(inArray(shops.id, shopIds), eq(shops.status, 'OPEN'))) : [],
    categoryIds.length
      ? ctx.db.select({ id: categories.id, name: categories.name, image: categories.image }).from(categories).where(and(inArray(categories.id, categoryIds), eq(categories.isShow, 1)))
      : [],
    floors.some((floor) => floor.type === 'CAROUSEL') ? listFocusPictures(ctx, client) : [],
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  const goodsById = byId(goodsRows);
  const shopsById = byId(shopRows);
  const categoriesById = byId(categoryRows);
  const present = <T>(list: (T | undefined)[]): T[] => list.filter((item): item is T => item !== undefined);
  return floors.map((floor): ShownFloor => {
    switch (floor.type) {
      case 'CAROUSEL':
        return { key: floor.key, type: floor.type, pictures };
      case 'GOODS':
        return {
          key: floor.key,
          type: floor.type,
          heading: floor.heading,
          columns: floor.columns,
          goods: present(floor.goods_ids.map((id) => goodsById.get(id))).map((row) => ({ goods_id: row.id, goods_name: row.name, thumbnail: row.thumbnail, price: toYuan(row.priceCents) })),
        };
      case 'SHOPS':
        return { key: floor.key, type: floor.type, shops: present(floor.shop_ids.map((id) => shopsById.get(id))).map((row) => ({ shop_id: row.id, shop_name: row.name, logo: row.logo })) };
      case 'CATEGORIES':
        return {
          key: floor.key,
          type: floor.type,
          categories: present(floor.category_ids.map((id) => categoriesById.get(id))).map((row) => ({ category_id: row.id, name: row.name, image: row.image })),
        };
      default:
        return floor;
    }
  });
}

/** A published page as buyers see it; a draft (or a page that never was) is not found. */
export async function shownPage(ctx: AppContext, id: number): Promise<ShownPage> {
  const [page] = await ctx.db.select().from(pages).where(and(eq(pages.id, id), eq(pages.publishStatus, 'YES')));
  if (!page) throw new AppError(404, 'PAGE_NOT_FOUND', { ids: String(id) });
  const client = page.clientType as PageClientType;
  const [floors, navigations] = await Promise.all([showFloors(ctx, client, page.pageData as PageFloor[]), shownNavigations(ctx, client)]);
  return {
    page_id: page.id,
    page_name: page.pageName,
    client_type: client,
    floors,
    navigations: navigations.map((nav) => ({ name: nav.name, url: nav.url, image: nav.image, new_window: nav.new_window })),
  };
}

/**
 * Sends `body` with a validator of its content: a browser (or proxy) holding the same version gets
 * 304 without the body. `no-cache` makes every view ask again, so unpublishing or editing a page
 * shows at once while an unchanged page costs one small answer.
 */
export async function withValidator<T>(req: FastifyRequest, reply: FastifyReply, body: T): Promise<T> {
  const etag = etagOf(JSON.stringify(body));
  reply.headers({ etag, 'cache-control': 'public, no-cache' });
  if (clientHolds(req, etag)) await reply.status(304).send();
  return body;
}
