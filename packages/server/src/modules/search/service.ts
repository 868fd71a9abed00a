import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import type {
  CustomWordQuery,
  CustomWordRow,
  CustomWordSecret,
  HotKeywordInput,
  HotKeywordQuery,
  HotKeywordRow,
  Page,
  SearchHistoryQuery,
  SearchHistoryRow,
  SearchTipQuery,
  SearchTipRow,
  SearchTipType,
  SensitiveWordQuery,
  SensitiveWordRow,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { readDocument, writeSetting } from '../../platform/settings.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike, type Transaction } from '../../db/sql.js';
import type { Db } from '../../db/client.js';
import { customWords, goodsSearchDocs, hotKeywords, searchKeywords, searchTips, sensitiveWords } from './tables.js';

refuseDuplicates({
  hot_keywords_name_uq: 'HOT_KEYWORD_TAKEN',
  custom_words_name_uq: 'CUSTOM_WORD_TAKEN',
  search_tips_words_uq: 'SEARCH_TIP_TAKEN',
  sensitive_words_live_uq: 'SENSITIVE_WORD_TAKEN',
});

const contains = (text: string | undefined) => (text ? `%${escapeLike(text)}%` : undefined);

/** Runs a write and its log line in one transaction (a unique clash answers the module's message). */
const write = <T>(ctx: AppContext, audit: AuditInTransaction, work: (tx: Transaction) => Promise<T>) =>
  ctx.db.transaction(async (tx) => {
    const result = await work(tx);
    await audit(tx);
    return result;
  });

/* ---------- hot keywords ---------- */

export function listHotKeywords(ctx: AppContext, query: HotKeywordQuery): Promise<Page<HotKeywordRow>> {
  const like = contains(query.keyword);
  return listPage(ctx.db, {
    query,
    table: hotKeywords,
    id: hotKeywords.id,
    where: [like ? ilike(hotKeywords.hotName, like) : undefined],
    sorts: { sort: hotKeywords.sort },
    statement: 'search/service.listHotKeywords',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(hotKeywords).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => ({ id: row.id, hot_name: row.hotName, sort: row.sort }),
    idOf: (row) => row.id,
  });
}

async function assertHotFree(tx: Transaction, name: string, exceptId?: number) {
  const [row] = await tx.select({ id: hotKeywords.id }).from(hotKeywords).where(eq(hotKeywords.hotName, name));
  if (row && row.id !== exceptId) throw badRequest('HOT_KEYWORD_TAKEN');
}

export const createHotKeyword = (ctx: AppContext, input: HotKeywordInput, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    await assertHotFree(tx, input.hot_name);
    await tx.insert(hotKeywords).values({ hotName: input.hot_name, sort: input.sort });
  });

export const updateHotKeyword = (ctx: AppContext, id: number, input: HotKeywordInput, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    await assertHotFree(tx, input.hot_name, id);
    const [changed] = await tx.update(hotKeywords).set({ hotName: input.hot_name, sort: input.sort }).where(eq(hotKeywords.id, id)).returning({ id: hotKeywords.id });
    if (!changed) throw new AppError(404, 'HOT_KEYWORD_NOT_FOUND');
  });

export const deleteHotKeyword = (ctx: AppContext, id: number, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    const [gone] = await tx.delete(hotKeywords).where(eq(hotKeywords.id, id)).returning({ id: hotKeywords.id });
    if (!gone) throw new AppError(404, 'HOT_KEYWORD_NOT_FOUND');
  });

/* ---------- custom words and the dictionary key ---------- */

export function listCustomWords(ctx: AppContext, query: CustomWordQuery): Promise<Page<CustomWordRow>> {
  const like = contains(query.keywords);
  return listPage(ctx.db, {
    query,
    table: customWords,
    id: customWords.id,
    where: [like ? ilike(customWords.name, like) : undefined],
    statement: 'search/service.listCustomWords',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(customWords).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => ({ id: row.id, name: row.name, create_time: unixSeconds(row.createdAt) }),
    idOf: (row) => row.id,
  });
}

