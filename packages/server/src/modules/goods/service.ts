import { and, asc, eq, gte, ilike, inArray, like, lte, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { notify } from '../messages/templates.js';
import {
  CATEGORY_MAX_LEVEL,
  goodsStatus,
  toCents,
  toYuan,
  type BrandInput,
  type BrandListQuery,
  type BrandOption,
  type BrandRow,
  type CategoryChild,
  type CategoryDetail,
  type CategoryInput,
  type CategoryNode,
  type GoodsAuditInput,
  type GoodsDetail,
  type GoodsListQuery,
  type GoodsRow,
  type Page,
  type ParamGroupRow,
  type ParamGroupWithParams,
  type ParamInput,
  type ParamRow,
  paramGroupUpdateBody,
  underReason,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { parse } from '../../platform/http.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';
import { shops } from '../shops/tables.js';
import { brands, categories, categoryBrands, goods, goodsSkus, paramGroups, params } from './tables.js';
import { dropExchangeOfGoods } from '../promotions/exchange.js';
import { containsText, escapeLike, lockRowsById, moveAmongSiblings, type Transaction as Tx } from '../../db/sql.js';
import { refuseDuplicates } from '../../platform/unique.js';

// Key (parent_id, name) of a category: the name follows the parent.
refuseDuplicates({
  brands_name_uq: 'BRAND_NAME_TAKEN',
  categories_sibling_name_uq: (values) => badRequest('CATEGORY_NAME_TAKEN', { name: values.slice(1).join(', ') }),
});

const SORT_COLUMNS = {
  create_time: goods.createdAt,
  price: goods.priceCents,
  buy_count: goods.buyCount,
  quantity: goods.quantity,
} as const;

type GoodsRecord = typeof goods.$inferSelect;

/** The columns a row of the goods list shows: not the intro, pictures and parameters a whole goods row carries. */
const LISTED = {
  id: goods.id,
  goodsName: goods.goodsName,
  sn: goods.sn,
  thumbnail: goods.thumbnail,
  shopId: goods.shopId,
  shopName: goods.shopName,
  categoryId: goods.categoryId,
  brandId: goods.brandId,
  goodsType: goods.goodsType,
  priceCents: goods.priceCents,
  quantity: goods.quantity,
  enableQuantity: goods.enableQuantity,
  buyCount: goods.buyCount,
  commentNum: goods.commentNum,
  goodCommentNum: goods.goodCommentNum,
  marketEnable: goods.marketEnable,
  isAuth: goods.isAuth,
  authMessage: goods.authMessage,
  underMessage: goods.underMessage,
  createdAt: goods.createdAt,
};
type ListedGoods = Pick<GoodsRecord, keyof typeof LISTED>;
type GoodsListRecord = { goods: ListedGoods; categoryName: string | null; brandName: string | null };

const toGoodsRow = (row: ListedGoods, categoryName: string | null, brandName: string | null): GoodsRow => ({
  goods_id: row.id,
  goods_name: row.goodsName,
  sn: row.sn,
  thumbnail: row.thumbnail,
  seller_id: row.shopId,
  seller_name: row.shopName,
  category_id: row.categoryId,
  category_name: categoryName ?? '',
  brand_id: row.brandId,
  brand_name: brandName ?? '',
  goods_type: row.goodsType,
  price: toYuan(row.priceCents),
  quantity: row.quantity,
  enable_quantity: row.enableQuantity,
  buy_count: row.buyCount,
  comment_num: row.commentNum,
  grade: positiveRate(row.goodCommentNum, row.commentNum),
  market_enable: row.marketEnable === 1 ? 1 : 0,
  is_auth: row.isAuth as 0 | 1 | 2,
  status: goodsStatus(row.isAuth, row.marketEnable),
  auth_message: row.authMessage,
  under_message: row.underMessage,
  create_time: unixSeconds(row.createdAt),
});

/**
 * What a category filter means on `goods`: its whole subtree, through the category path each goods
 * item carries (a prefix served by `goods_category_path_idx`); an unknown category matches nothing.
 */
export async function inCategorySubtree(ctx: AppContext, categoryId: number): Promise<SQL> {
  const [category] = await ctx.db.select({ path: categories.path }).from(categories).where(eq(categories.id, categoryId));
  return category ? like(goods.categoryPath, `${escapeLike(category.path)}%`) : sql`false`;
}

/** The goods list's filters, each on an indexed column of `goods`. */
export async function goodsListFilters(ctx: AppContext, query: GoodsListQuery): Promise<(SQL | undefined)[]> {
  const { keyword } = query;
  return [
    // Goods in a seller's recycle bin or deleted are the seller's business, not the platform's list.
    eq(goods.disabled, 1),
    keyword ? or(containsText(goods.goodsName, keyword), containsText(goods.sn, keyword)) : undefined,
    query.goods_name ? containsText(goods.goodsName, query.goods_name) : undefined,
    query.goods_sn ? containsText(goods.sn, query.goods_sn) : undefined,
    query.seller_id !== undefined ? eq(goods.shopId, query.seller_id) : undefined,
    query.brand_id !== undefined ? eq(goods.brandId, query.brand_id) : undefined,
    query.market_enable !== undefined ? eq(goods.marketEnable, query.market_enable) : undefined,
    query.is_auth !== undefined ? eq(goods.isAuth, query.is_auth) : undefined,
    query.goods_type ? eq(goods.goodsType, query.goods_type) : undefined,
    query.start_price !== undefined ? gte(goods.priceCents, toCents(query.start_price)) : undefined,
    query.end_price !== undefined ? lte(goods.priceCents, toCents(query.end_price)) : undefined,
    query.category_id !== undefined ? await inCategorySubtree(ctx, query.category_id) : undefined,
    query.category_path ? like(goods.categoryPath, `${escapeLike(query.category_path)}%`) : undefined,
  ];
}

/** The goods list under `query`: its page (listGoods) and its export (goods/jobs.ts) read the same. */
export async function goodsListSpec(ctx: AppContext, query: GoodsListQuery): Promise<ListSpec<GoodsListRecord, GoodsRow>> {
  return {
    query,
    table: goods,
    id: goods.id,
    where: await goodsListFilters(ctx, query),
    sorts: SORT_COLUMNS,
    statement: 'goods',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({ goods: LISTED, categoryName: categories.name, brandName: brands.name })
        .from(goods)
        .leftJoin(categories, eq(categories.id, goods.categoryId))
        .leftJoin(brands, eq(brands.id, goods.brandId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: ({ goods: row, categoryName, brandName }) => toGoodsRow(row, categoryName, brandName),
    idOf: (row) => row.goods_id,
  };
}

export async function listGoods(ctx: AppContext, query: GoodsListQuery): Promise<Page<GoodsRow>> {
  return listPage(ctx.db, await goodsListSpec(ctx, query));
}

/** What a stored parameter value may hold: [{ param_id?, param_name, value }]. */
const storedParams = (raw: unknown): { param_id?: number; param_name: string; value: string }[] =>
  Array.isArray(raw)
    ? raw
        .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
        .map((entry) => ({
          param_id: typeof entry.param_id === 'number' ? entry.param_id : undefined,
          param_name: String(entry.param_name ?? ''),
          value: Array.isArray(entry.value) ? entry.value.join('、') : String(entry.value ?? ''),
        }))
        .filter((entry) => entry.param_name !== '')
    : [];

/**
 * GET admin/goods/{ids}/details: each live or recycled goods item of `ids` with its pictures, SKUs,
 * category path, brand, shop, parameter values (filed under the category's groups), audit and
 * take-down state — in the order asked. 404 when any id is unknown or deleted.
 */
export async function goodsDetails(ctx: AppContext, ids: number[]): Promise<GoodsDetail[]> {
  const rows = await ctx.db
    .select({ goods, brandName: brands.name, brandLogo: brands.logo, shopStatus: shops.status })
    .from(goods)
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .leftJoin(shops, eq(shops.id, goods.shopId))
    .where(and(inArray(goods.id, ids), ne(goods.disabled, -1)));
  const byId = new Map(rows.map((row) => [row.goods.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError(404, 'GOODS_NOT_FOUND', { ids: missing.join(',') });

  const categoryIds = [...new Set(rows.flatMap((row) => pathIds(row.goods.categoryPath)))];
  const leafIds = [...new Set(rows.map((row) => row.goods.categoryId))];
  const [skuRows, categoryRows, paramRows] = await Promise.all([
    ctx.db.select().from(goodsSkus).where(inArray(goodsSkus.goodsId, ids)).orderBy(asc(goodsSkus.id)),
    categoryIds.length > 0 ? ctx.db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, categoryIds)) : [],
    ctx.db
      .select({ id: params.id, categoryId: params.categoryId, paramName: params.paramName, groupName: paramGroups.groupName })
      .from(params)
      .innerJoin(paramGroups, eq(paramGroups.id, params.groupId))
      .where(inArray(params.categoryId, leafIds))
      .orderBy(asc(paramGroups.sort), asc(paramGroups.id), asc(params.sort), asc(params.id)),
  ]);
  const categoryName = new Map(categoryRows.map((row) => [row.id, row.name]));

  return ids.map((id) => {
    const { goods: row, brandName, brandLogo, shopStatus } = byId.get(id)!;
    const names = pathIds(row.categoryPath).flatMap((categoryId) => categoryName.get(categoryId) ?? []);
    // Parameters follow the category's group and parameter order; values whose parameter the
    // category no longer has keep their stored order at the end, without a group.
    const defined = paramRows.filter((param) => param.categoryId === row.categoryId);
    const rank = (value: { param_id?: number; param_name: string }) =>
      defined.findIndex((param) => (value.param_id !== undefined ? param.id === value.param_id : param.paramName === value.param_name));
    const values = storedParams(row.paramValues)
      .map((value, index) => ({ value, index, at: rank(value) }))
      .sort((a, b) => (a.at < 0 ? Infinity : a.at) - (b.at < 0 ? Infinity : b.at) || a.index - b.index)
      .map(({ value, at }) => ({ group_name: at < 0 ? '' : defined[at].groupName, param_name: value.param_name, value: value.value }));
    return {
      ...toGoodsRow(row, categoryName.get(row.categoryId) ?? null, brandName),
      category_path: row.categoryPath,
      category_names: names,
      brand_logo: brandLogo ?? '',
      shop_status: shopStatus ?? null,
      self_operated: row.selfOperated === 1 ? 1 : 0,
      images: [...new Set([row.thumbnail, ...row.images].filter(Boolean))],
      intro: row.intro,
      params: values,
      skus: skuRows
        .filter((sku) => sku.goodsId === id)
        .map((sku) => ({
          sku_id: sku.id,
          sn: sku.sn,
          specs: Array.isArray(sku.specs) ? (sku.specs as { spec_name: string; spec_value: string }[]) : [],
          properties_name: sku.propertiesName,
          price: toYuan(sku.priceCents),
          cost: toYuan(sku.costCents),
          quantity: sku.quantity,
          enable_quantity: sku.enableQuantity,
          image: sku.image,
        })),
      cost: toYuan(row.costCents),
      mktprice: toYuan(row.mktpriceCents),
      point: row.point,
      weight_grams: row.weightGrams,
      view_count: row.viewCount,
      priority: row.priority,
      recommend: row.recommend === 1 ? 1 : 0,
      disabled: row.disabled === 1 ? 1 : 0,
      update_time: unixSeconds(row.updatedAt),
      audit_time: row.auditedAt ? unixSeconds(row.auditedAt) : null,
    };
  });
}

/** 好评率 in percent to one decimal: the good reviews' share of the counted ones; 100 before any review. */
export const positiveRate = (good: number, total: number): number => (total === 0 ? 100 : Math.round((good * 1000) / total) / 10);

/** `0|1|5|` → [1, 5] */
const pathIds = (path: string): number[] => path.split('|').map(Number).filter((id) => id > 0);

/** The live goods of `ids`, locked for the change; every id must exist. */
async function lockGoods(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: goods.id, goodsName: goods.goodsName, isAuth: goods.isAuth, marketEnable: goods.marketEnable, shopStatus: shops.status, shopId: goods.shopId, shopName: goods.shopName })
    .from(goods)
    .leftJoin(shops, eq(shops.id, goods.shopId))
    .where(and(inArray(goods.id, ids), eq(goods.disabled, 1)))
    .for('update', { of: goods });
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw badRequest('GOODS_NOT_FOUND', { ids: missing.join(',') });
  return rows;
}

const names = (rows: { goodsName: string }[]) => rows.slice(0, 3).map((row) => row.goodsName).join('、') + (rows.length > 3 ? ` 等${rows.length}个` : '');

/** The operator takes goods off sale (all or none), telling the seller why (`asked`: the reason as sent). */
export async function takeDownGoods(ctx: AppContext, ids: number[], asked: string | undefined): Promise<void> {
  const reason = parse(underReason, asked ?? '');
  await ctx.db.transaction(async (tx) => {
    const rows = await lockGoods(tx, ids);
    const blocked = rows.filter((row) => row.marketEnable !== 1);
    if (blocked.length > 0) throw badRequest('GOODS_NOT_ON_SALE', { names: names(blocked) });
    await tx
      .update(goods)
      .set({ marketEnable: 0, underMessage: `平台下架，原因为：${reason}`, updatedAt: new Date() })
      .where(inArray(goods.id, ids));
    await dropExchangeOfGoods(tx, ids);
  });
}

/** Puts approved goods of open shops back on sale (all or none). */
export async function putOnSale(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockGoods(tx, ids);
    const notPassed = rows.filter((row) => row.isAuth !== 1);
    if (notPassed.length > 0) throw badRequest('GOODS_NOT_PASSED', { names: names(notPassed) });
    const onSale = rows.filter((row) => row.marketEnable !== 0);
    if (onSale.length > 0) throw badRequest('GOODS_NOT_OFF_SHELF', { names: names(onSale) });
    if (rows.some((row) => row.shopStatus !== 'OPEN')) throw badRequest('GOODS_SHOP_CLOSED');
    await tx.update(goods).set({ marketEnable: 1, underMessage: '', updatedAt: new Date() }).where(inArray(goods.id, ids));
  });
}

/** Passes or refuses goods waiting for audit; the whole batch fails if any was already audited. */
export async function auditGoods(ctx: AppContext, input: GoodsAuditInput): Promise<void> {
  const ids = [...new Set(input.goods_ids)];
  await ctx.db.transaction(async (tx) => {
    const rows = await lockGoods(tx, ids);
    if (rows.some((row) => row.isAuth !== 0)) throw badRequest('GOODS_ALREADY_AUDITED');
    await tx
      .update(goods)
      .set({ isAuth: input.pass === 1 ? 1 : 2, authMessage: input.message, auditedAt: new Date(), updatedAt: new Date() })
      .where(inArray(goods.id, ids));
    // Each seller hears about each of its goods through the SHOPGOODSVERIFY template.
    for (const row of rows) {
      await notify(ctx, tx, 'SHOPGOODSVERIFY', { type: 'SHOP', id: row.shopId, name: row.shopName }, {
        shop_name: row.shopName,
        goods_name: row.goodsName,
        audit_result: input.pass === 1 ? '通过' : '未通过',
        remark: input.message,
      });
    }
  });
}

/** The children of a category (0 = the roots), in their sort order, saying which have children. */
export async function categoryChildren(ctx: AppContext, parentId: number): Promise<CategoryChild[]> {
  const rows = await ctx.db
    .select({
      id: categories.id,
      name: categories.name,
      // Qualified by hand: inside a select list drizzle leaves column names bare.
      hasChildren: sql<boolean>`exists (select 1 from categories child where child.parent_id = "categories"."id")`,
    })
    .from(categories)
    .where(eq(categories.parentId, parentId))
    .orderBy(asc(categories.sort), asc(categories.id));
  return rows.map((row) => ({ category_id: row.id, name: row.name, has_children: Boolean(row.hasChildren) }));
}

// ─── Categories ─────────────────────────────────────────────────────────────

type CategoryRecord = typeof categories.$inferSelect;
const hasChildrenSql = sql<boolean>`exists (select 1 from categories child where child.parent_id = "categories"."id")`;

const toCategoryDetail = (row: CategoryRecord, hasChildren: boolean): CategoryDetail => ({
  category_id: row.id,
  parent_id: row.parentId,
  name: row.name,
  category_path: row.path,
  level: row.level,
  sort: row.sort,
  image: row.image,
  is_show: row.isShow === 1 ? 1 : 0,
  adv_image: row.advImage,
  adv_image_link: row.advImageLink,
  has_children: hasChildren,
});

async function findCategory(db: AppContext['db'] | Tx, id: number): Promise<CategoryRecord> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound('CATEGORY_NOT_FOUND');
  return row;
}

