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
export const OPERATE_TYPES = ['EXPORT', 'IMPORT'] as const;
export type OperateType = (typeof OPERATE_TYPES)[number];

/** The kinds of records, as the records pages name them. */
export const TASK_KIND_LABELS: Record<string, { zh: string; en: string }> = {
  'member.export': { zh: '会员列表导出', en: 'Member list export' },
  'order.export': { zh: '订单列表导出', en: 'Order list export' },
  'member.import': { zh: '会员导入', en: 'Member import' },
  'goods.export': { zh: '商品列表导出', en: 'Goods list export' },
  'goods.audit-export': { zh: '待审核商品导出', en: 'Goods audit export' },
  'shop.export': { zh: '店铺列表导出', en: 'Shop list export' },
  'margin.export': { zh: '保证金记录导出', en: 'Margin flow export' },
  'system-log.export': { zh: '系统日志导出', en: 'System log export' },
  'aftersale.export': { zh: '售后服务导出', en: 'After-sales export' },
  'refund.export': { zh: '退款单导出', en: 'Refund list export' },
  'collection.export': { zh: '收款单导出', en: 'Collection list export' },
  'statistics.orders.export': { zh: '订单统计导出', en: 'Order statistics export' },
  'statistics.salesRevenue.export': { zh: '销售收入统计导出', en: 'Sales revenue export' },
  'statistics.refunds.export': { zh: '退款统计导出', en: 'Refund statistics export' },
  'statistics.addedMembers.export': { zh: '新增会员统计导出', en: 'New members export' },
  'statistics.hotGoods.export': { zh: '热卖商品导出', en: 'Best sellers export' },
  'statistics.memberOrders.export': { zh: '会员下单排行导出', en: 'Top buyers export' },
};

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
  result_errors: number | null;
  result_size: number | null;
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
  memberExport: endpoint({ method: 'POST', path: 'admin/members/export', permission: ['memberList', 'memberRecycle'], body: memberListQuery, response: returns<TaskQueued>() }),
  memberImport: endpoint({ method: 'POST', path: 'admin/members/import', permission: 'importRecord', multipart: true, response: returns<{ task_id: number }>() }),
  memberImportTemplate: endpoint({ method: 'GET', path: 'admin/members/import/template', permission: 'importRecord', binary: true }),
});