export const createCustomWord = (ctx: AppContext, name: string, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    const [taken] = await tx.select({ id: customWords.id }).from(customWords).where(eq(customWords.name, name));
    if (taken) throw badRequest('CUSTOM_WORD_TAKEN');
    await tx.insert(customWords).values({ name });
  });

export const deleteCustomWord = (ctx: AppContext, id: number, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    const [gone] = await tx.delete(customWords).where(eq(customWords.id, id)).returning({ id: customWords.id });
    if (!gone) throw new AppError(404, 'CUSTOM_WORD_NOT_FOUND');
  });

/**
 * The key the search engine presents to pull the dictionary. It is kept as a SHA-256 digest and
 * its last four characters: after saving, nobody reads it back, not even the founder — whoever
 * configures the engine types it there too, and a lost key is replaced, never recovered.
 */
const SECRET_KEY = 'search.custom_word_secret';
interface StoredSecret {
  digest: string;
  tail: string;
}
const digestOf = (key: string) => createHash('sha256').update(key).digest('hex');

export async function customWordSecret(ctx: AppContext): Promise<CustomWordSecret> {
  const stored = await readDocument<StoredSecret>(ctx.db, SECRET_KEY, { digest: '', tail: '' });
  return stored.digest ? { is_set: 1, masked: `••••••${stored.tail}` } : { is_set: 0, masked: '' };
}

export async function setCustomWordSecret(ctx: AppContext, key: string): Promise<CustomWordSecret> {
  await writeSetting(ctx.db, SECRET_KEY, { digest: digestOf(key), tail: key.slice(-4) });
  return customWordSecret(ctx);
}

/** The dictionary pull: every custom word, one a line, for the right key only. */
export async function customWordDictionary(ctx: AppContext, key: string): Promise<string> {
  const stored = await readDocument<StoredSecret>(ctx.db, SECRET_KEY, { digest: '', tail: '' });
  const given = Buffer.from(digestOf(key), 'hex');
  if (!stored.digest || key === '' || !timingSafeEqual(given, Buffer.from(stored.digest, 'hex'))) throw new AppError(403, 'CUSTOM_WORD_SECRET_WRONG');
  const rows = await ctx.db.select({ name: customWords.name }).from(customWords).orderBy(customWords.id);
  return rows.map((row) => row.name).join('\n');
}

/* ---------- search tips ---------- */

/** On-sale goods whose index document holds the words. */
export async function goodsNumOf(db: Db | Transaction, words: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(goodsSearchDocs)
    .where(ilike(goodsSearchDocs.document, `%${escapeLike(words.toLowerCase())}%`));
  return row.n;
}

export function listSearchTips(ctx: AppContext, query: SearchTipQuery): Promise<Page<SearchTipRow>> {
  const like = contains(query.keyword);
  return listPage(ctx.db, {
    query,
    table: searchTips,
    id: searchTips.id,
    where: [like ? ilike(searchTips.words, like) : undefined, query.type ? eq(searchTips.type, query.type) : undefined],
    sorts: { sort: searchTips.sort },
    statement: 'search/service.listSearchTips',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(searchTips).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => ({ id: row.id, words: row.words, type: row.type as SearchTipType, sort: row.sort, goods_num: row.goodsNum, create_time: unixSeconds(row.createdAt) }),
    idOf: (row) => row.id,
  });
}

async function assertTipFree(tx: Transaction, words: string, exceptId?: number) {
  const [row] = await tx.select({ id: searchTips.id }).from(searchTips).where(eq(searchTips.words, words));
  if (row && row.id !== exceptId) throw badRequest('SEARCH_TIP_TAKEN');
}

export const createSearchTip = (ctx: AppContext, input: { words: string; sort: number }, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    await assertTipFree(tx, input.words);
    await tx.insert(searchTips).values({ words: input.words, sort: input.sort, type: 'CUSTOM', goodsNum: await goodsNumOf(tx, input.words) });
  });

export const updateSearchTipWords = (ctx: AppContext, id: number, words: string, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    await assertTipFree(tx, words, id);
    const [changed] = await tx.update(searchTips).set({ words, goodsNum: await goodsNumOf(tx, words) }).where(eq(searchTips.id, id)).returning({ id: searchTips.id });
    if (!changed) throw new AppError(404, 'SEARCH_TIP_NOT_FOUND');
  });