export async function getCategory(ctx: AppContext, id: number): Promise<CategoryDetail> {
  const [row] = await ctx.db.select({ category: categories, hasChildren: hasChildrenSql }).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound('CATEGORY_NOT_FOUND');
  return toCategoryDetail(row.category, Boolean(row.hasChildren));
}

/** The subtree below `parentId` (0 = the whole tree), each level in its sort order. */
export async function categoryTree(ctx: AppContext, parentId: number): Promise<CategoryNode[]> {
  let prefix = '0|';
  if (parentId !== 0) prefix = (await findCategory(ctx.db, parentId)).path;
  const rows = await ctx.db
    .select()
    .from(categories)
    .where(like(categories.path, `${escapeLike(prefix)}%`))
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  const nodes = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    if (row.id === parentId) continue;
    const node: CategoryNode = { ...toCategoryDetail(row, false), children: [] };
    nodes.set(row.id, node);
    const parent = nodes.get(row.parentId);
    if (parent) {
      parent.children.push(node);
      parent.has_children = true;
    } else if (row.parentId === parentId) roots.push(node);
  }
  return roots;
}

async function assertSiblingNameFree(tx: Tx, parentId: number, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.parentId, parentId), eq(categories.name, name), exceptId === undefined ? undefined : ne(categories.id, exceptId)));
  if (clash) throw badRequest('CATEGORY_NAME_TAKEN', { name });
}

