import { and, asc, count, eq, gt, inArray, ne, notExists, sql } from 'drizzle-orm';
import {
  DATA_DICT_GROUPS,
  DEFAULT_LANG,
  LANG_STATES,
  TRANSLATION_BATCH,
  type DataDictGroup,
  type GoodsTranslated,
  type Page,
  type TranslationFailureQuery,
  type TranslationFailureRow,
  type TranslationScope,
  type TranslationTaskQuery,
  type TranslationTaskRow,
  type TranslationTaskScope,
  type TranslationTaskStatus,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { enqueueJob, registerJobKind } from '../../platform/jobs.js';
import { listPage } from '../../platform/list.js';
import { unixSeconds } from '../../platform/time.js';
import { refuseDuplicates } from '../../platform/unique.js';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/sql.js';
import { jobs, languages, uiDictKeys, uiTranslations } from '../../db/tables.js';
import { goods } from '../goods/tables.js';
import { syncDataGroup } from './data-dict.js';
import { i18nDataEntries, i18nDataTexts, translationFailures, translationTasks } from './tables.js';
import { assertTranslationOpen, translateTexts } from './translate.js';

export const TRANSLATE_KIND = 'i18n.translate';
const UI_TYPE = 'admin';

refuseDuplicates({ translation_tasks_active_uq: 'TRANSLATION_TASK_RUNNING' });

type TaskRecord = typeof translationTasks.$inferSelect;
type Reader = Db | Transaction;

/** One text to translate: `key` orders the walk (and is the resume point), `refId` names what receives the text. */
interface Item {
  key: number;
  scope: TranslationScope;
  lang: string;
  refId: number;
  ref: string;
  source: string;
}

const isDataGroup = (scope: TranslationScope): scope is DataDictGroup => (DATA_DICT_GROUPS as readonly string[]).includes(scope);

// ─── What a scope lacks in a language ───────────────────────────────────────

function missingUi(db: Reader, lang: string) {
  const source = sql`(select ${uiTranslations.text} from ${uiTranslations} where ${uiTranslations.lang} = ${DEFAULT_LANG} and ${uiTranslations.type} = ${UI_TYPE} and ${uiTranslations.key} = ${uiDictKeys.key})`;
  const lacking = notExists(
    db
      .select({ one: sql`1` })
      .from(uiTranslations)
      .where(and(eq(uiTranslations.lang, lang), eq(uiTranslations.type, UI_TYPE), eq(uiTranslations.key, uiDictKeys.key))),
  );
  return { source, where: and(eq(uiDictKeys.type, UI_TYPE), sql`${source} is not null`, lacking) };
}

function missingData(db: Reader, group: DataDictGroup, lang: string) {
  return and(
    eq(i18nDataEntries.groupSn, group),
    notExists(db.select({ one: sql`1` }).from(i18nDataTexts).where(and(eq(i18nDataTexts.entryId, i18nDataEntries.id), eq(i18nDataTexts.lang, lang)))),
  );
}

async function countPending(db: Reader, task: TaskRecord): Promise<number> {
  const scope = task.scope as TranslationTaskScope;
  if (scope === 'RETRY') {
    const [row] = await db.select({ n: count() }).from(translationFailures).where(eq(translationFailures.retryTaskId, task.id));
    return row.n;
  }
  if (scope === 'UI') {
    const [row] = await db.select({ n: count() }).from(uiDictKeys).where(missingUi(db, task.lang).where);
    return row.n;
  }
  const [row] = await db.select({ n: count() }).from(i18nDataEntries).where(missingData(db, scope, task.lang));
  return row.n;
}

async function pendingItems(db: Reader, task: TaskRecord, after: number): Promise<Item[]> {
  const scope = task.scope as TranslationTaskScope;
  if (scope === 'RETRY') {
    const rows = await db
      .select()
      .from(translationFailures)
      .where(and(eq(translationFailures.retryTaskId, task.id), eq(translationFailures.status, 'RETRYING'), gt(translationFailures.id, after)))
      .orderBy(asc(translationFailures.id))
      .limit(TRANSLATION_BATCH);
    return rows.map((row) => ({ key: row.id, scope: row.scope as TranslationScope, lang: row.lang, refId: row.refId, ref: row.ref, source: row.source }));
  }
  if (scope === 'UI') {
    const missing = missingUi(db, task.lang);
    const rows = await db
      .select({ id: uiDictKeys.id, key: uiDictKeys.key, source: sql<string>`${missing.source}` })
      .from(uiDictKeys)
      .where(and(missing.where, gt(uiDictKeys.id, after)))
      .orderBy(asc(uiDictKeys.id))
      .limit(TRANSLATION_BATCH);
    return rows.map((row) => ({ key: row.id, scope, lang: task.lang, refId: row.id, ref: row.key, source: row.source }));
  }
  const rows = await db
    .select()
    .from(i18nDataEntries)
    .where(and(missingData(db, scope, task.lang), gt(i18nDataEntries.id, after)))
    .orderBy(asc(i18nDataEntries.id))
    .limit(TRANSLATION_BATCH);
  return rows.map((row) => ({ key: row.id, scope, lang: task.lang, refId: row.id, ref: `${row.groupSn}:${row.dataKey}`, source: row.source }));
}

// ─── Writing the outcome ────────────────────────────────────────────────────

/**
 * A machine text never replaces one that exists (an operator may have written it meanwhile), except
 * when an operator asked for this very item again (`replace`). A success clears the item's failure.
 */
async function writeText(tx: Transaction, item: Item, text: string, replace = false): Promise<void> {
  if (item.scope === 'UI') {
    await tx.insert(uiTranslations).values({ lang: item.lang, type: UI_TYPE, key: item.ref, text, edited: 1 }).onConflictDoNothing();
  } else {
    const insert = tx.insert(i18nDataTexts).values({ entryId: item.refId, lang: item.lang, text, machine: 1 });
    await (replace
      ? insert.onConflictDoUpdate({ target: [i18nDataTexts.entryId, i18nDataTexts.lang], set: { text, machine: 1, updatedAt: new Date() } })
      : insert.onConflictDoNothing());
  }
  await tx
    .delete(translationFailures)
    .where(and(eq(translationFailures.lang, item.lang), eq(translationFailures.scope, item.scope), eq(translationFailures.refId, item.refId)));
}

async function writeFailure(tx: Transaction, taskId: number, item: Item, reason: string): Promise<void> {
  const row = { taskId, lang: item.lang, scope: item.scope, refId: item.refId, ref: item.ref.slice(0, 200), source: item.source.slice(0, 2000), reason: reason.slice(0, 300) };
  await tx
    .insert(translationFailures)
    .values(row)
    .onConflictDoUpdate({
      target: [translationFailures.lang, translationFailures.scope, translationFailures.refId],
      set: { taskId, reason: row.reason, source: row.source, status: 'FAILED', retryTaskId: null, createdAt: new Date() },
    });
}

const reasonOf = (error: unknown, lang: 'zh' | 'en') => (error instanceof AppError ? error.localized(lang) : (error as Error).message) || 'FAIL';

/**
 * Translates items (each in its own target language) a call per language. A refused call is tried
 * again an item at a time, so one text the platform cannot take fails alone, not its whole batch.
 */
async function translateItems(ctx: AppContext, items: Item[], lang: 'zh' | 'en'): Promise<Map<Item, { text?: string; reason?: string }>> {
  const outcome = new Map<Item, { text?: string; reason?: string }>();
  const attempt = async (group: Item[], target: string) => {
    try {
      const texts = await translateTexts(ctx, DEFAULT_LANG, target, group.map((item) => item.source));
      group.forEach((item, index) => outcome.set(item, { text: texts[index] }));
    } catch (error) {
      if (group.length > 1) for (const item of group) await attempt([item], target);
      else outcome.set(group[0], { reason: reasonOf(error, lang) });
    }
  };
  for (const target of new Set(items.map((item) => item.lang))) await attempt(items.filter((item) => item.lang === target), target);
  return outcome;
}

/**
 * A task's job: takes in the group's source names (a data scope), counts what the language lacks,
 * then translates it a batch at a time; each batch's texts, failures and the task's counters commit
 * together with the job's resume point. A restarted attempt continues after the last batch.
 */
registerJobKind(TRANSLATE_KIND, {
  operateType: 'TASK',
  restartable: true,
  async run(job, { ctx, progress, isCancelled, commitBatch }) {
    const taskId = Number((job.params as { task_id?: number }).task_id);
    const lang = job.lang === 'en' ? 'en' : 'zh';
    const [found] = await ctx.db.select().from(translationTasks).where(eq(translationTasks.id, taskId));
    if (!found || (found.status !== 'WAIT' && found.status !== 'RUNNING')) return { message: 'nothing to translate' };
    let task = found;
    let after = Number((job.checkpoint as { after?: number } | null)?.after ?? 0);
    if (task.status === 'WAIT') {
      if (isDataGroup(task.scope as TranslationScope)) await syncDataGroup(ctx.db, task.scope as DataDictGroup);
      const total = await countPending(ctx.db, task);
      [task] = await ctx.db.update(translationTasks).set({ status: 'RUNNING', total }).where(eq(translationTasks.id, taskId)).returning();
    }
    try {
      for (;;) {
        if (await isCancelled()) return;
        const items = await pendingItems(ctx.db, task, after);
        if (items.length === 0) break;
        const outcome = await translateItems(ctx, items, lang);
        const last = items[items.length - 1].key;
        const counts = await commitBatch(
          async (tx) => {
            let success = 0;
            for (const item of items) {
              const result = outcome.get(item)!;
              if (result.text !== undefined) {
                await writeText(tx, item, result.text);
                success += 1;
              } else await writeFailure(tx, taskId, item, result.reason ?? '');
            }
            const [row] = await tx
              .update(translationTasks)
              .set({ successCount: sql`${translationTasks.successCount} + ${success}`, failCount: sql`${translationTasks.failCount} + ${items.length - success}` })
              .where(eq(translationTasks.id, taskId))
              .returning();
            return row;
          },
          () => ({ after: last }),
        );
        after = last;
        const done = counts.successCount + counts.failCount;
        await progress(Math.min(99, Math.floor((done * 100) / Math.max(counts.total, 1))), `${done} / ${counts.total}`);
      }
    } catch (error) {
      await ctx.db.update(translationTasks).set({ status: 'FAILED', message: reasonOf(error, lang).slice(0, 200), finishedAt: new Date() }).where(eq(translationTasks.id, taskId));
      throw error;
    }
    const [finished] = await ctx.db.update(translationTasks).set({ status: 'DONE', finishedAt: new Date() }).where(eq(translationTasks.id, taskId)).returning();
    return { rows: finished.successCount, errors: finished.failCount, message: `${finished.successCount} / ${finished.total}` };
  },
});

// ─── Tasks ──────────────────────────────────────────────────────────────────

const JOB_ENDED: readonly string[] = ['failed', 'cancelled'];

function toTaskRow(task: TaskRecord, job?: { status: string; errorReason: string | null } | null): TranslationTaskRow {
  // A job the machinery gave up on (interrupted too often, cancelled) ends its task too.
  const ended = (task.status === 'WAIT' || task.status === 'RUNNING') && job && JOB_ENDED.includes(job.status);
  const done = task.successCount + task.failCount;
  return {
    id: task.id,
    lang: task.lang,
    scope: task.scope as TranslationTaskScope,
    status: ended ? 'FAILED' : (task.status as TranslationTaskStatus),
    total: task.total,
    success_count: task.successCount,
    fail_count: task.failCount,
    progress: task.status === 'DONE' ? 100 : task.total ? Math.min(99, Math.floor((done * 100) / task.total)) : 0,
    message: ended ? (job?.errorReason ?? '') : task.message,
    operator: task.operator,
    create_time: unixSeconds(task.createdAt),
    finish_time: task.finishedAt ? unixSeconds(task.finishedAt) : null,
  };
}

export async function listTranslationTasks(ctx: AppContext, query: TranslationTaskQuery): Promise<Page<TranslationTaskRow>> {
  return listPage(ctx.db, {
    query,
    table: translationTasks,
    id: translationTasks.id,
    where: [query.lang ? eq(translationTasks.lang, query.lang) : undefined, query.scope ? eq(translationTasks.scope, query.scope) : undefined],
    statement: 'i18n/tasks.listTranslationTasks',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({ task: translationTasks, job: { status: jobs.status, errorReason: jobs.errorReason } })
        .from(translationTasks)
        .leftJoin(jobs, eq(jobs.id, translationTasks.jobId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: (row) => toTaskRow(row.task, row.job),
    idOf: (row) => row.id,
  });
}

async function targetLanguage(tx: Transaction, id: number) {
  const [language] = await tx.select().from(languages).where(eq(languages.id, id));
  if (!language) throw new AppError(404, 'LANG_NOT_FOUND');
  if (language.code === DEFAULT_LANG) throw badRequest('TRANSLATION_TARGET_DEFAULT');
  if (language.enabled === LANG_STATES.off) throw badRequest('TRANSLATION_TARGET_OFF');
  return language;
}

/** A task whose job the machinery ended (failed, cancelled) no longer holds its language and scope. */
async function releaseEnded(tx: Transaction, lang: string, scope: string): Promise<void> {
  await tx
    .update(translationTasks)
    .set({ status: 'FAILED', finishedAt: new Date() })
    .where(
      and(
        eq(translationTasks.lang, lang),
        eq(translationTasks.scope, scope),
        inArray(translationTasks.status, ['WAIT', 'RUNNING']),
        sql`exists (select 1 from ${jobs} where ${jobs.id} = ${translationTasks.jobId} and ${jobs.status} in ('failed', 'cancelled'))`,
      ),
    );
}

async function startTask(ctx: AppContext, tx: Transaction, admin: AuthedAdmin, lang: string, scope: TranslationTaskScope, uiLang: 'zh' | 'en') {
  const [task] = await tx.insert(translationTasks).values({ lang, scope, operator: admin.username }).returning();
  const job = await enqueueJob(ctx, { kind: TRANSLATE_KIND, owner: { id: admin.id, name: admin.username }, params: { task_id: task.id }, filterSummary: `${lang} ${scope}`, lang: uiLang }, tx);
  const [withJob] = await tx.update(translationTasks).set({ jobId: job.id }).where(eq(translationTasks.id, task.id)).returning();
  return withJob;
}

/** Starts translating what a language lacks in a scope. One WAIT/RUNNING task per language and scope (the unique index decides between two operators). */
export async function createTranslationTask(
  ctx: AppContext,
  admin: AuthedAdmin,
  languageId: number,
  scope: TranslationScope,
  uiLang: 'zh' | 'en',
  audit: AuditInTransaction,
): Promise<TranslationTaskRow> {
  await assertTranslationOpen(ctx.db);
  const task = await ctx.db.transaction(async (tx) => {
    const language = await targetLanguage(tx, languageId);
    await releaseEnded(tx, language.code, scope);
    const started = await startTask(ctx, tx, admin, language.code, scope, uiLang);
    await audit(tx);
    return started;
  });
  ctx.jobs.wake();
  return toTaskRow(task);
}

export async function listTranslationFailures(ctx: AppContext, query: TranslationFailureQuery): Promise<Page<TranslationFailureRow>> {
  return listPage(ctx.db, {
    query,
    table: translationFailures,
    id: translationFailures.id,
    where: [
      eq(translationFailures.status, 'FAILED'),
      query.task_id ? eq(translationFailures.taskId, query.task_id) : undefined,
      query.lang ? eq(translationFailures.lang, query.lang) : undefined,
    ],
    statement: 'i18n/tasks.listTranslationFailures',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(translationFailures).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row): TranslationFailureRow => ({
      id: row.id,
      task_id: row.taskId,
      lang: row.lang,
      scope: row.scope as TranslationScope,
      ref: row.ref,
      source: row.source,
      reason: row.reason,
      create_time: unixSeconds(row.createdAt),
    }),
    idOf: (row) => row.id,
  });
}

/**
 * "Translate again": the chosen failures move to a RETRY task (one per language) with a conditional
 * update under their row locks: of two operators choosing the same ones, the second is refused whole.
 */
export async function retranslate(ctx: AppContext, admin: AuthedAdmin, ids: number[], uiLang: 'zh' | 'en', audit: AuditInTransaction): Promise<TranslationTaskRow[]> {
  await assertTranslationOpen(ctx.db);
  const tasks = await ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(translationFailures).where(inArray(translationFailures.id, ids)).orderBy(asc(translationFailures.id)).for('update');
    if (rows.length !== new Set(ids).size || rows.some((row) => row.status !== 'FAILED')) throw badRequest('TRANSLATION_FAILURE_TAKEN');
    const started: TaskRecord[] = [];
    for (const lang of new Set(rows.map((row) => row.lang))) {
      const task = await startTask(ctx, tx, admin, lang, 'RETRY', uiLang);
      const own = rows.filter((row) => row.lang === lang).map((row) => row.id);
      const moved = await tx
        .update(translationFailures)
        .set({ status: 'RETRYING', retryTaskId: task.id })
        .where(and(inArray(translationFailures.id, own), eq(translationFailures.status, 'FAILED')))
        .returning({ id: translationFailures.id });
      if (moved.length !== own.length) throw badRequest('TRANSLATION_FAILURE_TAKEN');
      const [counted] = await tx.update(translationTasks).set({ total: own.length }).where(eq(translationTasks.id, task.id)).returning();
      started.push(counted);
    }
    await audit(tx);
    return started;
  });
  ctx.jobs.wake();
  return tasks.map((task) => toTaskRow(task));
}

