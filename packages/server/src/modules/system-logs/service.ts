import { gte, ilike, lte, or, eq } from 'drizzle-orm';
import type { Page, SystemLogQuery, SystemLogRow } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { escapeLike } from '../../db/sql.js';
import { systemLogs } from './tables.js';

type SystemLogRecord = typeof systemLogs.$inferSelect;

const toRow = (row: SystemLogRecord): SystemLogRow => ({
  id: row.id,
  operator_id: row.operatorId,
  operator_name: row.operatorName,
  operate_detail: row.operateDetail,
  operate_detail_en: row.operateDetailEn ?? row.operateDetail,
  operate_ip: row.operateIp,
  level: row.level as SystemLogRow['level'],
  method: row.method,
  url: row.url,
  params: row.params,
  create_time: unixSeconds(row.createdAt),
});

/** The log under `query`, newest first (ids grow with time, so the primary key orders it): its page and its export read the same. */
export function systemLogListSpec(ctx: AppContext, query: SystemLogQuery): ListSpec<SystemLogRecord, SystemLogRow> {
  const like = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  return {
    query,
    table: systemLogs,
    id: systemLogs.id,
    where: [
      like ? or(ilike(systemLogs.operatorName, like), ilike(systemLogs.operateDetail, like), ilike(systemLogs.operateDetailEn, like), ilike(systemLogs.operateIp, like)) : undefined,
      query.level ? eq(systemLogs.level, query.level) : undefined,
      query.start_time !== undefined ? gte(systemLogs.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(systemLogs.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    statement: 'system-logs',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select().from(systemLogs).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.id,
  };
}

export function listSystemLogs(ctx: AppContext, query: SystemLogQuery): Promise<Page<SystemLogRow>> {
  return listPage(ctx.db, systemLogListSpec(ctx, query));
}