async function parentOf(tx: Tx, parentId: number): Promise<{ id: number; path: string; level: number }> {
  if (parentId === 0) return { id: 0, path: '0|', level: 0 };
  const [parent] = await tx.select().from(categories).where(eq(categories.id, parentId));
  if (!parent) throw badRequest('CATEGORY_PARENT_NOT_FOUND');
  if (parent.level >= CATEGORY_MAX_LEVEL) throw badRequest('CATEGORY_TOO_DEEP', { max: CATEGORY_MAX_LEVEL });
  return parent;
}

const categoryColumns = (input: CategoryInput) => ({
  name: input.name,
  sort: input.sort,
  image: input.image,
  isShow: input.is_show,
  advImage: input.adv_image,
  advImageLink: input.adv_image_link,
});

export async function createCategory(ctx: AppContext, input: CategoryInput): Promise<CategoryDetail> {
  const created = await ctx.db.transaction(async (tx) => {
    const parent = await parentOf(tx, input.parent_id);
    await assertSiblingNameFree(tx, input.parent_id, input.name);
    const [row] = await tx
      .insert(categories)
      .values({ ...categoryColumns(input), parentId: input.parent_id, level: parent.level + 1, path: '' })
      .returning();
    const [withPath] = await tx.update(categories).set({ path: `${parent.path}${row.id}|` }).where(eq(categories.id, row.id)).returning();
    return withPath;
  });
  return toCategoryDetail(created, false);
}