/**
 * Translates one goods item's name now (every switched-on language but the default, or the one
 * asked), replacing the texts it had: the operator asked for exactly this. A platform failure is
 * the answer, and nothing is written.
 */
export async function translateGoods(ctx: AppContext, goodsId: number, lang: string | undefined, audit: AuditInTransaction): Promise<GoodsTranslated> {
  await assertTranslationOpen(ctx.db);
  const [item] = await ctx.db.select({ id: goods.id, name: goods.goodsName }).from(goods).where(eq(goods.id, goodsId));
  if (!item) throw new AppError(404, 'GOODS_NOT_FOUND', { ids: String(goodsId) });
  const targets = await ctx.db
    .select({ code: languages.code })
    .from(languages)
    .where(and(ne(languages.code, DEFAULT_LANG), ne(languages.enabled, LANG_STATES.off), lang ? eq(languages.code, lang) : undefined));
  if (lang && targets.length === 0) {
    if (lang === DEFAULT_LANG) throw badRequest('TRANSLATION_TARGET_DEFAULT');
    throw badRequest('TRANSLATION_TARGET_OFF');
  }
  const texts: Record<string, string> = {};
  for (const target of targets) [texts[target.code]] = await translateTexts(ctx, DEFAULT_LANG, target.code, [item.name]);
  await ctx.db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(i18nDataEntries)
      .values({ groupSn: 'GOODS', dataKey: item.id, source: item.name })
      .onConflictDoUpdate({ target: [i18nDataEntries.groupSn, i18nDataEntries.dataKey], set: { source: item.name } })
      .returning();
    for (const [target, text] of Object.entries(texts)) {
      await writeText(tx, { key: entry.id, scope: 'GOODS', lang: target, refId: entry.id, ref: `GOODS:${item.id}`, source: item.name }, text, true);
    }
    await audit(tx);
  });
  return { goods_id: item.id, texts };
}
