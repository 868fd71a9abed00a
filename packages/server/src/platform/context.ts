import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from '../db/client.js';
import type { TokenService } from './tokens.js';
import type { SmsDriver } from './sms.js';
import type { StorageDriver } from './storage.js';
import type { Realtime } from './realtime.js';
import type { JobRunner } from './jobs.js';
import type { Scheduler } from './scheduler.js';
import type { Lifecycle } from './lifecycle.js';

/** What every module gets: the database, configuration and the platform services. */
export interface AppContext {
  db: Db;
  /** which database `db` is: the embedded PGlite (one process, no autovacuum) or a PostgreSQL server */
  dbKind: 'pglite' | 'postgres';
  config: Config;
  tokens: TokenService;
  sms: SmsDriver;
  storage: StorageDriver;
  log: FastifyBaseLogger;
  /** events every instance hears (chat messages, unread counts) */
  realtime: Realtime;
  /**
   * Brings up to date the rules operators edit that the contract's schemas read synchronously (the
   * countries' mobile patterns) and returns what installs them: called before a request's input is
   * parsed, the install right before the parse.
   */
  inputRules?: () => Promise<() => void>;
  /** background jobs in the database (platform/jobs.ts) */
  jobs: JobRunner;
  /** scheduled tasks claimed per tick in the database (platform/scheduler.ts) */
  scheduler: Scheduler;
  /** starting, seeding the demo, ready or draining (platform/lifecycle.ts) */
  lifecycle: Lifecycle;
}