export async function updateCategory(ctx: AppContext, id: number, input: CategoryInput): Promise<CategoryDetail> {
  await ctx.db.transaction(async (tx) => {
    const current = await findCategory(tx, id);
    await assertSiblingNameFree(tx, input.parent_id, input.name, id);
    if (input.parent_id === current.parentId) {
      await tx.update(categories).set(categoryColumns(input)).where(eq(categories.id, id));
      return;
    }
    if (input.parent_id === id) throw badRequest('CATEGORY_PARENT_SELF');
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    if (child) throw badRequest('CATEGORY_MOVE_HAS_CHILDREN');
    const parent = await parentOf(tx, input.parent_id);
    const path = `${parent.path}${id}|`;
    await tx
      .update(categories)
      .set({ ...categoryColumns(input), parentId: input.parent_id, level: parent.level + 1, path })
      .where(eq(categories.id, id));
    // Goods are filtered by the path prefix: moving a category moves its goods along.
    await tx.update(goods).set({ categoryPath: path }).where(eq(goods.categoryId, id));
  });
  return getCategory(ctx, id);
}

/** Deletes a leaf category without goods, with its parameter groups, parameters and brand bindings. */
/** Returns the deleted category's name (the system log names it). */
export async function deleteCategory(ctx: AppContext, id: number): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const category = await findCategory(tx, id);
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    if (child) throw badRequest('CATEGORY_HAS_CHILDREN');
    const [item] = await tx.select({ id: goods.id }).from(goods).where(and(eq(goods.categoryId, id), ne(goods.disabled, -1))).limit(1);
    if (item) throw badRequest('CATEGORY_HAS_GOODS');
    await tx.delete(params).where(eq(params.categoryId, id));
    await tx.delete(paramGroups).where(eq(paramGroups.categoryId, id));
    await tx.delete(categoryBrands).where(eq(categoryBrands.categoryId, id));
    await tx.delete(categories).where(eq(categories.id, id));
    return category.name;
  });
}

