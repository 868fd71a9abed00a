import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../platform/xlsx-export.js';
import { exportAndRead, exportStatus, listedIds } from '../../test/exports.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { systemLogs } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

describe('system log export', () => {
  it('writes exactly the lines the log shows under its filters, across batches', async () => {
    const rows = Array.from({ length: 1600 }, (_, i) => ({
      operatorId: 1,
      operatorName: i % 2 ? 'exporter' : 'someone',
      operateDetail: `导出测试操作${i}`,
      operateIp: '10.0.0.1',
      level: i % 3 === 0 ? 'important' : 'normal',
      method: 'PUT',
      url: 'admin/test',
    }));
    for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insert(systemLogs).values(rows.slice(i, i + 500));
    const operator = await t.adminWithPermissions(founder, ['systemLogs', 'deriveRecord']);
    const filter = { keyword: '导出测试', level: 'normal' };
    const listed = await listedIds(t, operator.session, 'admin/system-logs', filter, 'id');
    expect(listed.length).toBe(1066);
    expect(listed.length).toBeGreaterThan(EXPORT_BATCH);
    const file = await exportAndRead(t, operator.session, 'admin/system-logs/export', filter);
    expect(file.ids).toEqual(listed);
    expect(file.rows[0]).toEqual(['日志ID', '账号', '操作', 'IP', '级别', '请求方式', '请求地址', '请求参数', '时间']);
    expect(file.record).toMatchObject({ kind: 'system-log.export', result_rows: 1066, filter_summary: '关键字：导出测试；级别：普通；按时间降序' });
  });

  it('refuses a role without the log’s permission', async () => {
    const other = await t.adminWithPermissions(founder, ['memberList', 'deriveRecord']);
    expect(await exportStatus(t, other.session, 'admin/system-logs/export')).toBe(403);
  });
});
