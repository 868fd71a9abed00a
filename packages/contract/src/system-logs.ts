import { z } from 'zod';
import { listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

export const LOG_LEVELS = ['normal', 'important'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** GET admin/system-logs: newest first; the keyword matches operator, operation or IP. */
export const systemLogQuery = listQuery({
  keyword: z.string().trim().max(100).optional(),
  level: z.enum(LOG_LEVELS).optional(),
  start_time: z.coerce.number().int().min(0).optional(),
  end_time: z.coerce.number().int().min(0).optional(),
});
export type SystemLogQuery = z.output<typeof systemLogQuery>;

export interface SystemLogRow {
  id: number;
  operator_id: number;
  operator_name: string;
  operate_detail: string;
  /** the same in English (the Chinese for lines written before English was kept) */
  operate_detail_en: string;
  operate_ip: string;
  level: LogLevel;
  method: string;
  url: string;
  params: string;
  create_time: number;
}

export const systemLogEndpoints = defineEndpoints('systemLogs', {
  list: endpoint({ method: 'GET', path: 'admin/system-logs', permission: 'systemLogs', query: systemLogQuery, response: returns<Page<SystemLogRow>>() }),
  /** 导出: the log's filters, every page, as an export task */
  export: endpoint({ method: 'POST', path: 'admin/system-logs/export', permission: 'systemLogs', twoStep: true, body: systemLogQuery, response: returns<TaskQueued>() }),
});