export const updateSearchTipSort = (ctx: AppContext, id: number, sort: number, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    const [changed] = await tx.update(searchTips).set({ sort }).where(eq(searchTips.id, id)).returning({ id: searchTips.id });
    if (!changed) throw new AppError(404, 'SEARCH_TIP_NOT_FOUND');
  });

export const deleteSearchTip = (ctx: AppContext, id: number, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    const [gone] = await tx.delete(searchTips).where(eq(searchTips.id, id)).returning({ id: searchTips.id });
    if (!gone) throw new AppError(404, 'SEARCH_TIP_NOT_FOUND');
  });

/* ---------- search history ---------- */

export function listSearchHistory(ctx: AppContext, query: SearchHistoryQuery): Promise<Page<SearchHistoryRow>> {
  const like = contains(query.keyword);
  return listPage(ctx.db, {
    query,
    table: searchKeywords,
    id: searchKeywords.id,
    where: [like ? ilike(searchKeywords.keyword, like) : undefined],
    sorts: { count: searchKeywords.count, last_time: searchKeywords.lastAt },
    statement: 'search/service.listSearchHistory',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(searchKeywords).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => ({ id: row.id, keyword: row.keyword, count: row.count, last_time: unixSeconds(row.lastAt) }),
    idOf: (row) => row.id,
  });
}

/** Counts one search for its keyword (one row a keyword; concurrent searches add up). */
export async function recordSearch(db: Db, keyword: string, at = new Date()): Promise<void> {
  await db
    .insert(searchKeywords)
    .values({ keyword, count: 1, lastAt: at })
    .onConflictDoUpdate({ target: searchKeywords.keyword, set: { count: sql`${searchKeywords.count} + 1`, lastAt: at } });
}

/* ---------- sensitive words ---------- */

const toSensitiveRow = (row: typeof sensitiveWords.$inferSelect): SensitiveWordRow => ({ id: row.id, word_name: row.wordName, create_time: unixSeconds(row.createdAt) });

export function listSensitiveWords(ctx: AppContext, query: SensitiveWordQuery): Promise<Page<SensitiveWordRow>> {
  const like = contains(query.keyword);
  return listPage(ctx.db, {
    query,
    table: sensitiveWords,
    id: sensitiveWords.id,
    where: [isNull(sensitiveWords.deletedAt), like ? ilike(sensitiveWords.wordName, like) : undefined],
    statement: 'search/service.listSensitiveWords',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(sensitiveWords).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toSensitiveRow,
    idOf: (row) => row.id,
  });
}

export async function getSensitiveWord(ctx: AppContext, id: number): Promise<SensitiveWordRow> {
  const [row] = await ctx.db.select().from(sensitiveWords).where(and(eq(sensitiveWords.id, id), isNull(sensitiveWords.deletedAt)));
  if (!row) throw new AppError(404, 'SENSITIVE_WORD_NOT_FOUND');
  return toSensitiveRow(row);
}

export const createSensitiveWord = (ctx: AppContext, word: string, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    const [taken] = await tx.select({ id: sensitiveWords.id }).from(sensitiveWords).where(and(eq(sensitiveWords.wordName, word), isNull(sensitiveWords.deletedAt)));
    if (taken) throw badRequest('SENSITIVE_WORD_TAKEN');
    await tx.insert(sensitiveWords).values({ wordName: word });
  });

/** Soft: the row stays, marked deleted (DOMAIN §1 "soft deletes"); the word stops being masked everywhere at once. */
export const deleteSensitiveWord = (ctx: AppContext, id: number, audit: AuditInTransaction) =>
  write(ctx, audit, async (tx) => {
    const [gone] = await tx
      .update(sensitiveWords)
      .set({ deletedAt: new Date() })
      .where(and(eq(sensitiveWords.id, id), isNull(sensitiveWords.deletedAt)))
      .returning({ id: sensitiveWords.id });
    if (!gone) throw new AppError(404, 'SENSITIVE_WORD_NOT_FOUND');
  });


