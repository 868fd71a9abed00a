import { z } from 'zod';
import { flag, idOf, listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { memberListQuery } from './members.js';

/**
 * Background tasks (DOMAIN §2.31): export and import records, their progress, the founder's view
 * of the scheduled tasks. Who sees which record: docs/jobs.md "Who sees what".
 */
export const TASK_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, { zh: string; en: string }> = {
  queued: { zh: '排队中', en: 'Queued' },
  running: { zh: '进行中', en: 'Running' },
  done: { zh: '成功', en: 'Done' },
  failed: { zh: '失败', en: 'Failed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
};
/**
 * How a finished import went, counted in rows: every row imported, some refused, or none imported
 * (labels: tasks.outcome.*). The job is done in each case: its error report is there to download.
 */
export const IMPORT_OUTCOMES = ['ok', 'partial', 'failed'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const OPERATE_TYPES = ['EXPORT', 'IMPORT'] as const;
export type OperateType = (typeof OPERATE_TYPES)[number];

/** The console polls a running task's progress no more often than this. */
export const TASK_POLL_MS = 2_000;

/** GET admin/task: newest first. */
export const taskListQuery = listQuery({
  operate_type: z.enum(OPERATE_TYPES),
  status: z.enum(TASK_STATUSES).optional(),
  start_time: z.coerce.number().int().min(0).optional(),
  end_time: z.coerce.number().int().min(0).optional(),
});
export type TaskListQuery = z.output<typeof taskListQuery>;

export interface TaskRow {
  id: number;
  kind: string;
  /** what the kind is called, in both languages */
  kind_name: { zh: string; en: string };
  operate_type: OperateType;
  owner_id: number | null;
  owner_name: string;
  /** the filters in words (exports) or the uploaded file's name (imports) */
  filter_summary: string;
  status: TaskStatus;
  progress: number;
  message: string;
  error_reason: string | null;
  /** the file to download: the export, or an import's error report */
  result_name: string | null;
  result_rows: number | null;
  /** an import's rows refused (a row with several wrong cells is one row) */
  result_errors: number | null;
  result_size: number | null;
  /** a finished import's outcome by rows; null for exports and unfinished tasks */
  import_outcome: ImportOutcome | null;
  create_time: number;
  start_time: number | null;
  finish_time: number | null;
}

export interface TaskProgress {
  id: number;
  status: TaskStatus;
  progress: number;
  message: string;
}

/** Whether an operator holding deriveRecord / importRecord sees everyone's records (founder setting). */
export interface TaskVisibility {
  see_all: 0 | 1;
}
export const taskVisibilityBody = z.object({ see_all: flag });

export interface ScheduledTaskRow {
  name: string;
  schedule: string;
  next_run_time: number;
  last_start_time: number | null;
  last_finish_time: number | null;
  last_status: 'running' | 'ok' | 'failed' | null;
  last_result: string | null;
  last_error: string | null;
}

const taskId = z.object({ id: idOf('任务id格式有误', true) });
const BOTH = ['deriveRecord', 'importRecord'] as const;

export const taskEndpoints = defineEndpoints('tasks', {
  list: endpoint({ method: 'GET', path: 'admin/task', permission: BOTH, query: taskListQuery, response: returns<Page<TaskRow>>() }),
  progress: endpoint({ method: 'GET', path: 'admin/task/:id/progress', permission: BOTH, params: taskId, response: returns<TaskProgress>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/task/:id', permission: BOTH, params: taskId }),
  cancel: endpoint({ method: 'POST', path: 'admin/task/:id/cancel', permission: BOTH, params: taskId }),
  retry: endpoint({ method: 'POST', path: 'admin/task/:id/retry', permission: BOTH, params: taskId }),
  download: endpoint({ method: 'GET', path: 'admin/task/:id/download', permission: BOTH, params: taskId, binary: true }),
  visibility: endpoint({ method: 'GET', path: 'admin/task/visibility', permission: BOTH, response: returns<TaskVisibility>() }),
  /** founder only (checked by the handler): no role can be given what only the founder decides */
  setVisibility: endpoint({ method: 'PUT', path: 'admin/task/visibility', permission: 'signed-in', body: taskVisibilityBody }),
  /** founder only (checked by the handler) */
  schedules: endpoint({ method: 'GET', path: 'admin/task/schedules', permission: 'signed-in', response: returns<ScheduledTaskRow[]>() }),
  /** 导出 on the member list: the list's filters (paging ignored) become an export job */
  memberExport: endpoint({ method: 'POST', path: 'admin/members/export', permission: ['memberList', 'memberRecycle'], twoStep: true, body: memberListQuery, response: returns<TaskQueued>() }),
  memberImport: endpoint({ method: 'POST', path: 'admin/members/import', permission: 'importRecord', multipart: true, response: returns<{ task_id: number }>() }),
  memberImportTemplate: endpoint({ method: 'GET', path: 'admin/members/import/template', permission: 'importRecord', binary: true }),
});