export async function categoryBrandList(ctx: AppContext, id: number): Promise<BrandOption[]> {
  await findCategory(ctx.db, id);
  const rows = await ctx.db
    .select({ brand_id: brands.id, name: brands.name, logo: brands.logo })
    .from(categoryBrands)
    .innerJoin(brands, eq(brands.id, categoryBrands.brandId))
    .where(eq(categoryBrands.categoryId, id))
    .orderBy(asc(brands.name));
  return rows;
}

/** Replaces the brands bound to a category. */
export async function bindCategoryBrands(ctx: AppContext, id: number, brandIds: number[]): Promise<BrandOption[]> {
  const ids = [...new Set(brandIds)];
  await ctx.db.transaction(async (tx) => {
    await findCategory(tx, id);
    if (ids.length > 0) {
      const found = new Set((await tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids))).map((row) => row.id));
      const missing = ids.filter((brandId) => !found.has(brandId));
      if (missing.length > 0) throw badRequest('BRAND_NOT_FOUND', { ids: missing.join(',') });
    }
    await tx.delete(categoryBrands).where(eq(categoryBrands.categoryId, id));
    if (ids.length > 0) await tx.insert(categoryBrands).values(ids.map((brandId) => ({ categoryId: id, brandId })));
  });
  return categoryBrandList(ctx, id);
}

