import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { ArticleCategoryInput, ArticleCategoryNode, ArticleCategoryType, ArticleDetail, ArticleInput, ArticleListQuery, ArticlePosition, ArticleRow, Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike, type Transaction } from '../../db/sql.js';
import { articleCategories, articles } from './tables.js';

type CategoryRecord = typeof articleCategories.$inferSelect;

refuseDuplicates({ article_categories_name_uq: 'ARTICLE_CATEGORY_NAME_TAKEN' });

const categoryNotFound = () => new AppError(404, 'ARTICLE_CATEGORY_NOT_FOUND');
const articleNotFound = () => new AppError(404, 'ARTICLE_NOT_FOUND');

/* ---------- categories ---------- */

// the tree's two reads, prepared once (platform/statements.ts)
const allCategories = preparedOnce('agora_article_category_tree', (db) =>
  db
    .select({
      id: articleCategories.id,
      name: articleCategories.name,
      parentId: articleCategories.parentId,
      sort: articleCategories.sort,
      type: articleCategories.type,
      allowDelete: articleCategories.allowDelete,
    })
    .from(articleCategories)
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id)),
);
const articleCounts = preparedOnce('agora_article_category_counts', (db) =>
  db.select({ id: articles.categoryId, n: count() }).from(articles).groupBy(articles.categoryId),
);

export async function categoryTree(ctx: AppContext): Promise<ArticleCategoryNode[]> {
  const rows = await allCategories(ctx.db).execute();
  const counts = await articleCounts(ctx.db).execute();
  const countOf = new Map(counts.map((c) => [c.id, c.n]));
  const node = (row: Omit<CategoryRecord, 'createdAt'>): ArticleCategoryNode => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    sort: row.sort,
    type: row.type as ArticleCategoryType,
    allow_delete: row.allowDelete === 0 ? 0 : 1,
    article_count: countOf.get(row.id) ?? 0,
    children: [],
  });
  const top = rows.filter((row) => row.parentId === 0).map(node);
  const byId = new Map(top.map((n) => [n.id, n]));
  for (const row of rows) if (row.parentId !== 0) byId.get(row.parentId)?.children.push(node(row));
  return top;
}

/** Locks a category (its children and articles are checked against it while the lock is held). */
async function lockCategory(tx: Transaction, id: number): Promise<CategoryRecord> {
  const [row] = await tx.select().from(articleCategories).where(eq(articleCategories.id, id)).for('update');
  if (!row) throw categoryNotFound();
  return row;
}

async function assertNameFree(tx: Transaction, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(and(eq(articleCategories.name, name), exceptId ? ne(articleCategories.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw badRequest('ARTICLE_CATEGORY_NAME_TAKEN');
}

/** A parent must be a top-level category: two levels at most. */
async function assertParent(tx: Transaction, parentId: number): Promise<void> {
  if (parentId === 0) return;
  const parent = await lockCategory(tx, parentId);
  if (parent.parentId !== 0) throw badRequest('ARTICLE_CATEGORY_TOO_DEEP');
}

export async function createCategory(ctx: AppContext, input: ArticleCategoryInput, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await assertParent(tx, input.parent_id);
    await assertNameFree(tx, input.name);
    await tx.insert(articleCategories).values({ name: input.name, parentId: input.parent_id, sort: input.sort, type: input.type });
    await audit(tx);
  });
}

export async function updateCategory(ctx: AppContext, id: number, input: ArticleCategoryInput, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    if (row.allowDelete === 0) throw badRequest('ARTICLE_CATEGORY_BUILT_IN');
    if (input.parent_id === id) throw badRequest('ARTICLE_CATEGORY_TOO_DEEP');
    if (input.parent_id !== row.parentId) {
      await assertParent(tx, input.parent_id);
      // Moving a category that has children under another would make a third level.
      const [child] = await tx.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.parentId, id)).limit(1);
      if (child && input.parent_id !== 0) throw badRequest('ARTICLE_CATEGORY_TOO_DEEP');
    }
    await assertNameFree(tx, input.name, id);
    await tx.update(articleCategories).set({ name: input.name, parentId: input.parent_id, sort: input.sort, type: input.type }).where(eq(articleCategories.id, id));
    await audit(tx);
  });
}

