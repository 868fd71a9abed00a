import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count, desc, eq, like, sql } from 'drizzle-orm';
import { excelJS } from '../../platform/exceljs.js';
import { MEMBER_IMPORT_COLUMNS } from '@agora/contract';
import { jobs } from '../../db/tables.js';
import { systemLogs } from '../system-logs/tables.js';
import { JobRunner } from '../../platform/jobs.js';
import type { pluginStorageDriver } from '../plugins/drivers.js';
import { verifyPassword, md5 } from '../../platform/passwords.js';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../test/harness.js';
import { enqueueMemberImport, memberExport, memberImportTemplate } from './jobs.js';
import { memberLevels, members } from './tables.js';

const ExcelJS = excelJS();

let testDb: TestDatabase;
let t: TestApp;
const owner = { id: 1, name: 'admin' };
let gold: number;
let silver: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  [{ id: gold }, { id: silver }] = await t.ctx.db
    .insert(memberLevels)
    .values([
      { levelName: '黄金会员', minPoint: 5000, maxPoint: 20000 },
      { levelName: '白银会员', minPoint: 1000, maxPoint: 5000, isDefault: 1 },
    ])
    .returning({ id: memberLevels.id });
});
afterAll(async () => {
  await t?.close();
  await testDb?.drop();
});

/** The local disk the test server stores on (the local storage plugin is open). */
const storage = () => (t.ctx.storage as ReturnType<typeof pluginStorageDriver>).local;

/** The rows of a stored xlsx's first sheet, header included, as plain values. */
async function readBack(key: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(storage().path(key));
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** An xlsx with a header row and the given rows, written with exceljs as an operator's file would be. */
async function sheet(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `agora-import-test-${process.pid}-${Math.random().toString(36).slice(2)}.xlsx`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const ws = workbook.addWorksheet('会员');
  ws.addRow(header).commit();
  for (const row of rows) ws.addRow(row).commit();
  ws.commit();
  await workbook.commit();
  const bytes = fs.readFileSync(file);
  fs.rmSync(file);
  return bytes;
}

const HEADER = MEMBER_IMPORT_COLUMNS.map((column) => column.zh);
/** A good import row: name, mobile, password, nickname, email, sex, birthday, level, address, tel, remark. */
const good = (i: number, level = '') => [`imp${i}`, `139${String(i).padStart(8, '0')}`, '', `昵称${i}`, '', i % 2 ? '男' : '女', '', level, '', '', ''];

describe('member export', () => {
  it('writes exactly the members the list shows under its filters, in its order, across many batches', async () => {
    // 2 500 gold members (three batches of 1 000), many sharing one creation time, some never signed in.
    const at = new Date('2026-05-01T08:00:00.123Z');
    const goldRows = Array.from({ length: 2500 }, (_, i) => ({
      uname: `gold${i}`,
      mobile: `136${String(i).padStart(8, '0')}`,
      levelId: gold,
      createdAt: i % 3 === 0 ? at : new Date(at.getTime() + i * 1000),
      lastLoginAt: i % 4 === 0 ? null : new Date(at.getTime() + (i % 50) * 60_000),
    }));
    for (let i = 0; i < goldRows.length; i += 500) await t.ctx.db.insert(members).values(goldRows.slice(i, i + 500));
    await t.ctx.db.insert(members).values(Array.from({ length: 30 }, (_, i) => ({ uname: `silver${i}`, mobile: `135${String(i).padStart(8, '0')}`, levelId: silver })));
    // Microseconds the database keeps and a JavaScript Date does not: the keyset must not skip these.
    await t.ctx.db.execute(sql`update members set created_at = created_at + interval '0.000456 second' where uname in ('gold3', 'gold6')`);

    const job = await memberExport.enqueue(t.ctx, owner, { level_id: String(gold), sort: 'last_login', order: 'asc', page_no: '3' });
    expect(job).toMatchObject({ operateType: 'EXPORT', status: 'queued', filterSummary: '会员等级：黄金会员；按最后登录升序' });
    const done = await t.ctx.jobs.runNext();
    expect(done).toMatchObject({ id: job.id, status: 'done', progress: 100, resultRows: 2500, message: '共导出 2500 条' });
    expect(done!.resultName).toMatch(/^会员列表_\d{8}-\d{6}\.xlsx$/);
    expect(done!.resultSize).toBe(fs.statSync(storage().path(done!.resultKey!)).size);

    const rows = await readBack(done!.resultKey!);
    expect(rows[0]).toEqual(['会员ID', '会员名称', '昵称', '手机号', '邮箱', '性别', '会员等级', '等级积分', '消费积分', '预存款(元)', '注册时间', '最后登录', '登录次数', '注册来源', '状态']);
    const expected = await t.ctx.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.levelId, gold))
      .orderBy(sql`${members.lastLoginAt} asc nulls last`, asc(members.id));
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected.map((row) => row.id));
    const first = rows[1];
    expect(first[3]).toMatch(/^136\*+\d+$/);
    expect(first[6]).toBe('黄金会员');

    // The default sort (newest first) over the ties of one creation time gives the same rows.
    const byCreated = await memberExport.enqueue(t.ctx, owner, { level_id: gold });
    const second = await t.ctx.jobs.runNext();
    expect(second).toMatchObject({ id: byCreated.id, resultRows: 2500 });
    const newest = await t.ctx.db.select({ id: members.id }).from(members).where(eq(members.levelId, gold)).orderBy(desc(members.createdAt), desc(members.id));
    expect((await readBack(second!.resultKey!)).slice(1).map((row) => row[0])).toEqual(newest.map((row) => row.id));
  });

  it('refuses filters the list would refuse', async () => {
    await expect(memberExport.enqueue(t.ctx, owner, { sex: 3 })).rejects.toMatchObject({ status: 400 });
    await expect(memberExport.enqueue(t.ctx, owner, { start_time: 10, end_time: 5 })).rejects.toMatchObject({ detail: '开始时间不能晚于结束时间' });
  });
});

