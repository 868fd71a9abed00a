/**
 * Background jobs in the database (docs/jobs.md): exports, imports, bulk changes. The `jobs` row is
 * the job's whole record — the console lists it, the runner claims it, a resumed attempt reads its
 * checkpoint from it — so every instance over one database shares the queue and no state lives in
 * memory.
 *
 * - Claim: in one transaction, the oldest queued row is locked with FOR UPDATE SKIP LOCKED and
 *   marked running; two instances never get the same job.
 * - While it runs, the runner refreshes `heartbeat_at`; a job whose heartbeat is older than
 *   STALE_SECONDS belongs to a dead process and is queued again (restartable kinds, which resume
 *   from their checkpoint) or failed with a reason.
 * - Only the final UPDATE to `done`, made while this runner still holds the lock, publishes the
 *   result; an attempt that lost its lock or was cancelled deletes the file it wrote.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { jobs } from '../db/tables.js';
import type { Transaction } from '../db/sql.js';
import type { Db } from '../db/client.js';

export type JobRecord = typeof jobs.$inferSelect;
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type OperateType = 'EXPORT' | 'IMPORT' | 'TASK';

/** What a finished job publishes. */
export interface JobResult {
  /** storage key of the produced file (an export, an import's error report) */
  fileKey?: string | null;
  fileName?: string | null;
  rows?: number;
  errors?: number;
  size?: number;
  /** the last word shown on the records page, e.g. 成功导入 9997 条，失败 3 条 */
  message?: string;
}

export interface JobTools {
  ctx: AppContext;
  /** Records progress (0–100) and what the job is doing; also proves the job is alive. */
  progress(pct: number, message?: string): Promise<void>;
  /**
   * True when the job must stop now: an operator cancelled it, this instance is shutting down,
   * or another instance took the job over. Check it between batches and return at once.
   */
  isCancelled(): Promise<boolean>;
  /**
   * Runs one batch's writes in a transaction that also saves the job's checkpoint (made from the
   * batch's outcome), and only while this runner still holds the job — a resumed attempt
   * continues after the last committed batch, never repeating one. Throws JobLost (the batch
   * rolls back) when the lock is gone.
   */
  commitBatch<T>(work: (tx: Transaction) => Promise<T>, checkpoint: (outcome: T) => unknown): Promise<T>;
}

export interface JobKind {
  operateType: OperateType;
  /** what the records pages call it (导出记录 / 导入记录); a kind without one is internal and never listed */
  label?: { zh: string; en: string };
  /**
   * Whether an attempt cut short by a dead process may run again: true for work that resumes
   * from its checkpoint or starts over without a visible effect (an export writes a new file);
   * false fails the job with a reason instead.
   */
  restartable: boolean;
  run(job: JobRecord, tools: JobTools): Promise<JobResult | void>;
}

/** A job's attempt lost its lock (its heartbeat went stale and another instance took it). */
export class JobLost extends Error {
  constructor(id: number) {
    super(`job ${id} is no longer held by this instance`);
  }
}

const kinds = new Map<string, JobKind>();

