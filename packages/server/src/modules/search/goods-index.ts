import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { toYuan, type GoodsIndexStatus, type GoodsSearchHit, type GoodsSearchQuery, type Page, type TaskQueued, type TaskStatus } from '@agora/contract';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { cancelJob, enqueueJob, registerJobKind, type JobRecord } from '../../platform/jobs.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike } from '../../db/sql.js';
import { jobs } from '../../db/tables.js';
import { brands, categories, goods } from '../goods/tables.js';
import { goodsSearchDocs, searchTips } from './tables.js';
import { recordSearch } from './service.js';
import { dataTextsOf } from '../i18n/data-dict.js';

/**
 * Goods search (DOMAIN §2.24) runs on PostgreSQL: one document per searchable goods item in
 * goods_search_docs, matched through a trigram index, with no external search engine. The full
 * re-index is a background job (platform/jobs.ts, kind goods.reindex) that the goods-index screen
 * starts, watches and can stop; docs/search.md tells how an external engine would take its place.
 */
export const REINDEX_KIND = 'goods.reindex';
const BATCH = 200;

/** What buyers may find: on sale and audited (a closed shop's goods are taken off sale). */
const searchable = and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1));

const WORDS = {
  counting: { zh: '正在统计商品', en: 'Counting goods' },
  indexed: { zh: '已索引 {done} / {total} 个商品', en: 'Indexed {done} of {total} goods' },
  tips: { zh: '正在更新搜索提示词', en: 'Updating search tips' },
  done: { zh: '索引完成，共 {done} 个商品', en: 'Index built: {done} goods' },
} as const;
const say = (lang: string, key: keyof typeof WORDS, params: Record<string, number> = {}) =>
  WORDS[key][lang === 'en' ? 'en' : 'zh'].replace(/\{(\w+)\}/g, (_w, name: string) => String(params[name]));

registerJobKind(REINDEX_KIND, {
  operateType: 'TASK',
  // Every batch is an idempotent upsert: an attempt cut short starts over and leaves no trace.
  restartable: true,
  async run(job, { ctx, progress, isCancelled }) {
    await progress(0, say(job.lang, 'counting'));
    const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(goods).where(searchable);
    let after = 0;
    let done = 0;
    for (;;) {
      if (await isCancelled()) return;
      const batch = await ctx.db
        .select({ id: goods.id, name: goods.goodsName, sn: goods.sn, shop: goods.shopName, priority: goods.priority, brand: brands.name, category: categories.name })
        .from(goods)
        .leftJoin(brands, eq(brands.id, goods.brandId))
        .leftJoin(categories, eq(categories.id, goods.categoryId))
        .where(and(searchable, gt(goods.id, after)))
        .orderBy(goods.id)
        .limit(BATCH);
      if (batch.length === 0) break;
      const now = new Date();
      await ctx.db
        .insert(goodsSearchDocs)
        .values(
          batch.map((row) => ({
            goodsId: row.id,
            document: [row.name, row.sn, row.brand, row.category, row.shop].filter(Boolean).join(' ').toLowerCase(),
            priority: row.priority,
            build: job.id,
            indexedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: goodsSearchDocs.goodsId,
          set: { document: sql`excluded.document`, priority: sql`excluded.priority`, build: sql`excluded.build`, indexedAt: sql`excluded.indexed_at` },
        });
      after = batch[batch.length - 1].id;
      done += batch.length;
      await progress(Math.min(95, Math.floor((done * 95) / Math.max(total, 1))), say(job.lang, 'indexed', { done, total }));
    }
    if (await isCancelled()) return;
    // Goods no longer searchable (taken off sale, deleted) leave the index.
    await ctx.db.delete(goodsSearchDocs).where(ne(goodsSearchDocs.build, job.id));
    await progress(97, say(job.lang, 'tips'));
    await refreshSearchTips(ctx);
    return { rows: done, message: say(job.lang, 'done', { done }) };
  },
});

/**
 * System search tips are the names of the categories that hold searchable goods; every tip's
 * goods count is read again from the fresh index, and a system tip left without goods goes.
 */
async function refreshSearchTips(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${searchTips} (words, type, sort, goods_num)
      select left(c.name, 30), 'SYSTEM', 0, count(*)::int
      from ${goods} g join ${categories} c on c.id = g.category_id
      where g.market_enable = 1 and g.is_auth = 1 and g.disabled = 1
      group by left(c.name, 30)
      on conflict (words) do nothing`);
    await tx.execute(sql`
      update ${searchTips} t set goods_num = (select count(*)::int from ${goodsSearchDocs} d where strpos(d.document, lower(t.words)) > 0)`);
    await tx.delete(searchTips).where(and(eq(searchTips.type, 'SYSTEM'), eq(searchTips.goodsNum, 0)));
  });
}

const latestReindex = async (ctx: AppContext, statuses?: string[]) =>
  (
    await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, REINDEX_KIND), statuses ? inArray(jobs.status, statuses) : undefined))
      .orderBy(desc(jobs.id))
      .limit(1)
  )[0] as JobRecord | undefined;

/**
 * Starts a full re-index, or answers the one already queued or running: two operators pressing
 * the button at once get the same task (the check and the queueing hold one advisory lock).
 */
export async function startReindex(ctx: AppContext, admin: AuthedAdmin, lang: 'zh' | 'en', audit: AuditInTransaction): Promise<TaskQueued> {
  const id = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${REINDEX_KIND}))`);
    const [open] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, REINDEX_KIND), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (open) return open.id;
    const job = await enqueueJob(ctx, { kind: REINDEX_KIND, owner: { id: admin.id, name: admin.username }, params: {}, filterSummary: '全量重建商品索引', lang }, tx);
    await audit(tx);
    return job.id;
  });
  ctx.jobs.wake();
  return { task_id: id };
}