// ─── Parameter groups and parameters ────────────────────────────────────────

const toGroupRow = (row: typeof paramGroups.$inferSelect): ParamGroupRow => ({
  group_id: row.id,
  group_name: row.groupName,
  category_id: row.categoryId,
  sort: row.sort,
});

const toParamRow = (row: typeof params.$inferSelect): ParamRow => ({
  param_id: row.id,
  param_name: row.paramName,
  param_type: row.paramType === 2 ? 2 : 1,
  options: row.options,
  is_index: row.isIndex === 1 ? 1 : 0,
  required: row.required === 1 ? 1 : 0,
  group_id: row.groupId,
  category_id: row.categoryId,
  sort: row.sort,
});

/** The parameter groups of a category with their parameters, both in their sort order. */
export async function categoryParams(ctx: AppContext, categoryId: number): Promise<ParamGroupWithParams[]> {
  await findCategory(ctx.db, categoryId);
  const [groupRows, paramRows] = await Promise.all([
    ctx.db.select().from(paramGroups).where(eq(paramGroups.categoryId, categoryId)).orderBy(asc(paramGroups.sort), asc(paramGroups.id)),
    ctx.db.select().from(params).where(eq(params.categoryId, categoryId)).orderBy(asc(params.sort), asc(params.id)),
  ]);
  return groupRows.map((group) => ({ ...toGroupRow(group), params: paramRows.filter((param) => param.groupId === group.id).map(toParamRow) }));
}

async function findGroup(db: AppContext['db'] | Tx, id: number) {
  const [row] = await db.select().from(paramGroups).where(eq(paramGroups.id, id));
  if (!row) throw notFound('PARAM_GROUP_NOT_FOUND');
  return row;
}

async function findParam(db: AppContext['db'] | Tx, id: number) {
  const [row] = await db.select().from(params).where(eq(params.id, id));
  if (!row) throw notFound('PARAM_NOT_FOUND');
  return row;
}

