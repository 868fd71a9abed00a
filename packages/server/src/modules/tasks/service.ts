/**
 * The export and import records (DOMAIN §2.31) over the jobs table, and who may see which
 * (docs/jobs.md "Who sees what"):
 * - export records need the role's `deriveRecord`, import records its `importRecord`;
 * - with it, an operator sees the records they started; everyone's only when the founder has
 *   turned on 'task_visibility.see_all'; the founder sees all;
 * - a record the caller may not see answers 404, as if it did not exist.
 */
import { eq, gte, lte } from 'drizzle-orm';
import { type OperateType, type Page, type ScheduledTaskRow, type TaskListQuery, type TaskProgress, type TaskRow, type TaskStatus, type TaskVisibility } from '@agora/contract';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { assertPermitted } from '../../platform/http.js';
import { cancelJob, deleteJob, jobKind, retryJob, type JobRecord } from '../../platform/jobs.js';
import { listPage } from '../../platform/list.js';
import { readDocument, writeSetting } from '../../platform/settings.js';
import { importOutcome } from '../../platform/xlsx-import.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { jobs } from '../../db/tables.js';

const VISIBILITY_KEY = 'task_visibility';
const permissionOf = (type: string) => (type === 'IMPORT' ? 'importRecord' : 'deriveRecord');

export const readVisibility = (ctx: AppContext): Promise<TaskVisibility> => readDocument<TaskVisibility>(ctx.db, VISIBILITY_KEY, { see_all: 0 });

export async function setVisibility(ctx: AppContext, admin: AuthedAdmin, value: TaskVisibility): Promise<void> {
  if (!admin.founder) throw new AppError(403, 'NO_PERMISSION');
  await writeSetting(ctx.db, VISIBILITY_KEY, value);
}

/** Whether the caller sees every operator's records of this type (else only their own). */
async function seesAll(ctx: AppContext, admin: AuthedAdmin, type: string): Promise<boolean> {
  assertPermitted(admin, permissionOf(type));
  return admin.founder || (await readVisibility(ctx)).see_all === 1;
}

const seconds = (at: Date | null) => (at ? unixSeconds(at) : null);

export function toTaskRow(job: JobRecord): TaskRow {
  return {
    id: job.id,
    kind: job.kind,
    kind_name: jobKind(job.kind)?.label ?? { zh: job.kind, en: job.kind },
    operate_type: job.operateType as OperateType,
    owner_id: job.ownerId,
    owner_name: job.ownerName,
    filter_summary: job.filterSummary,
    status: job.status as TaskStatus,
    progress: job.progress,
    message: job.message,
    error_reason: job.errorReason,
    result_name: job.resultKey ? job.resultName : null,
    result_rows: job.resultRows,
    result_errors: job.resultErrors,
    result_size: job.resultSize,
    import_outcome: job.operateType === 'IMPORT' && job.status === 'done' ? importOutcome(job.resultRows ?? 0, job.resultErrors ?? 0) : null,
    create_time: unixSeconds(job.createdAt),
    start_time: seconds(job.startedAt),
    finish_time: seconds(job.finishedAt),
  };
}

export async function listTasks(ctx: AppContext, admin: AuthedAdmin, query: TaskListQuery): Promise<Page<TaskRow>> {
  const all = await seesAll(ctx, admin, query.operate_type);
  return listPage(ctx.db, {
    query,
    table: jobs,
    id: jobs.id,
    where: [
      eq(jobs.operateType, query.operate_type),
      all ? undefined : eq(jobs.ownerId, admin.id),
      query.status ? eq(jobs.status, query.status) : undefined,
      query.start_time !== undefined ? gte(jobs.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(jobs.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    statement: 'tasks/service.listTasks',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(jobs).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toTaskRow,
    idOf: (row) => row.id,
  });
}

/** One record the caller may see, else 404 (someone else's records are not even confirmed to exist). */
export async function visibleTask(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<JobRecord> {
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
  if (!job || !jobKind(job.kind)?.label) throw new AppError(404, 'JOB_NOT_FOUND');
  // A record of the other kind (an import for an export-only role) is as invisible as someone else's.
  if (!admin.founder && !admin.permissions.has(permissionOf(job.operateType))) throw new AppError(404, 'JOB_NOT_FOUND');
  const all = await seesAll(ctx, admin, job.operateType);
  if (!all && job.ownerId !== admin.id) throw new AppError(404, 'JOB_NOT_FOUND');
  return job;
}

export async function taskProgress(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<TaskProgress> {
  const job = await visibleTask(ctx, admin, id);
  return { id: job.id, status: job.status as TaskStatus, progress: job.progress, message: job.message };
}

export async function cancelTask(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<void> {
  await visibleTask(ctx, admin, id);
  await cancelJob(ctx, id);
}

export async function retryTask(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<void> {
  await visibleTask(ctx, admin, id);
  await retryJob(ctx, id);
}

export async function deleteTask(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<void> {
  await visibleTask(ctx, admin, id);
  await deleteJob(ctx, id);
}

/** The finished file of a record: the export, or an import's error report. */
export async function taskFile(ctx: AppContext, admin: AuthedAdmin, id: number) {
  const job = await visibleTask(ctx, admin, id);
  if (job.status !== 'done' || !job.resultKey) throw new AppError(404, 'JOB_NOT_FOUND');
  const body = await ctx.storage.read(job.resultKey);
  if (!body) throw new AppError(404, 'JOB_NOT_FOUND');
  return { body, name: job.resultName ?? `${job.id}.xlsx` };
}

/** The scheduled tasks with their last and next run, for the founder. */
export async function listSchedules(ctx: AppContext, admin: AuthedAdmin): Promise<ScheduledTaskRow[]> {
  if (!admin.founder) throw new AppError(403, 'NO_PERMISSION');
  return (await ctx.scheduler.list()).map((row) => ({
    name: row.name,
    schedule: row.schedule,
    next_run_time: unixSeconds(row.nextRunAt),
    last_start_time: seconds(row.lastStartedAt),
    last_finish_time: seconds(row.lastFinishedAt),
    last_status: row.lastStatus as ScheduledTaskRow['last_status'],
    last_result: row.lastResult,
    last_error: row.lastError,
  }));
}