describe('member import', () => {
  const importsDir = () => path.join(storage().root, 'imports');
  const jobCount = async () => (await t.ctx.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'member.import')))[0].n;

  it('refuses a file it cannot import with a clear message, writing nothing', async () => {
    const refuse = async (file: { name: string; bytes: Buffer }, message: string) => {
      const error = await enqueueMemberImport(t.ctx, owner, file, '127.0.0.1').then(
        () => null,
        (caught) => caught,
      );
      expect(error?.localized('zh')).toBe(message);
    };
    const ok = await sheet(HEADER, [good(1)]);
    await refuse({ name: '会员.csv', bytes: Buffer.from('会员名称,手机号\nimp,13900000000\n') }, '请上传 .xlsx 格式的 Excel 文件');
    await refuse({ name: '会员.xlsx', bytes: Buffer.from('not a workbook at all') }, '请上传 .xlsx 格式的 Excel 文件');
    await refuse({ name: '会员.csv', bytes: ok }, '请上传 .xlsx 格式的 Excel 文件');
    await refuse({ name: '会员.xlsx', bytes: Buffer.alloc(0) }, '文件中没有可导入的数据');
    await refuse({ name: '会员.xlsx', bytes: await sheet(HEADER, []) }, '文件中没有可导入的数据');
    await refuse({ name: '会员.xlsx', bytes: Buffer.concat([ok, Buffer.alloc(10 * 1024 * 1024)]) }, '文件大小不能超过10MB');
    await refuse({ name: '会员.xlsx', bytes: await sheet(['会员名称', '昵称'], [['imp1', 'x']]) }, '表格缺少必需的列：手机号，请下载导入模板填写');
    expect(await jobCount()).toBe(0);
    expect(fs.existsSync(importsDir())).toBe(false);
  });

  it('gives a template whose header the import reads', async () => {
    const template = await memberImportTemplate();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ArrayBuffer);
    const header = (workbook.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(header).toEqual(MEMBER_IMPORT_COLUMNS.map((column) => (column.required ? `*${column.zh}` : column.zh)));
    expect(workbook.worksheets[1].name).toBe('说明');
    // The template itself has no rows: importing it is refused as empty, not as missing columns.
    await expect(enqueueMemberImport(t.ctx, owner, { name: 'template.xlsx', bytes: template }, '')).rejects.toMatchObject({ code: 'IMPORT_FILE_EMPTY' });
  });

  it('imports 9 997 of 10 000 rows and reports exactly the 3 bad ones', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => good(i, i % 10 === 0 ? '黄金会员' : ''));
    rows[99] = [...good(99)];
    rows[99][1] = '12345'; // sheet row 101: not a mobile
    rows[5000] = [...good(5000)];
    rows[5000][0] = 'imp10'; // sheet row 5002: the name of row 12, imported in an earlier batch
    rows[8998] = [...good(8998)];
    rows[8998][7] = '钻石会员'; // sheet row 9000: no such level
    rows[2][2] = 'secret12'; // sheet row 4 sets an initial password
    rows[2][6] = '1990-02-03';
    const bytes = await sheet(HEADER, rows);
    const job = await enqueueMemberImport(t.ctx, owner, { name: '会员导入.xlsx', bytes }, '10.0.0.8');
    expect(job).toMatchObject({ operateType: 'IMPORT', filterSummary: '会员导入.xlsx', status: 'queued' });

    const done = await t.ctx.jobs.runNext();
    expect(done).toMatchObject({ status: 'done', resultRows: 9997, resultErrors: 3, message: '成功导入 9997 条，失败 3 条', resultName: '会员导入错误报告.xlsx' });
    expect((await t.ctx.db.select({ n: count() }).from(members).where(like(members.uname, 'imp%')))[0].n).toBe(9997);
    const report = await readBack(done!.resultKey!);
    expect(report).toEqual([
      ['行号', '列', '错误信息'],
      [101, '手机号', '手机号码格式有误！'],
      [5002, '会员名称', '会员名称已存在'],
      [9000, '会员等级', '会员等级不存在'],
    ]);

    const [withPassword] = await t.ctx.db.select().from(members).where(eq(members.uname, 'imp2'));
    expect(await verifyPassword(withPassword.passwordHash, md5('secret12'))).toBe(true);
    expect(withPassword).toMatchObject({ birthday: '1990-02-03', sex: 0, nickname: '昵称2', registerSource: 'ADMIN', registerIp: '10.0.0.8', levelId: silver });
    const [withLevel] = await t.ctx.db.select().from(members).where(eq(members.uname, 'imp10'));
    expect(withLevel.levelId).toBe(gold);
    const [log] = await t.ctx.db.select().from(systemLogs).where(eq(systemLogs.url, `jobs/${job.id}`));
    expect(log).toMatchObject({ operatorName: 'admin', operateDetail: '导入会员（会员导入.xlsx）：成功导入 9997 条，失败 3 条' });
  });

  it('resumes an import after its instance died, never adding a row twice', async () => {
    const rows = Array.from({ length: 1600 }, (_, i) => [`res${i}`, `138${String(i).padStart(8, '0')}`, '', '', '', '', '', '', '', '', '']);
    const job = await enqueueMemberImport(t.ctx, owner, { name: 'resume.xlsx', bytes: await sheet(HEADER, rows) }, '');
    // The first attempt dies in its second batch (the database refuses a row of it, as a full disk
    // would), after the first batch of 500 committed.
    await t.ctx.db.execute(
      sql.raw(`create function die_at_res700() returns trigger language plpgsql as $$ begin if new.uname = 'res700' then raise exception 'disk full'; end if; return new; end $$`),
    );
    await t.ctx.db.execute(sql.raw('create trigger die_at_res700 before insert on members for each row execute function die_at_res700()'));
    const died = await t.ctx.jobs.runNext();
    await t.ctx.db.execute(sql.raw('drop trigger die_at_res700 on members'));
    expect(died).toMatchObject({ id: job.id, status: 'failed', checkpoint: { row: 501, imported: 500, failed: 0, errors: [] } });
    expect((await t.ctx.db.select({ n: count() }).from(members).where(like(members.uname, 'res%')))[0].n).toBe(500);
    // As a `kill -9` would have left it: running, its instance gone silent.
    await t.ctx.db.update(jobs).set({ status: 'running', lockedBy: 'killed:1', errorReason: null, finishedAt: null, heartbeatAt: sql`now() - interval '1 hour'` }).where(eq(jobs.id, job.id));
    const resumed = await new JobRunner(t.ctx).runNext();
    // Had it started over, the first 500 rows would be refused as taken names.
    expect(resumed).toMatchObject({ id: job.id, status: 'done', resultRows: 1600, resultErrors: 0, resultKey: null, attempts: 2 });
    const imported = await t.ctx.db.select({ uname: members.uname }).from(members).where(like(members.uname, 'res%'));
    expect(imported).toHaveLength(1600);
    expect(await t.ctx.db.select({ n: count() }).from(systemLogs).where(eq(systemLogs.url, `jobs/${job.id}`))).toEqual([{ n: 1 }]);
  });
});
