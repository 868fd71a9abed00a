/** Tables of the platform itself (sessions, captcha, settings, audit, i18n, SMS). Areas keep theirs in modules/<area>/tables.ts. */
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.js';
import { adminUsers } from '../modules/admins/tables.js';

export const adminSessions = pgTable('admin_sessions', {
  id: varchar('id', { length: 36 }).primaryKey(),
  adminId: integer('admin_id').notNull().references(() => adminUsers.id),
  uuid: varchar('uuid', { length: 64 }).notNull(),
  refreshJti: varchar('refresh_jti', { length: 36 }).notNull(),
  /** the refresh token the last renewal replaced: presented again from the same browser within REFRESH_REUSE_GRACE_SECONDS it gets the current pair (a page left mid-renewal, two tabs at once) instead of revoking the session */
  previousRefreshJti: varchar('previous_refresh_jti', { length: 36 }),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  twoStepUntil: timestamp('two_step_until', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokeReason: varchar('revoke_reason', { length: 40 }),
  createdAt: createdAt(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
}, (t) => [index('admin_sessions_admin_idx').on(t.adminId)]);

export const loginAttempts = pgTable('login_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: varchar('username', { length: 50 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull(),
  success: smallint('success').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('login_attempts_username_idx').on(t.username, t.createdAt),
  index('login_attempts_ip_idx').on(t.ip, t.createdAt),
]);

export const captchas = pgTable('captchas', {
  uuid: varchar('uuid', { length: 64 }).notNull(),
  scene: varchar('scene', { length: 20 }).notNull(),
  answer: varchar('answer', { length: 20 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.uuid, t.scene] }), index('captchas_expires_idx').on(t.expiresAt)]);

export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 10 }).notNull(),
  lang: varchar('lang', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
}, (t) => [uniqueIndex('languages_code_uq').on(t.code)]);

export const uiTranslations = pgTable('ui_translations', {
  lang: varchar('lang', { length: 10 }).notNull(),
  type: varchar('type', { length: 10 }).notNull().default('admin'),
  key: varchar('key', { length: 200 }).notNull(),
  text: text('text').notNull(),
  /** 1 once an operator changed the text; shipped texts then no longer overwrite it */
  edited: smallint('edited').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.lang, t.type, t.key] }),
  // a page of the UI dictionary reads its keys' texts in every language (i18n/service.ts textsOf)
  index('ui_translations_key_idx').on(t.type, t.key),
]);

/**
 * The keys of the UI dictionary (one per type + key; ui_translations holds each language's text).
 * Shipped keys come from the locale files at every start and cannot be deleted; operators add others.
 */
export const uiDictKeys = pgTable('ui_dict_keys', {
  id: serial('id').primaryKey(),
  type: varchar('type', { length: 10 }).notNull().default('admin'),
  key: varchar('key', { length: 200 }).notNull(),
  /** 'router' for route.<name> (menu and page titles), 'ui' for the rest */
  kind: varchar('kind', { length: 10 }).notNull(),
  /** 1 while the build's locale files carry the key */
  shipped: smallint('shipped').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('ui_dict_keys_key_uq').on(t.type, t.key), index('ui_dict_keys_kind_idx').on(t.kind, t.id)]);

export const smsCodes = pgTable('sms_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobile: varchar('mobile', { length: 20 }).notNull(),
  scene: varchar('scene', { length: 20 }).notNull(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  attempts: smallint('attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('sms_codes_mobile_scene_idx').on(t.mobile, t.scene, t.createdAt)]);

export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobile: varchar('mobile', { length: 20 }).notNull(),
  scene: varchar('scene', { length: 20 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('sms_outbox_created_idx').on(t.createdAt)]);

/** Files kept by the storage driver (uploads and generated demo pictures). */
export const storedFiles = pgTable('stored_files', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** the driver's key, e.g. goods/2026/11/ab12….png; the public URL is built from it */
  key: varchar('key', { length: 300 }).notNull(),
  driver: varchar('driver', { length: 10 }).notNull(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** seconds, for videos */
  duration: integer('duration'),
  originalName: varchar('original_name', { length: 200 }).notNull().default(''),
  uploaderType: varchar('uploader_type', { length: 10 }).notNull().default('ADMIN'),
  uploaderId: integer('uploader_id'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('stored_files_key_uq').on(t.key)]);

/**
 * Background jobs (platform/jobs.ts): exports, imports and other long work an operator starts.
 * The row is the job's only record: the runner claims it with FOR UPDATE SKIP LOCKED, keeps
 * `heartbeat_at` fresh while it works, and a job whose heartbeat went stale (its process died)
 * is queued again or failed on the next poll of any instance.
 */
export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** the registered kind, e.g. member.export */
  kind: varchar('kind', { length: 60 }).notNull(),
  /** the admin who started it (null for the system) and their name as it was */
  ownerId: integer('owner_id'),
  ownerName: varchar('owner_name', { length: 50 }).notNull().default(''),
  /** EXPORT, IMPORT or TASK: what the records pages filter on (operate_type) */
  operateType: varchar('operate_type', { length: 10 }).notNull(),
  params: jsonb('params').notNull().default({}),
  /** the filters in words, as the records page shows them */
  filterSummary: varchar('filter_summary', { length: 500 }).notNull().default(''),
  /** queued | running | done | failed | cancelled */
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  /** 0–100 and what it is doing */
  progress: smallint('progress').notNull().default(0),
  message: varchar('message', { length: 200 }).notNull().default(''),
  /** set while running: the runner stops at its next check and the job ends cancelled */
  cancelRequested: smallint('cancel_requested').notNull().default(0),
  /** the file the job produced (export) or its error report (import), in the storage driver */
  resultKey: varchar('result_key', { length: 300 }),
  resultName: varchar('result_name', { length: 200 }),
  /** rows written (export) or imported (import), rows refused (import) and the file's bytes */
  resultRows: integer('result_rows'),
  resultErrors: integer('result_errors'),
  resultSize: bigint('result_size', { mode: 'number' }),
  errorReason: varchar('error_reason', { length: 500 }),
  /** what a resumed attempt continues from (an import's last committed row) */
  checkpoint: jsonb('checkpoint'),
  attempts: smallint('attempts').notNull().default(0),
  /** the instance working on it and when it last said so */
  lockedBy: varchar('locked_by', { length: 100 }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  /** the language of the file's headers and messages */
  lang: varchar('lang', { length: 2 }).notNull().default('zh'),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  // the runner's claim (oldest queued first) and its stale-heartbeat sweep
  index('jobs_status_id_idx').on(t.status, t.id),
  // the records pages: one operator's jobs, or everyone's, newest first (ids grow with time)
  index('jobs_owner_type_id_idx').on(t.ownerId, t.operateType, t.id),
  index('jobs_type_id_idx').on(t.operateType, t.id),
]);

/**
 * One row per scheduled task (platform/scheduler.ts). An instance runs a tick only after winning
 * `UPDATE … SET next_run_at = <next> WHERE next_run_at = <the value it read> RETURNING`, so of
 * several instances exactly one runs it; the last run's outcome stays here for the founder to see.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: varchar('name', { length: 60 }).primaryKey(),
  /** how it repeats, in words (`every 10 min`, `daily 00:05`); a changed schedule re-plans next_run_at */
  schedule: varchar('schedule', { length: 60 }).notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** running | ok | failed */
  lastStatus: varchar('last_status', { length: 10 }),
  lastResult: varchar('last_result', { length: 500 }),
  lastError: varchar('last_error', { length: 500 }),
  lastRunBy: varchar('last_run_by', { length: 100 }),
});
