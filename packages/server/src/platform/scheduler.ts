/**
 * Scheduled tasks (docs/jobs.md): areas register a task with an interval or a daily platform
 * time; every instance reads each task's row, decides from what is stored whether it is due, and
 * runs the tick only if its compare-and-set
 *   UPDATE scheduled_tasks SET next_run_at = <next> WHERE name = … AND next_run_at = <the value read>
 * changed the row: of two instances exactly one takes each planned run, whatever their clocks say,
 * since the one that comes second no longer finds the value it read. The row keeps the last run's
 * start, end, outcome and instance for the founder to see.
 *
 * A tick whose process dies mid-run is not retried: the next one comes at its time. Tasks are
 * written to be idempotent catch-ups (roll the windows up to today, delete what has expired), so
 * a lost tick delays work and never loses or repeats it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { nextPlatformTime } from './time.js';
import { scheduledTasks } from '../db/tables.js';

export type TaskSchedule = { everyMinutes: number } | { dailyAt: `${number}:${number}` };

export interface ScheduledTask {
  schedule: TaskSchedule;
  /**
   * A shorter interval in seconds while the data asks for one (the trade's test mode turns days
   * into seconds), else null: the task then runs that often, and a run planned further out by
   * its schedule is brought forward. Tasks sharing the function ask it once per tick.
   */
  hurry?(ctx: AppContext): Promise<number | null>;
  /** Does the work as of `now`; the text it returns is shown as the last result. */
  run(ctx: AppContext, now: Date): Promise<string | void>;
}

export type TaskRow = typeof scheduledTasks.$inferSelect;

const tasks = new Map<string, ScheduledTask>();

/** Areas register their tasks once, at import (modules/<area>/jobs.ts, imported by app.ts). */
export function registerScheduledTask(name: string, task: ScheduledTask): void {
  if (tasks.has(name)) throw new Error(`scheduled task ${name} is registered twice`);
  if ('dailyAt' in task.schedule && !/^([01]\d|2[0-3]):[0-5]\d$/.test(task.schedule.dailyAt)) throw new Error(`${name}: dailyAt must be HH:MM`);
  tasks.set(name, task);
}

export const describeSchedule = (schedule: TaskSchedule): string =>
  'everyMinutes' in schedule ? `every ${schedule.everyMinutes} min` : `daily ${schedule.dailyAt}`;

export function nextRunAfter(schedule: TaskSchedule, now: Date): Date {
  if ('everyMinutes' in schedule) return new Date(now.getTime() + schedule.everyMinutes * 60_000);
  const [hh, mm] = schedule.dailyAt.split(':').map(Number);
  return nextPlatformTime(now, hh, mm);
}

/**
 * The planned run in microseconds, compared as stored: a Date read back keeps milliseconds only,
 * and a planned time written with more precision would then never match again.
 */
const plannedMicros = sql`(extract(epoch from ${scheduledTasks.nextRunAt}) * 1000000)::bigint`;

/**
 * Whether a hurried task runs now although its planned run is later: when its own schedule planned
 * that run (further from the last start than the short interval), not when a hurried claim did. A
 * hurried claim plans `its now + interval` after a start that came after its now, so an instance
 * whose now is a little behind finds a plan it must wait for, never one to bring forward again.
 */
function broughtForward(stored: { nextRunAt: Date; lastStartedAt: Date | null }, next: Date, hurrySeconds: number): boolean {
  if (stored.nextRunAt <= next) return false;
  return stored.lastStartedAt === null || stored.nextRunAt.getTime() - stored.lastStartedAt.getTime() > hurrySeconds * 1000;
}