/** Areas register their job kinds once, at import (modules/<area>/jobs.ts, imported by app.ts). */
export function registerJobKind(kind: string, spec: JobKind): void {
  if (kinds.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
  kinds.set(kind, spec);
}

export function jobKind(kind: string): JobKind | undefined {
  return kinds.get(kind);
}

/** A heartbeat this old means the process working on the job is gone. */
export const STALE_SECONDS = 60;
const HEARTBEAT_MS = 5_000;
/** A restartable job that died this many times is failed rather than tried again. */
export const MAX_ATTEMPTS = 3;

export const JOB_REASONS = {
  interrupted: '任务执行中服务中断，请重试',
  tooManyAttempts: '任务多次中断，已停止，请重试',
  internal: '任务执行出错，请重试',
  resumed: '服务重启，任务将继续执行',
  cancelled: '已取消',
} as const;

export interface EnqueueInput {
  kind: string;
  owner: { id: number; name: string } | null;
  params: Record<string, unknown>;
  filterSummary?: string;
  lang?: 'zh' | 'en';
}

/**
 * Queues a job; the local runner looks at once, the others at their next poll. Given the caller's
 * transaction, the job is queued with its other writes (the caller wakes the runner after commit).
 */
export async function enqueueJob(ctx: AppContext, input: EnqueueInput, db: Db | Transaction = ctx.db): Promise<JobRecord> {
  const spec = kinds.get(input.kind);
  if (!spec) throw new Error(`unknown job kind ${input.kind}`);
  const [job] = await db
    .insert(jobs)
    .values({
      kind: input.kind,
      operateType: spec.operateType,
      ownerId: input.owner?.id ?? null,
      ownerName: input.owner?.name ?? '',
      params: input.params,
      filterSummary: (input.filterSummary ?? '').slice(0, 500),
      lang: input.lang ?? 'zh',
    })
    .returning();
  ctx.jobs.wake();
  return job;
}

export async function getJob(ctx: AppContext, id: number): Promise<JobRecord> {
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
  if (!job) throw new AppError(404, 'JOB_NOT_FOUND');
  return job;
}

/** A queued job is cancelled at once; a running one is asked to stop at its next check. */
export async function cancelJob(ctx: AppContext, id: number): Promise<JobRecord> {
  const [queued] = await ctx.db
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: new Date(), message: JOB_REASONS.cancelled })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning();
  if (queued) return queued;
  const [running] = await ctx.db
    .update(jobs)
    .set({ cancelRequested: 1 })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
    .returning();
  if (running) return running;
  await getJob(ctx, id);
  throw new AppError(400, 'JOB_NOT_CANCELLABLE');
}

/**
 * Queues a failed or cancelled job again. Its checkpoint stays: an import goes on after the
 * rows it already committed instead of adding them twice.
 */
export async function retryJob(ctx: AppContext, id: number): Promise<JobRecord> {
  const [job] = await ctx.db
    .update(jobs)
    .set({ status: 'queued', cancelRequested: 0, attempts: 0, errorReason: null, message: '', progress: 0, lockedBy: null, heartbeatAt: null, finishedAt: null })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['failed', 'cancelled'])))
    .returning();
  if (!job) {
    await getJob(ctx, id);
    throw new AppError(400, 'JOB_NOT_RETRYABLE');
  }
  ctx.jobs.wake();
  return job;
}

/** Storage keys a job owns: its result and the upload it read (`params.sourceKey`). */
function filesOf(job: JobRecord): string[] {
  const source = (job.params as { sourceKey?: unknown }).sourceKey;
  return [job.resultKey, typeof source === 'string' ? source : null].filter((key): key is string => !!key);
}

/** Deletes a job that is not running, and its files. */
export async function deleteJob(ctx: AppContext, id: number): Promise<void> {
  const [job] = await ctx.db.delete(jobs).where(and(eq(jobs.id, id), sql`${jobs.status} <> 'running'`)).returning();
  if (!job) {
    await getJob(ctx, id);
    throw new AppError(400, 'JOB_RUNNING');
  }
  for (const key of filesOf(job)) await deleteQuietly(ctx, key);
}

async function deleteQuietly(ctx: AppContext, key: string): Promise<void> {
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.warn({ err: error, key }, 'could not delete a job file');
  }
}

/** What made an attempt stop before its end. */
type StopReason = 'cancelled' | 'shutdown' | 'lost';

export interface JobRunnerOptions {
  /** how often an idle runner looks for work */
  pollMs?: number;
  /**
   * The database is this process's alone (PGlite opens its directory exclusively), so a job left
   * running belongs to a dead process and is recovered at start without waiting for staleness.
   */
  exclusiveDatabase?: boolean;
}

/**
 * Claims and runs one job at a time (the machine's cores are shared with the requests it serves).
 * `start()` polls; tests call `runNext()` instead and never wait on a timer.
 */
