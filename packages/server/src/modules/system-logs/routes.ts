import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { systemLogQuery, type Page, type SystemLogRow } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { systemLogs } from '../../db/tables.js';

export const systemLogRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/system-logs',
    permission: 'systemLogs',
    query: systemLogQuery,
    async handler({ query, ctx }): Promise<Page<SystemLogRow>> {
      const filters: (SQL | undefined)[] = [];
      if (query.keyword) {
        const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(or(ilike(systemLogs.operatorName, like), ilike(systemLogs.operateDetail, like), ilike(systemLogs.operateIp, like)));
      }
      if (query.level) filters.push(eq(systemLogs.level, query.level));
      if (query.start_time !== undefined) filters.push(gte(systemLogs.createdAt, fromUnixSeconds(query.start_time)));
      if (query.end_time !== undefined) filters.push(lte(systemLogs.createdAt, fromUnixSeconds(query.end_time)));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(systemLogs)
          .where(where)
          .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
          .limit(query.page_size)
          .offset((query.page_no - 1) * query.page_size),
        ctx.db.select({ n: count() }).from(systemLogs).where(where),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          operator_id: row.operatorId,
          operator_name: row.operatorName,
          operate_detail: row.operateDetail,
          operate_ip: row.operateIp,
          level: row.level as SystemLogRow['level'],
          method: row.method,
          url: row.url,
          params: row.params,
          create_time: unixSeconds(row.createdAt),
        })),
        page_no: query.page_no,
        page_size: query.page_size,
        data_total: total.n,
      };
    },
  }),
];