export async function stopReindex(ctx: AppContext, id: number): Promise<void> {
  const [job] = await ctx.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, id), eq(jobs.kind, REINDEX_KIND)));
  if (!job) throw new AppError(404, 'GOODS_INDEX_TASK_NOT_FOUND');
  await cancelJob(ctx, id);
}

export async function goodsIndexStatus(ctx: AppContext): Promise<GoodsIndexStatus> {
  const latest = await latestReindex(ctx);
  const lastDone = latest?.status === 'done' ? latest : await latestReindex(ctx, ['done']);
  const [{ indexed }] = await ctx.db.select({ indexed: sql<number>`count(*)::int` }).from(goodsSearchDocs);
  const [{ searchableNum }] = await ctx.db.select({ searchableNum: sql<number>`count(*)::int` }).from(goods).where(searchable);
  return {
    task: latest
      ? {
          id: latest.id,
          status: latest.status as TaskStatus,
          progress: latest.progress,
          message: latest.message,
          create_time: unixSeconds(latest.createdAt),
          finish_time: latest.finishedAt ? unixSeconds(latest.finishedAt) : null,
        }
      : null,
    indexed,
    searchable: searchableNum,
    last_built: lastDone?.finishedAt ? unixSeconds(lastDone.finishedAt) : null,
  };
}

/** The buyer's goods search: matches the index (trigram), shows only goods still searchable, and counts the keyword. */
export async function searchGoods(ctx: AppContext, query: GoodsSearchQuery): Promise<Page<GoodsSearchHit>> {
  await recordSearch(ctx.db, query.keyword);
  const match = and(sql`${goodsSearchDocs.document} ilike ${`%${escapeLike(query.keyword.toLowerCase())}%`}`, searchable);
  const rows = await ctx.db
    .select({ id: goods.id, name: goods.goodsName, thumbnail: goods.thumbnail, price: goods.priceCents, shop: goods.shopName })
    .from(goodsSearchDocs)
    .innerJoin(goods, eq(goods.id, goodsSearchDocs.goodsId))
    .where(match)
    .orderBy(desc(goodsSearchDocs.priority), desc(goodsSearchDocs.goodsId))
    .limit(query.page_size)
    .offset((query.page_no - 1) * query.page_size);
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(goodsSearchDocs)
    .innerJoin(goods, eq(goods.id, goodsSearchDocs.goodsId))
    .where(match);
  const names = query.lang ? await dataTextsOf(ctx.db, 'GOODS', query.lang, rows.map((row) => row.id)) : new Map<number, string>();
  return {
    data: rows.map((row) => ({ goods_id: row.id, goods_name: names.get(row.id) ?? row.name, thumbnail: row.thumbnail, price: toYuan(row.price), shop_name: row.shop })),
    page_no: query.page_no,
    page_size: query.page_size,
    data_total: total,
  };
}
