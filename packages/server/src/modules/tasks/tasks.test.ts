import { describe, expect, it } from 'vitest';
import { MEMBER_IMPORT_COLUMNS } from '@agora/contract';
import { excelJS } from '../../platform/exceljs.js';
import { multipart } from '../../test/files.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { memberLevels, members } from '../members/tables.js';

const ExcelJS = excelJS();

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('会员');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('background task records over HTTP', () => {
  /** Runs every queued job, as the runner of an instance would. */
  const drain = async () => {
    while (await t.ctx.jobs.runNext());
  };
  const call = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.inject({ method, url: `/api/${url}`, session, payload });

  it('exports the member list under its filters, and shows each operator only their own records unless the founder allows all', async () => {
    const [{ id: level }] = await t.ctx.db.insert(memberLevels).values({ levelName: '钻石会员', minPoint: 0 }).returning({ id: memberLevels.id });
    await t.ctx.db.insert(members).values([
      { uname: 'diamond1', mobile: '13500000001', levelId: level },
      { uname: 'diamond2', mobile: '13500000002', levelId: level },
      { uname: 'plain1', mobile: '13500000003' },
    ]);
    const a = await t.adminWithPermissions(founder, ['memberList', 'deriveRecord']);
    const b = await t.adminWithPermissions(founder, ['memberList', 'deriveRecord']);
    const c = await t.adminWithPermissions(founder, ['memberList']);
    // Member records leave the console only after the second step (DOMAIN §1.4).
    expect((await call(a.session, 'POST', 'admin/members/export', {})).statusCode).toBe(428);
    for (const operator of [a, b, c]) await t.verifiedSession(operator.session);

    const posted = await call(a.session, 'POST', 'admin/members/export', { level_id: level, page_no: 2 });
    expect(posted.statusCode, posted.body).toBe(200);
    const { task_id: id } = posted.json();
    expect((await call(a.session, 'GET', `admin/task/${id}/progress`)).json()).toEqual({ id, status: 'queued', progress: 0, message: '' });
    await t.ctx.jobs.runNext();
    expect((await call(a.session, 'GET', `admin/task/${id}/progress`)).json()).toEqual({ id, status: 'done', progress: 100, message: '共导出 2 条' });

    const listed = (await call(a.session, 'GET', 'admin/task?operate_type=EXPORT')).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id, kind: 'member.export', owner_id: a.adminId, status: 'done', result_rows: 2, filter_summary: '会员等级：钻石会员；按注册时间降序' });
    const file = await call(a.session, 'GET', `admin/task/${id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('会员列表_'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const names: unknown[] = [];
    workbook.worksheets[0].eachRow((row, n) => n > 1 && names.push(row.getCell(2).value));
    expect(names.sort()).toEqual(['diamond1', 'diamond2']);

    // Another operator with deriveRecord: not their record, so not even there.
    expect((await call(b.session, 'GET', 'admin/task?operate_type=EXPORT')).json().data).toEqual([]);
    expect((await call(b.session, 'GET', `admin/task/${id}/progress`)).statusCode).toBe(404);
    expect((await call(b.session, 'GET', `admin/task/${id}/download`)).statusCode).toBe(404);
    expect((await call(b.session, 'DELETE', `admin/task/${id}`)).statusCode).toBe(404);
    // Without deriveRecord an operator may export, never read the records.
    expect((await call(c.session, 'POST', 'admin/members/export', {})).statusCode).toBe(200);
    expect((await call(c.session, 'GET', 'admin/task?operate_type=EXPORT')).statusCode).toBe(403);
    expect((await call(c.session, 'GET', `admin/task/${id}/progress`)).statusCode).toBe(403);

    // The founder sees all; only the founder may let deriveRecord holders see all.
    expect((await call(founder, 'GET', 'admin/task?operate_type=EXPORT')).json().data).toHaveLength(2);
    expect((await call(a.session, 'PUT', 'admin/task/visibility', { see_all: 1 })).statusCode).toBe(403);
    expect((await call(founder, 'PUT', 'admin/task/visibility', { see_all: 1 })).statusCode).toBe(200);
    expect((await call(b.session, 'GET', 'admin/task/visibility')).json()).toEqual({ see_all: 1 });
    expect((await call(b.session, 'GET', 'admin/task?operate_type=EXPORT')).json().data.map((row: { id: number }) => row.id)).toContain(id);
    expect((await call(c.session, 'GET', 'admin/task?operate_type=EXPORT')).statusCode).toBe(403);
    await call(founder, 'PUT', 'admin/task/visibility', { see_all: 0 });

    // Delete removes the record and its file.
    expect((await call(a.session, 'DELETE', `admin/task/${id}`)).statusCode).toBe(200);
    expect((await call(a.session, 'GET', `admin/task/${id}/progress`)).statusCode).toBe(404);
  });

  it('cancels, retries and refuses what cannot be', async () => {
    await drain();
    await t.verifiedSession(founder);
    const posted = (await call(founder, 'POST', 'admin/members/export', {})).json();
    expect((await call(founder, 'POST', `admin/task/${posted.task_id}/retry`)).json().message).toBe('只有失败或已取消的任务可以重试');
    expect((await call(founder, 'POST', `admin/task/${posted.task_id}/cancel`)).statusCode).toBe(200);
    expect((await call(founder, 'GET', `admin/task/${posted.task_id}/progress`)).json().status).toBe('cancelled');
    expect((await call(founder, 'POST', `admin/task/${posted.task_id}/retry`)).statusCode).toBe(200);
    await drain();
    expect((await call(founder, 'GET', `admin/task/${posted.task_id}/progress`)).json().status).toBe('done');
    expect((await call(founder, 'GET', 'admin/task/99999999/progress')).json().message).toBe('任务不存在');
  });

  it('imports members from an uploaded sheet, gives the template, and refuses a wrong file', async () => {
    const importer = await t.adminWithPermissions(founder, ['importRecord']);
    const template = await call(importer.session, 'GET', 'admin/members/import/template');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');

    const header = MEMBER_IMPORT_COLUMNS.map((column) => column.zh);
    const bytes = await xlsx([header, ['upload1', '13600000001'], ['upload2', 'bad']]);
    const wrong = await t.inject({ method: 'POST', url: '/api/admin/members/import', session: importer.session, ...multipart('members.txt', Buffer.from('hello')) });
    expect(wrong.json()).toEqual({ code: 'IMPORT_FILE_TYPE', message: '请上传 .xlsx 格式的 Excel 文件' });
    const posted = await t.inject({ method: 'POST', url: '/api/admin/members/import', session: importer.session, ...multipart('members.xlsx', bytes) });
    expect(posted.statusCode, posted.body).toBe(200);
    const id = posted.json().task_id;
    await drain();
    const [row] = (await call(importer.session, 'GET', 'admin/task?operate_type=IMPORT')).json().data;
    expect(row).toMatchObject({ id, kind: 'member.import', status: 'done', result_rows: 1, result_errors: 1, import_outcome: 'partial', filter_summary: 'members.xlsx', result_name: '会员导入错误报告.xlsx' });
    const report = await call(importer.session, 'GET', `admin/task/${id}/download`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual([3, '手机号', '手机号码格式有误！']);
    // Import records are importRecord's: an export-only role does not see them.
    const exporter = await t.adminWithPermissions(founder, ['deriveRecord']);
    expect((await call(exporter.session, 'GET', 'admin/task?operate_type=IMPORT')).statusCode).toBe(403);
    expect((await call(exporter.session, 'GET', `admin/task/${id}/progress`)).statusCode).toBe(404);
  });

  it("counts an import's failures in rows, and an import whose every row failed has failed", async () => {
    const importer = await t.adminWithPermissions(founder, ['importRecord']);
    const header = MEMBER_IMPORT_COLUMNS.map((column) => column.zh);
    // One row wrong in five cells: one failed row, not five.
    const bytes = await xlsx([header, ['x', 'bad', '1', 'n', 'not-an-email', '?', 'someday', '无此等级']]);
    const posted = await t.inject({ method: 'POST', url: '/api/admin/members/import', session: importer.session, ...multipart('all-wrong.xlsx', bytes) });
    expect(posted.statusCode, posted.body).toBe(200);
    await drain();
    const [row] = (await call(importer.session, 'GET', 'admin/task?operate_type=IMPORT')).json().data;
    expect(row).toMatchObject({ id: posted.json().task_id, status: 'done', result_rows: 0, result_errors: 1, import_outcome: 'failed', message: '成功导入 0 条，失败 1 条' });
    const report = await call(importer.session, 'GET', `admin/task/${row.id}/download`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    // The report still names every wrong cell.
    expect(workbook.worksheets[0].rowCount - 1).toBeGreaterThanOrEqual(5);
  });

  it('shows the scheduled tasks to the founder only', async () => {
    await t.ctx.scheduler.ensureTasks();
    const rows = (await call(founder, 'GET', 'admin/task/schedules')).json();
    // Every area adds its own: the list is in name order and holds at least these.
    const names = rows.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining([
      'currencies.auto-rate',
      'dashboard.roll-windows',
      'housekeeping.analyze',
      'housekeeping.expired',
      'orders.auto-cancel',
      'orders.auto-complete',
      'orders.auto-rog',
      'orders.cod-auto-pay',
      'orders.service-expiry',
      'distribution.bills',
      'distribution.unfreeze',
      'promotions.pintuan-unformed',
    ]));
    const operator = await t.adminWithPermissions(founder, ['deriveRecord']);
    expect((await call(operator.session, 'GET', 'admin/task/schedules')).statusCode).toBe(403);
  });
});