export const getParamGroup = async (ctx: AppContext, id: number) => toGroupRow(await findGroup(ctx.db, id));
export const getParam = async (ctx: AppContext, id: number) => toParamRow(await findParam(ctx.db, id));

export async function createParamGroup(ctx: AppContext, input: { group_name: string; category_id: number }): Promise<ParamGroupRow> {
  const category = await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
  if (category.length === 0) throw badRequest('CATEGORY_NOT_FOUND');
  const [{ last }] = await ctx.db.select({ last: max(paramGroups.sort) }).from(paramGroups).where(eq(paramGroups.categoryId, input.category_id));
  const [row] = await ctx.db
    .insert(paramGroups)
    .values({ categoryId: input.category_id, groupName: input.group_name, sort: (last ?? 0) + 1 })
    .returning();
  return toGroupRow(row);
}

/** Renames a group (`asked`: the name as sent). */
export async function renameParamGroup(ctx: AppContext, id: number, asked: string | undefined): Promise<ParamGroupRow> {
  const { group_name: groupName } = parse(paramGroupUpdateBody, { group_name: asked });
  await findGroup(ctx.db, id);
  const [row] = await ctx.db.update(paramGroups).set({ groupName }).where(eq(paramGroups.id, id)).returning();
  return toGroupRow(row);
}

/** Deletes a group together with its parameters (the operator confirms that first). */
export async function deleteParamGroup(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await findGroup(tx, id);
    await tx.delete(params).where(eq(params.groupId, id));
    await tx.delete(paramGroups).where(eq(paramGroups.id, id));
  });
}

export async function sortParamGroup(ctx: AppContext, id: number, direction: 'up' | 'down'): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const group = await findGroup(tx, id);
    const siblings = await tx
      .select({ id: paramGroups.id })
      .from(paramGroups)
      .where(eq(paramGroups.categoryId, group.categoryId))
      .orderBy(asc(paramGroups.sort), asc(paramGroups.id))
      .for('update');
    await moveAmongSiblings(siblings, id, direction, (rowId, sort) => tx.update(paramGroups).set({ sort }).where(eq(paramGroups.id, rowId)));
  });
}

const paramColumns = (input: ParamInput) => ({
  paramName: input.param_name,
  paramType: input.param_type,
  // A text input has no options to choose from.
  options: input.param_type === 2 ? input.options : [],
  isIndex: input.is_index,
  required: input.required,
});

export async function createParam(ctx: AppContext, input: ParamInput): Promise<ParamRow> {
  const group = await findGroup(ctx.db, input.group_id).catch(() => {
    throw badRequest('PARAM_GROUP_NOT_FOUND');
  });
  const [{ last }] = await ctx.db.select({ last: max(params.sort) }).from(params).where(eq(params.groupId, group.id));
  const [row] = await ctx.db
    .insert(params)
    .values({ ...paramColumns(input), groupId: group.id, categoryId: group.categoryId, sort: (last ?? 0) + 1 })
    .returning();
  return toParamRow(row);
}

export async function updateParam(ctx: AppContext, id: number, input: ParamInput): Promise<ParamRow> {
  const current = await findParam(ctx.db, id);
  const group = await findGroup(ctx.db, input.group_id).catch(() => {
    throw badRequest('PARAM_GROUP_NOT_FOUND');
  });
  // A parameter stays within its category; moving between its groups is allowed.
  if (group.categoryId !== current.categoryId) throw badRequest('PARAM_GROUP_NOT_FOUND');
  const [row] = await ctx.db.update(params).set({ ...paramColumns(input), groupId: group.id }).where(eq(params.id, id)).returning();
  return toParamRow(row);
}

export async function deleteParam(ctx: AppContext, id: number): Promise<void> {
  await findParam(ctx.db, id);
  await ctx.db.delete(params).where(eq(params.id, id));
}

export async function sortParam(ctx: AppContext, id: number, direction: 'up' | 'down'): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const param = await findParam(tx, id);
    const siblings = await tx.select({ id: params.id }).from(params).where(eq(params.groupId, param.groupId)).orderBy(asc(params.sort), asc(params.id)).for('update');
    await moveAmongSiblings(siblings, id, direction, (rowId, sort) => tx.update(params).set({ sort }).where(eq(params.id, rowId)));
  });
}

