import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from '../../db/columns.js';

/**
 * The data dictionary (contract DATA_DICT_GROUPS): one entry per source row whose name is shown to
 * buyers (a category, a logistics company, a goods item), with the source's name as of the last sync.
 */
export const i18nDataEntries = pgTable('i18n_data_entries', {
  id: serial('id').primaryKey(),
  groupSn: varchar('group_sn', { length: 20 }).notNull(),
  dataKey: integer('data_key').notNull(),
  source: varchar('source', { length: 500 }).notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('i18n_data_entries_key_uq').on(t.groupSn, t.dataKey), index('i18n_data_entries_group_idx').on(t.groupSn, t.id)]);

/** An entry's text in one language; machine 1 = written by a translation task, 0 = by an operator. */
export const i18nDataTexts = pgTable('i18n_data_texts', {
  entryId: integer('entry_id').notNull().references(() => i18nDataEntries.id, { onDelete: 'cascade' }),
  lang: varchar('lang', { length: 10 }).notNull(),
  text: varchar('text', { length: 500 }).notNull(),
  machine: smallint('machine').notNull().default(0),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.entryId, t.lang] })]);

/**
 * Translation tasks (the task list keeps them as the records). At most one WAIT/RUNNING task per
 * language and scope is the database's rule: two operators starting the same one, exactly one wins.
 */
export const translationTasks = pgTable('translation_tasks', {
  id: serial('id').primaryKey(),
  lang: varchar('lang', { length: 10 }).notNull(),
  scope: varchar('scope', { length: 10 }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('WAIT'),
  total: integer('total').notNull().default(0),
  successCount: integer('success_count').notNull().default(0),
  failCount: integer('fail_count').notNull().default(0),
  message: varchar('message', { length: 200 }).notNull().default(''),
  jobId: bigint('job_id', { mode: 'number' }),
  operator: varchar('operator', { length: 50 }).notNull().default(''),
  createdAt: createdAt(),
  finishedAt: at('finished_at'),
}, (t) => [
  index('translation_tasks_lang_idx').on(t.lang, t.id),
  index('translation_tasks_scope_idx').on(t.scope, t.id),
  uniqueIndex('translation_tasks_active_uq').on(t.lang, t.scope).where(sql`${t.status} in ('WAIT', 'RUNNING') and ${t.scope} <> 'RETRY'`),
]);

/**
 * Items a task could not translate. FAILED ones are listed; "translate again" moves them to RETRYING
 * under a RETRY task (a conditional update: of two operators exactly one takes them); a success removes them.
 */
export const translationFailures = pgTable('translation_failures', {
  id: serial('id').primaryKey(),
  taskId: integer('task_id').notNull(),
  lang: varchar('lang', { length: 10 }).notNull(),
  scope: varchar('scope', { length: 10 }).notNull(),
  /** a ui_dict_keys id, or an i18n_data_entries id */
  refId: integer('ref_id').notNull(),
  ref: varchar('ref', { length: 200 }).notNull(),
  source: varchar('source', { length: 2000 }).notNull(),
  reason: varchar('reason', { length: 300 }).notNull().default(''),
  status: varchar('status', { length: 10 }).notNull().default('FAILED'),
  retryTaskId: integer('retry_task_id'),
  createdAt: createdAt(),
}, (t) => [
  index('translation_failures_status_idx').on(t.status, t.id),
  index('translation_failures_task_idx').on(t.taskId, t.id),
  index('translation_failures_retry_idx').on(t.retryTaskId, t.id),
  uniqueIndex('translation_failures_item_uq').on(t.lang, t.scope, t.refId),
]);