export interface TickOutcome {
  name: string;
  status: 'ok' | 'failed';
  result: string;
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<unknown> | null = null;
  private stopping = false;
  /** The shortest hurried interval of the last tick (ms), which shortens the next poll. */
  private hurriedMs: number | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly instanceId: string,
    private readonly pollMs = 30_000,
  ) {}

  /**
   * Writes a row for every registered task. A new task is due at once (so a fresh database rolls
   * and cleans on its first start); a task whose schedule changed is planned anew.
   */
  async ensureTasks(now = new Date()): Promise<void> {
    for (const [name, task] of tasks) {
      const schedule = describeSchedule(task.schedule);
      await this.ctx.db.insert(scheduledTasks).values({ name, schedule, nextRunAt: now }).onConflictDoNothing();
      await this.ctx.db
        .update(scheduledTasks)
        .set({ schedule, nextRunAt: nextRunAfter(task.schedule, now) })
        .where(and(eq(scheduledTasks.name, name), sql`${scheduledTasks.schedule} <> ${schedule}`));
    }
  }

  /** Runs every task due at `now` that this instance wins; what it ran and how it went. */
  async runDueTasks(now = new Date()): Promise<TickOutcome[]> {
    const outcomes: TickOutcome[] = [];
    const hurries = new Map<NonNullable<ScheduledTask['hurry']>, Promise<number | null>>();
    let hurriedMs: number | null = null;
    for (const [name, task] of tasks) {
      if (this.stopping) break;
      let hurry: number | null = null;
      if (task.hurry) {
        if (!hurries.has(task.hurry)) hurries.set(task.hurry, task.hurry(this.ctx));
        hurry = await hurries.get(task.hurry)!;
      }
      const next = hurry ? new Date(now.getTime() + hurry * 1000) : nextRunAfter(task.schedule, now);
      if (hurry) hurriedMs = Math.min(hurriedMs ?? Infinity, hurry * 1000);
      const [stored] = await this.ctx.db
        .select({ stamp: sql<string>`${plannedMicros}::text`, nextRunAt: scheduledTasks.nextRunAt, lastStartedAt: scheduledTasks.lastStartedAt })
        .from(scheduledTasks)
        .where(eq(scheduledTasks.name, name));
      if (!stored || !(stored.nextRunAt <= now || (hurry && broughtForward(stored, next, hurry)))) continue;
      const [claimed] = await this.ctx.db
        .update(scheduledTasks)
        .set({ nextRunAt: next, lastStartedAt: new Date(), lastStatus: 'running', lastRunBy: this.instanceId })
        .where(and(eq(scheduledTasks.name, name), sql`${plannedMicros} = ${stored.stamp}::bigint`))
        .returning({ name: scheduledTasks.name });
      if (!claimed) continue;
      let outcome: TickOutcome;
      try {
        outcome = { name, status: 'ok', result: (await task.run(this.ctx, now)) ?? '' };
      } catch (error) {
        // A refusal the task foresaw (a rate source out of reach) is a warning with its message; anything else an error with its stack.
        if (error instanceof AppError) this.ctx.log.warn({ task: name, code: error.code }, `scheduled task refused: ${error.localized('en')}`);
        else this.ctx.log.error({ err: error, task: name }, 'scheduled task failed');
        outcome = { name, status: 'failed', result: error instanceof AppError ? error.localized('zh') : String((error as Error).message ?? error) };
      }
      await this.ctx.db
        .update(scheduledTasks)
        .set({
          lastFinishedAt: new Date(),
          lastStatus: outcome.status,
          lastResult: outcome.status === 'ok' ? outcome.result.slice(0, 500) : null,
          lastError: outcome.status === 'failed' ? outcome.result.slice(0, 500) : null,
        })
        .where(eq(scheduledTasks.name, name));
      outcomes.push(outcome);
    }
    this.hurriedMs = hurriedMs;
    return outcomes;
  }

  /** Every registered task's row (last run, next run, outcome), for the founder's panel. */
  async list(): Promise<TaskRow[]> {
    const rows = await this.ctx.db.select().from(scheduledTasks);
    return rows.filter((row) => tasks.has(row.name)).sort((a, b) => a.name.localeCompare(b.name));
  }

  async start(): Promise<void> {
    this.stopping = false;
    await this.ensureTasks();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.tick;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.tick = this.runDueTasks()
        .catch((error) => this.ctx.log.error({ err: error }, 'scheduler'))
        .finally(() => {
          this.tick = null;
          if (!this.stopping) this.schedule(Math.min(this.pollMs, this.hurriedMs ?? Infinity));
        });
    }, delay);
    this.timer.unref();
  }
}