// ─── Brands ─────────────────────────────────────────────────────────────────

const toBrandRow = (row: typeof brands.$inferSelect): BrandRow => ({
  brand_id: row.id,
  name: row.name,
  logo: row.logo,
  disabled: row.disabled === 1 ? 1 : 0,
  create_time: unixSeconds(row.createdAt),
});

/** Brands newest first (ids grow with time, so the primary key orders them), by name. */
export function listBrands(ctx: AppContext, query: BrandListQuery): Promise<Page<BrandRow>> {
  return listPage(ctx.db, {
    query,
    table: brands,
    id: brands.id,
    where: [query.name ? ilike(brands.name, `%${escapeLike(query.name)}%`) : undefined],
    statement: 'goods/service.listBrands',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(brands).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toBrandRow,
    idOf: (row) => row.brand_id,
  });
}

// the brands of the selects, prepared once (platform/statements.ts)
const usableBrands = preparedOnce('agora_goods_brands_all', (db) =>
  db
    .select({ brand_id: brands.id, name: brands.name, logo: brands.logo })
    .from(brands)
    .where(sql`${brands.disabled} = 0`)
    .orderBy(asc(brands.name)),
);

/** Every usable brand, for selects. */
export async function allBrands(ctx: AppContext): Promise<BrandOption[]> {
  return usableBrands(ctx.db).execute();
}

export async function getBrand(ctx: AppContext, id: number): Promise<BrandRow> {
  const [row] = await ctx.db.select().from(brands).where(eq(brands.id, id));
  if (!row) throw new AppError(404, 'BRAND_NOT_FOUND', { ids: id });
  return toBrandRow(row);
}

async function assertBrandNameFree(db: AppContext['db'], name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.name, name), exceptId === undefined ? undefined : ne(brands.id, exceptId)));
  if (clash) throw badRequest('BRAND_NAME_TAKEN');
}

export async function createBrand(ctx: AppContext, input: BrandInput): Promise<BrandRow> {
  await assertBrandNameFree(ctx.db, input.name);
  const [row] = await ctx.db.insert(brands).values({ name: input.name, logo: input.logo, disabled: input.disabled }).returning();
  return toBrandRow(row);
}

export async function updateBrand(ctx: AppContext, id: number, input: BrandInput): Promise<BrandRow> {
  await getBrand(ctx, id);
  await assertBrandNameFree(ctx.db, input.name, id);
  const [row] = await ctx.db.update(brands).set({ name: input.name, logo: input.logo, disabled: input.disabled }).where(eq(brands.id, id)).returning();
  return toBrandRow(row);
}

/** Deletes brands (all or none); refused while a category binds one or goods use it. */
/** Returns the deleted brands' names (the system log names them). */
export async function deleteBrands(ctx: AppContext, ids: number[]): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockRowsById(tx, brands, ids, (missing) => badRequest('BRAND_NOT_FOUND', { ids: missing.join(',') }));
    const nameOf = new Map(rows.map((row) => [row.id, row.name]));
    const list = (brandIds: number[]) => brandIds.slice(0, 3).map((id) => nameOf.get(id)).join('、') + (brandIds.length > 3 ? ` 等${brandIds.length}个` : '');
    const bound = await tx.selectDistinct({ id: categoryBrands.brandId }).from(categoryBrands).where(inArray(categoryBrands.brandId, ids));
    if (bound.length > 0) throw badRequest('BRAND_BOUND_TO_CATEGORY', { names: list(bound.map((row) => row.id)) });
    const used = await tx.selectDistinct({ id: goods.brandId }).from(goods).where(and(inArray(goods.brandId, ids), ne(goods.disabled, -1)));
    if (used.length > 0) throw badRequest('BRAND_USED_BY_GOODS', { names: list(used.map((row) => row.id as number)) });
    // Deleted goods may still point at the brand; they keep their history without it.
    await tx.update(goods).set({ brandId: null }).where(inArray(goods.brandId, ids));
    await tx.delete(brands).where(inArray(brands.id, ids));
    return list(ids);
  });
}