export async function deleteCategory(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    if (row.allowDelete === 0) throw badRequest('ARTICLE_CATEGORY_BUILT_IN');
    const [child] = await tx.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.parentId, id)).limit(1);
    if (child) throw badRequest('ARTICLE_CATEGORY_HAS_CHILDREN');
    const [used] = await tx.select({ n: count() }).from(articles).where(eq(articles.categoryId, id));
    if (used.n > 0) throw badRequest('ARTICLE_CATEGORY_HAS_ARTICLES', { count: used.n });
    await tx.delete(articleCategories).where(eq(articleCategories.id, id));
    await audit(tx);
  });
}

/* ---------- articles ---------- */

const toRow = (row: typeof articles.$inferSelect, categoryName: string | null): ArticleRow => ({
  id: row.id,
  article_name: row.name,
  category_id: row.categoryId,
  category_name: categoryName ?? '',
  sort: row.sort,
  outside_url: row.outsideUrl,
  show_position: row.showPosition as ArticlePosition,
  create_time: unixSeconds(row.createdAt),
  modify_time: unixSeconds(row.updatedAt),
});

/** A category and its children: a top-level filter shows its sub-categories' articles too. */
async function categoryAndChildren(ctx: AppContext, id: number): Promise<number[]> {
  const rows = await ctx.db.select({ id: articleCategories.id }).from(articleCategories).where(or(eq(articleCategories.id, id), eq(articleCategories.parentId, id)));
  return rows.map((row) => row.id);
}

export async function listArticles(ctx: AppContext, query: ArticleListQuery): Promise<Page<ArticleRow>> {
  const categoryIds = query.category_id ? await categoryAndChildren(ctx, query.category_id) : undefined;
  return listPage(ctx.db, {
    query,
    table: articles,
    id: articles.id,
    where: [
      query.name ? ilike(articles.name, `%${escapeLike(query.name)}%`) : undefined,
      categoryIds ? (categoryIds.length > 0 ? inArray(articles.categoryId, categoryIds) : sql`false`) : undefined,
    ],
    statement: 'articles/service.listArticles',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({ article: articles, categoryName: articleCategories.name })
        .from(articles)
        .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: ({ article, categoryName }) => toRow(article, categoryName),
    idOf: (row) => row.id,
  });
}

// the article's detail, prepared once (platform/statements.ts)
const articleById = preparedOnce('agora_article_detail', (db) =>
  db
    .select({ article: articles, categoryName: articleCategories.name })
    .from(articles)
    .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(eq(articles.id, sql.placeholder('id'))),
);

export async function getArticle(ctx: AppContext, id: number): Promise<ArticleDetail> {
  const [row] = await articleById(ctx.db).execute({ id });
  if (!row) throw articleNotFound();
  return { ...toRow(row.article, row.categoryName), content: row.article.content };
}

/** Locks the category against a concurrent delete, so an article never lands in a category that is going away. */
async function lockArticleCategory(tx: Transaction, id: number): Promise<void> {
  const [row] = await tx.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.id, id)).for('share');
  if (!row) throw badRequest('ARTICLE_CATEGORY_MISSING');
}

const articleValues = (input: ArticleInput) => ({
  name: input.article_name,
  categoryId: input.category_id,
  sort: input.sort,
  outsideUrl: input.outside_url,
  content: sanitizeRichText(input.content),
});

export async function createArticle(ctx: AppContext, input: ArticleInput, audit: AuditInTransaction): Promise<ArticleDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockArticleCategory(tx, input.category_id);
    const [created] = await tx.insert(articles).values(articleValues(input)).returning({ id: articles.id });
    await audit(tx);
    return created.id;
  });
  return getArticle(ctx, id);
}

export async function updateArticle(ctx: AppContext, id: number, input: ArticleInput, audit: AuditInTransaction): Promise<ArticleDetail> {
  await ctx.db.transaction(async (tx) => {
    await lockArticleCategory(tx, input.category_id);
    const [changed] = await tx.update(articles).set({ ...articleValues(input), updatedAt: new Date() }).where(eq(articles.id, id)).returning({ id: articles.id });
    if (!changed) throw articleNotFound();
    await audit(tx);
  });
  return getArticle(ctx, id);
}

export async function deleteArticle(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ position: articles.showPosition }).from(articles).where(eq(articles.id, id)).for('update');
    if (!row) throw articleNotFound();
    if (row.position !== 'OTHER') throw badRequest('ARTICLE_FIXED_POSITION');
    await tx.delete(articles).where(eq(articles.id, id));
    await audit(tx);
  });
}