export class JobRunner {
  readonly instanceId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private started = false;
  private readonly pollMs: number;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
  }

  async start(): Promise<void> {
    this.started = true;
    this.stopping = false;
    await this.recoverStale({ all: this.options.exclusiveDatabase });
    this.schedule(0);
  }

  /** Stops polling; a running job stops at its next check and goes back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
  }

  /** Looks for work now (after an enqueue on this instance). */
  wake(): void {
    if (this.started && !this.stopping && !this.loop) this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.loop = this.drain()
        .catch((error) => this.ctx.log.error({ err: error }, 'job runner'))
        .finally(() => {
          this.loop = null;
          if (!this.stopping) this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    while (!this.stopping && (await this.runNext()) !== null);
  }

  /**
   * Recovers the jobs of dead processes: queued again when their kind is restartable and they
   * have attempts left, else failed with the reason. Only kinds this instance knows are touched.
   */
  async recoverStale(options: { all?: boolean } = {}): Promise<number> {
    const known = [...kinds.keys()];
    if (known.length === 0) return 0;
    const stale = options.all ? sql`true` : lt(jobs.heartbeatAt, sql`now() - make_interval(secs => ${STALE_SECONDS})`);
    return this.ctx.db.transaction(async (tx) => {
      const dead = await tx
        .select({ id: jobs.id, kind: jobs.kind, attempts: jobs.attempts })
        .from(jobs)
        .where(and(eq(jobs.status, 'running'), inArray(jobs.kind, known), stale))
        .for('update', { skipLocked: true });
      for (const job of dead) {
        const restartable = kinds.get(job.kind)!.restartable;
        if (restartable && job.attempts < MAX_ATTEMPTS) {
          await tx.update(jobs).set({ status: 'queued', lockedBy: null, heartbeatAt: null, message: JOB_REASONS.resumed }).where(eq(jobs.id, job.id));
        } else {
          await tx
            .update(jobs)
            .set({
              status: 'failed',
              lockedBy: null,
              finishedAt: new Date(),
              errorReason: restartable ? JOB_REASONS.tooManyAttempts : JOB_REASONS.interrupted,
            })
            .where(eq(jobs.id, job.id));
        }
      }
      return dead.length;
    });
  }

  /** Claims the oldest queued job of a known kind and runs it; null when there was none. */
  async runNext(): Promise<JobRecord | null> {
    await this.recoverStale();
    const known = [...kinds.keys()];
    if (known.length === 0) return null;
    // Select-then-update in one transaction. (A single `UPDATE … WHERE id IN (SELECT … LIMIT 1
    // FOR UPDATE SKIP LOCKED)` is not safe: PostgreSQL may run the subquery once per row it
    // scans and claim the whole queue at once — the two-instance test caught exactly that.)
    const job = await this.ctx.db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, known)))
        .orderBy(asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return null;
      const [claimed] = await tx
        .update(jobs)
        .set({
          status: 'running',
          lockedBy: this.instanceId,
          heartbeatAt: sql`now()`,
          startedAt: sql`coalesce(${jobs.startedAt}, now())`,
          attempts: sql`${jobs.attempts} + 1`,
        })
        .where(eq(jobs.id, next.id))
        .returning();
      return claimed;
    });
    if (!job) return null;
    await this.execute(job);
    const [after] = await this.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    return after ?? job;
  }

  private held() {
    return (id: number) => and(eq(jobs.id, id), eq(jobs.lockedBy, this.instanceId), eq(jobs.status, 'running'));
  }

  private async execute(job: JobRecord): Promise<void> {
    const { ctx } = this;
    const spec = kinds.get(job.kind)!;
    const held = this.held();
    let stop: StopReason | null = null;
    const heartbeat = setInterval(() => {
      ctx.db
        .update(jobs)
        .set({ heartbeatAt: sql`now()` })
        .where(held(job.id))
        .catch((error) => ctx.log.warn({ err: error, job: job.id }, 'job heartbeat'));
    }, HEARTBEAT_MS);
    heartbeat.unref();

    const tools: JobTools = {
      ctx,
      progress: async (pct, message) => {
        // Between two batches the job lets the event loop turn: on PGlite every query resolves
        // without I/O, so a job awaiting one query after another would otherwise be one long chain
        // of microtasks that keeps the requests' sockets waiting until it ends (npm run bench).
        await new Promise((resolve) => setImmediate(resolve));
        const progress = Math.max(0, Math.min(100, Math.round(pct)));
        await ctx.db
          .update(jobs)
          .set({ progress, ...(message === undefined ? {} : { message: message.slice(0, 200) }), heartbeatAt: sql`now()` })
          .where(held(job.id));
      },
      isCancelled: async () => {
        if (stop) return true;
        if (this.stopping) stop = 'shutdown';
        else {
          const [row] = await ctx.db.select({ lockedBy: jobs.lockedBy, status: jobs.status, cancelRequested: jobs.cancelRequested }).from(jobs).where(eq(jobs.id, job.id));
          if (!row || row.status !== 'running' || row.lockedBy !== this.instanceId) stop = 'lost';
          else if (row.cancelRequested) stop = 'cancelled';
        }
        return stop !== null;
      },
      commitBatch: (work, checkpoint) =>
        ctx.db.transaction(async (tx) => {
          // Taking the row lock first: a concurrent recovery cannot requeue the job mid-batch.
          const [mine] = await tx.select({ id: jobs.id }).from(jobs).where(held(job.id)).for('update');
          if (!mine) {
            stop = 'lost';
            throw new JobLost(job.id);
          }
          const outcome = await work(tx);
          await tx.update(jobs).set({ checkpoint: checkpoint(outcome), heartbeatAt: sql`now()` }).where(eq(jobs.id, job.id));
          return outcome;
        }),
    };

    try {
      const result = (await spec.run(job, tools)) ?? {};
      if (stop) return await this.stopped(job, stop, result);
      const [done] = await ctx.db
        .update(jobs)
        .set({
          status: 'done',
          progress: 100,
          message: (result.message ?? '').slice(0, 200),
          resultKey: result.fileKey ?? null,
          resultName: result.fileName ?? null,
          resultRows: result.rows ?? null,
          resultErrors: result.errors ?? null,
          resultSize: result.size ?? null,
          lockedBy: null,
          finishedAt: new Date(),
        })
        .where(and(held(job.id), eq(jobs.cancelRequested, 0)))
        .returning({ id: jobs.id });
      if (!done) {
        // Cancelled while the last batch ran, or taken over: the file never becomes visible.
        const [row] = await ctx.db.select({ cancelRequested: jobs.cancelRequested, lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.id, job.id));
        await this.stopped(job, row?.lockedBy === this.instanceId && row.cancelRequested ? 'cancelled' : 'lost', result);
      }
    } catch (error) {
      if (stop || error instanceof JobLost) return await this.stopped(job, stop ?? 'lost', {});
      const reason = error instanceof AppError ? error.localized(job.lang === 'en' ? 'en' : 'zh') : JOB_REASONS.internal;
      if (!(error instanceof AppError)) ctx.log.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
      await ctx.db
        .update(jobs)
        .set({ status: 'failed', errorReason: reason.slice(0, 500), lockedBy: null, finishedAt: new Date() })
        .where(held(job.id));
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async stopped(job: JobRecord, reason: StopReason, result: JobResult): Promise<void> {
    if (result.fileKey) await deleteQuietly(this.ctx, result.fileKey);
    const held = this.held();
    if (reason === 'cancelled') {
      await this.ctx.db
        .update(jobs)
        .set({ status: 'cancelled', message: JOB_REASONS.cancelled, lockedBy: null, finishedAt: new Date() })
        .where(held(job.id));
    } else if (reason === 'shutdown' && kinds.get(job.kind)!.restartable) {
      // Back to the queue for the next start (or another instance); a clean stop is not a failed attempt.
      await this.ctx.db
        .update(jobs)
        .set({ status: 'queued', lockedBy: null, heartbeatAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(held(job.id));
    } else if (reason === 'shutdown') {
      await this.ctx.db
        .update(jobs)
        .set({ status: 'failed', errorReason: JOB_REASONS.interrupted, lockedBy: null, finishedAt: new Date() })
        .where(held(job.id));
    }
  }
}
