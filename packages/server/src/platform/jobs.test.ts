import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { adminSessions, captchas, jobs, scheduledTasks, settings, smsCodes } from '../db/tables.js';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../test/harness.js';
import { AppError } from './errors.js';
import { cancelJob, deleteJob, enqueueJob, JOB_REASONS, JobRunner, MAX_ATTEMPTS, registerJobKind, retryJob, type JobRecord } from './jobs.js';
import { registerScheduledTask, Scheduler } from './scheduler.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A pause inside a job's first attempt: the test acts while the job is between two batches. */
const gates = new Map<number, { reached: ReturnType<typeof deferred>; release: ReturnType<typeof deferred> }>();
function gate(jobId: number) {
  const pair = { reached: deferred(), release: deferred() };
  gates.set(jobId, pair);
  return pair;
}

/**
 * A job whose visible effect is one settings row per batch (`job-<id>-<n>`), committed with its
 * checkpoint: running it twice to the end must never write a row twice.
 */
registerJobKind('test.batches', {
  operateType: 'TASK',
  restartable: true,
  async run(job, { ctx, progress, isCancelled, commitBatch }) {
    const { batches, failAt, crash } = job.params as { batches: number; failAt?: number; crash?: boolean };
    let done = (job.checkpoint as { done: number } | null)?.done ?? 0;
    while (done < batches) {
      if (await isCancelled()) return;
      if (done === failAt) throw crash ? new Error('disk on fire') : new AppError(400, 'IMPORT_FILE_EMPTY');
      const n = done;
      await commitBatch(
        (tx) => tx.insert(settings).values({ key: `job-${job.id}-${n}`, value: n }),
        () => ({ done: n + 1 }),
      );
      done = n + 1;
      await progress((done / batches) * 100, `${done}/${batches}`);
      const pause = gates.get(job.id);
      if (pause && job.attempts === 1 && done === 1) {
        pause.reached.resolve();
        await pause.release.promise;
      }
    }
    return { rows: done, message: `wrote ${done}` };
  },
});

/** A job that cannot resume: a dead process fails it. */
registerJobKind('test.once', { operateType: 'TASK', restartable: false, run: async () => ({ rows: 1 }) });

let runs = 0;
registerScheduledTask('test.counter', {
  schedule: { everyMinutes: 10 },
  async run() {
    runs += 1;
    if (runs === 3) throw new Error('third time unlucky');
    return `run ${runs}`;
  },
});

/** A task whose data asks for a 1 s interval while `hurried` is on (as the trade's test mode does). */
let hurried = false;
let hurriedRuns = 0;
registerScheduledTask('test.hurried', {
  schedule: { everyMinutes: 60 },
  hurry: async () => (hurried ? 1 : null),
  async run() {
    hurriedRuns += 1;
  },
});

describe('background jobs', () => {
  let testDb: TestDatabase;
  let t: TestApp;
  /** a second instance: on PostgreSQL a second app with its own pool, on PGlite a second runner (one connection) */
  let other: TestApp | null = null;
  const system = { id: 1, name: 'admin' };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    t = await startTestApp(testDb);
    if (process.env.DATABASE_URL) other = await startTestApp(testDb);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await testDb?.drop();
  });

  const queue = (params: Record<string, unknown>, kind = 'test.batches') => enqueueJob(t.ctx, { kind, owner: system, params, filterSummary: 'test' });
  const row = async (id: number) => (await t.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const effects = async (id: number) => (await t.ctx.db.select({ key: settings.key }).from(settings).where(like(settings.key, `job-${id}-%`))).map((r) => r.key).sort();
  const expected = (id: number, n: number) => Array.from({ length: n }, (_, i) => `job-${id}-${i}`).sort();
  const secondRunner = () => (other ? other.ctx.jobs : new JobRunner(t.ctx));

  it('runs a queued job to done with its progress and result, and fails with the reason', async () => {
    const job = await queue({ batches: 3 });
    expect(job).toMatchObject({ status: 'queued', progress: 0, operateType: 'TASK', ownerId: 1, filterSummary: 'test' });
    const done = await t.ctx.jobs.runNext();
    expect(done).toMatchObject({ id: job.id, status: 'done', progress: 100, resultRows: 3, message: 'wrote 3', attempts: 1, lockedBy: null });
    expect(done!.finishedAt).toBeInstanceOf(Date);
    expect(await effects(job.id)).toEqual(expected(job.id, 3));
    expect(await t.ctx.jobs.runNext()).toBeNull();

    const refused = await queue({ batches: 3, failAt: 1 });
    expect(await t.ctx.jobs.runNext()).toMatchObject({ id: refused.id, status: 'failed', errorReason: '文件中没有可导入的数据', progress: 33 });
    // An unexpected error is logged, and the operator reads a plain reason rather than its text.
    const crashed = await queue({ batches: 2, failAt: 0, crash: true });
    expect(await t.ctx.jobs.runNext()).toMatchObject({ id: crashed.id, status: 'failed', errorReason: JOB_REASONS.internal });

    // A retry goes on after the batches already committed: the first one is not written twice.
    await t.ctx.db.update(jobs).set({ params: { batches: 3 } }).where(eq(jobs.id, refused.id));
    expect(await retryJob(t.ctx, refused.id)).toMatchObject({ status: 'queued', errorReason: null });
    expect(await t.ctx.jobs.runNext()).toMatchObject({ id: refused.id, status: 'done', resultRows: 3 });
    expect(await effects(refused.id)).toEqual(expected(refused.id, 3));
    await expect(retryJob(t.ctx, refused.id)).rejects.toMatchObject({ code: 'JOB_NOT_RETRYABLE' });
  });

  it('cancels a queued job at once and a running one at its next check', async () => {
    const waiting = await queue({ batches: 2 });
    expect(await cancelJob(t.ctx, waiting.id)).toMatchObject({ status: 'cancelled', message: JOB_REASONS.cancelled });
    expect(await t.ctx.jobs.runNext()).toBeNull();
    expect(await effects(waiting.id)).toEqual([]);

    const job = await queue({ batches: 5 });
    const pause = gate(job.id);
    const running = t.ctx.jobs.runNext();
    await pause.reached.promise;
    expect(await row(job.id)).toMatchObject({ status: 'running', progress: 20, message: '1/5' });
    expect(await cancelJob(t.ctx, job.id)).toMatchObject({ status: 'running', cancelRequested: 1 });
    pause.release.resolve();
    expect(await running).toMatchObject({ status: 'cancelled', lockedBy: null });
    expect(await effects(job.id)).toEqual(expected(job.id, 1));
    await expect(cancelJob(t.ctx, job.id)).rejects.toMatchObject({ code: 'JOB_NOT_CANCELLABLE' });

    await deleteJob(t.ctx, job.id);
    await expect(cancelJob(t.ctx, job.id)).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
  });

  it('puts a job back in the queue when its instance stops, without spending an attempt', async () => {
    const job = await queue({ batches: 3 });
    const runner = new JobRunner(t.ctx);
    const pause = gate(job.id);
    const running = runner.runNext();
    await pause.reached.promise;
    const stopping = runner.stop();
    pause.release.resolve();
    await stopping;
    expect(await running).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    expect(await t.ctx.jobs.runNext()).toMatchObject({ id: job.id, status: 'done', resultRows: 3 });
    expect(await effects(job.id)).toEqual(expected(job.id, 3));
  });

  it('recovers a job whose instance was killed: resumed from its checkpoint, or failed when it cannot resume', async () => {
    // What a `kill -9` leaves: running, locked by a dead instance, one batch committed, heartbeat long gone.
    const [dead] = await t.ctx.db
      .insert(jobs)
      .values({ kind: 'test.batches', operateType: 'TASK', params: { batches: 3 }, status: 'running', lockedBy: 'dead:1', attempts: 1, checkpoint: { done: 1 }, heartbeatAt: sql`now() - interval '1 hour'` })
      .returning();
    await t.ctx.db.insert(settings).values({ key: `job-${dead.id}-0`, value: 0 });
    // A job of an instance that is alive (fresh heartbeat) is left alone.
    const [alive] = await t.ctx.db
      .insert(jobs)
      .values({ kind: 'test.batches', operateType: 'TASK', params: { batches: 1 }, status: 'running', lockedBy: 'alive:1', attempts: 1, heartbeatAt: sql`now()` })
      .returning();
    const [once] = await t.ctx.db
      .insert(jobs)
      .values({ kind: 'test.once', operateType: 'TASK', status: 'running', lockedBy: 'dead:1', attempts: 1, heartbeatAt: sql`now() - interval '1 hour'` })
      .returning();
    const [worn] = await t.ctx.db
      .insert(jobs)
      .values({ kind: 'test.batches', operateType: 'TASK', params: { batches: 1 }, status: 'running', lockedBy: 'dead:1', attempts: MAX_ATTEMPTS, heartbeatAt: sql`now() - interval '1 hour'` })
      .returning();

    expect(await t.ctx.jobs.runNext()).toMatchObject({ id: dead.id, status: 'done', resultRows: 3, attempts: 2 });
    expect(await effects(dead.id)).toEqual(expected(dead.id, 3));
    expect(await row(once.id)).toMatchObject({ status: 'failed', errorReason: JOB_REASONS.interrupted });
    expect(await row(worn.id)).toMatchObject({ status: 'failed', errorReason: JOB_REASONS.tooManyAttempts });
    expect(await row(alive.id)).toMatchObject({ status: 'running', lockedBy: 'alive:1' });
    await t.ctx.db.delete(jobs).where(eq(jobs.id, alive.id));
  });

  it('on an exclusive database (PGlite) recovers what was running at start without waiting for the heartbeat', async () => {
    const [left] = await t.ctx.db
      .insert(jobs)
      .values({ kind: 'test.batches', operateType: 'TASK', params: { batches: 1 }, status: 'running', lockedBy: 'before-restart', attempts: 1, heartbeatAt: sql`now()` })
      .returning();
    const restarted = new JobRunner(t.ctx, { exclusiveDatabase: true, pollMs: 60_000 });
    expect(await restarted.recoverStale({ all: true })).toBe(1);
    expect(await row(left.id)).toMatchObject({ status: 'queued', lockedBy: null });
    expect(await t.ctx.jobs.runNext()).toMatchObject({ id: left.id, status: 'done' });
  });

  it('never runs a job on two instances: concurrent claims split the queue', async () => {
    const queued: JobRecord[] = [];
    for (let i = 0; i < 6; i++) queued.push(await queue({ batches: 2 }));
    const a = t.ctx.jobs;
    const b = secondRunner();
    const drain = async (runner: JobRunner, ran: number[]) => {
      for (let job = await runner.runNext(); job; job = await runner.runNext()) ran.push(job.id);
    };
    const [byA, byB]: [number[], number[]] = [[], []];
    await Promise.all([drain(a, byA), drain(b, byB)]);
    expect([...byA, ...byB].sort((x, y) => x - y)).toEqual(queued.map((job) => job.id));
    expect(byA.filter((id) => byB.includes(id))).toEqual([]);
    for (const job of queued) {
      expect(await row(job.id)).toMatchObject({ status: 'done', attempts: 1 });
      expect(await effects(job.id)).toEqual(expected(job.id, 2));
    }
  });

  it('lets a job taken over after a stale heartbeat finish once: the old attempt can no longer commit', async () => {
    const job = await queue({ batches: 3 });
    const slow = new JobRunner(t.ctx);
    const pause = gate(job.id);
    const first = slow.runNext();
    await pause.reached.promise;
    // The slow instance looks dead (a long pause, a network split): another one takes the job over.
    await t.ctx.db.update(jobs).set({ heartbeatAt: sql`now() - interval '1 hour'` }).where(eq(jobs.id, job.id));
    const takeover = await secondRunner().runNext();
    expect(takeover).toMatchObject({ id: job.id, status: 'done', attempts: 2, resultRows: 3 });
    pause.release.resolve();
    expect(await first).toMatchObject({ status: 'done', attempts: 2 });
    expect(await effects(job.id)).toEqual(expected(job.id, 3));
  });

  it('runs each scheduled tick on one instance only and keeps the last run, next run and outcome', async () => {
    const now = new Date();
    await t.ctx.scheduler.ensureTasks(now);
    const otherScheduler = other?.ctx.scheduler ?? new Scheduler(t.ctx, 'second');
    await otherScheduler.ensureTasks(now);
    const [mine, theirs] = await Promise.all([t.ctx.scheduler.runDueTasks(now), otherScheduler.runDueTasks(now)]);
    const ran = [...mine, ...theirs].filter((tick) => tick.name === 'test.counter');
    expect(ran).toEqual([{ name: 'test.counter', status: 'ok', result: 'run 1' }]);
    expect(runs).toBe(1);
    // Not due again before its interval, on either instance.
    expect((await t.ctx.scheduler.runDueTasks(new Date(now.getTime() + 9 * 60_000))).map((tick) => tick.name)).not.toContain('test.counter');
    const later = new Date(now.getTime() + 10 * 60_000);
    expect(await otherScheduler.runDueTasks(later)).toContainEqual({ name: 'test.counter', status: 'ok', result: 'run 2' });
    const [task] = (await t.ctx.scheduler.list()).filter((row) => row.name === 'test.counter');
    expect(task).toMatchObject({ schedule: 'every 10 min', lastStatus: 'ok', lastResult: 'run 2', lastError: null });
    expect(task.nextRunAt).toEqual(new Date(later.getTime() + 10 * 60_000));
    // A failing tick is recorded, and the task stays on its schedule.
    const failing = new Date(later.getTime() + 10 * 60_000);
    expect(await t.ctx.scheduler.runDueTasks(failing)).toContainEqual({ name: 'test.counter', status: 'failed', result: 'third time unlucky' });
    const [failed] = (await t.ctx.scheduler.list()).filter((row) => row.name === 'test.counter');
    expect(failed).toMatchObject({ lastStatus: 'failed', lastError: 'third time unlucky', lastResult: null });
    expect(failed.nextRunAt).toEqual(new Date(failing.getTime() + 10 * 60_000));
  });

  it('runs a hurried task at its short interval, brought forward from its schedule, and polls that often', async () => {
    const now = new Date();
    await t.ctx.scheduler.ensureTasks(now);
    await t.ctx.scheduler.runDueTasks(now);
    const ranBefore = hurriedRuns;
    const later = new Date(now.getTime() + 1000);
    // not hurried: next run an hour away
    expect((await t.ctx.scheduler.runDueTasks(later)).map((tick) => tick.name)).not.toContain('test.hurried');
    hurried = true;
    try {
      // hurried: the run planned an hour away is brought forward, the next one comes a second later
      expect((await t.ctx.scheduler.runDueTasks(later)).map((tick) => tick.name)).toContain('test.hurried');
      const [task] = (await t.ctx.scheduler.list()).filter((row) => row.name === 'test.hurried');
      expect(task.nextRunAt).toEqual(new Date(later.getTime() + 1000));
      expect(hurriedRuns).toBe(ranBefore + 1);
      // a running scheduler whose poll is a minute polls every second while a task is hurried
      const scheduler = new Scheduler(t.ctx, 'hurried', 60_000);
      await scheduler.start();
      try {
        await expect.poll(() => hurriedRuns, { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(ranBefore + 3);
      } finally {
        await scheduler.stop();
      }
    } finally {
      hurried = false;
    }
  });

  it('cleans up expired captchas, SMS codes and dead sessions on its tick, and keeps the live ones', async () => {
    const now = new Date();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    await t.ctx.db.insert(captchas).values([
      { uuid: 'old', scene: 'LOGIN', answer: 'x', expiresAt: ago(1) },
      { uuid: 'live', scene: 'LOGIN', answer: 'x', expiresAt: ago(-300) },
    ]);
    await t.ctx.db.insert(smsCodes).values([
      { mobile: '13800000000', scene: 'TWO_STEP', codeHash: 'x', expiresAt: ago(1) },
      { mobile: '13800000001', scene: 'TWO_STEP', codeHash: 'x', expiresAt: ago(-300) },
    ]);
    const refreshTtl = t.ctx.config.refreshTokenTtl;
    const session = (id: string, values: Partial<typeof adminSessions.$inferInsert>) => ({ id, adminId: 1, uuid: id, refreshJti: id, ...values });
    await t.ctx.db.insert(adminSessions).values([
      session('expired', { createdAt: ago(refreshTtl + 60) }),
      session('refreshed', { createdAt: ago(refreshTtl + 60), refreshedAt: ago(60) }),
      session('revoked', { createdAt: ago(3600), revokedAt: ago(t.ctx.config.accessTokenTtl + 60) }),
      session('just-revoked', { createdAt: ago(3600), revokedAt: ago(10) }),
    ]);
    const scheduler = new Scheduler(t.ctx, 'cleaner');
    await t.ctx.db.update(scheduledTasks).set({ nextRunAt: ago(1) }).where(eq(scheduledTasks.name, 'housekeeping.expired'));
    const ticks = await scheduler.runDueTasks(now);
    expect(ticks).toContainEqual({ name: 'housekeeping.expired', status: 'ok', result: 'captchas 1, sms codes 1, sessions 2' });
    expect((await t.ctx.db.select({ uuid: captchas.uuid }).from(captchas)).map((row) => row.uuid)).toEqual(['live']);
    expect((await t.ctx.db.select({ mobile: smsCodes.mobile }).from(smsCodes)).map((row) => row.mobile)).toEqual(['13800000001']);
    const left = (await t.ctx.db.select({ id: adminSessions.id }).from(adminSessions).where(inArray(adminSessions.id, ['expired', 'refreshed', 'revoked', 'just-revoked']))).map((row) => row.id);
    expect(left.sort()).toEqual(['just-revoked', 'refreshed']);
  });

  it('gives the embedded database planner statistics on its hourly tick (PostgreSQL leaves it to autovacuum)', async () => {
    const statsOf = async () => {
      const { rows } = await t.ctx.db.execute<{ reltuples: number }>(sql`select reltuples::float8 as reltuples from pg_class where relname = 'ui_translations'`);
      return Number(rows[0].reltuples);
    };
    await t.ctx.scheduler.ensureTasks();
    await t.ctx.db.update(scheduledTasks).set({ nextRunAt: new Date(Date.now() - 1000) }).where(eq(scheduledTasks.name, 'housekeeping.analyze'));
    const ticks = await new Scheduler(t.ctx, 'analyzer').runDueTasks(new Date());
    if (process.env.DATABASE_URL) {
      expect(ticks).toContainEqual({ name: 'housekeeping.analyze', status: 'ok', result: 'PostgreSQL: left to autovacuum' });
    } else {
      expect(ticks).toContainEqual({ name: 'housekeeping.analyze', status: 'ok', result: 'analyzed' });
      expect(await statsOf()).toBeGreaterThan(0);
    }
  });
});
