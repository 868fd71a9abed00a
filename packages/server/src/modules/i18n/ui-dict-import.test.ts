import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like, sql } from 'drizzle-orm';
import type { LanguageRow, Page, UiDictRow } from '@agora/contract';
import type { Row, Workbook } from 'exceljs';
import { excelJS } from '../../platform/exceljs.js';
import { jobs, uiDictKeys, uiTranslations } from '../../db/tables.js';
import { JobRunner } from '../../platform/jobs.js';
import { multipart } from '../../test/files.js';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { systemLogs } from '../system-logs/tables.js';

const ExcelJS = excelJS();

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

const dict = '/api/admin/i18n/ui-dict';
type Cell = string | number | null;

const entry = async (key: string) =>
  ((await t.inject({ method: 'GET', url: dict, session: founder, query: { keyword: key, page_size: '50' } })).json() as Page<UiDictRow>).data.find((row) => row.key === key);
const served = async (lang: string, etag?: string) => t.inject({ method: 'GET', url: '/api/base/lang', query: { lang }, headers: etag ? { 'if-none-match': etag } : {} });
const importJobs = async () => (await t.ctx.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'ui-dict.import')))[0].n;

/** An xlsx whose first sheet holds these rows (header first), as an operator's spreadsheet program would save it. */
async function sheet(rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('界面词典');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Uploads a sheet to the import as the console does; answers the HTTP response. */
const upload = (name: string, bytes: Buffer, session = founder) => t.inject({ method: 'POST', url: `${dict}/import`, session, ...multipart(name, bytes) });

/** Uploads, runs the queued job and answers its record (with the error report's rows when it has one). */
async function importSheet(bytes: Buffer) {
  const posted = await upload('界面词典.xlsx', bytes);
  expect(posted.statusCode, posted.body).toBe(200);
  const { task_id: id } = posted.json() as { task_id: number };
  while (await t.ctx.jobs.runNext());
  const record = (await t.inject({ method: 'GET', url: '/api/admin/task', session: founder, query: { operate_type: 'IMPORT', page_size: '200' } })).json().data.find((row: { id: number }) => row.id === id);
  let report: unknown[][] | undefined;
  if (record.result_name) {
    const file = await t.inject({ method: 'GET', url: `/api/admin/task/${id}/download`, session: founder });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    report = [];
    workbook.worksheets[0].eachRow((row) => report!.push((row.values as unknown[]).slice(1)));
  }
  return { id, record, report };
}

/** The export of the list under `query`, as the file the operator downloads. */
async function exported(query: object): Promise<Workbook> {
  await t.verifiedSession(founder);
  const posted = await t.inject({ method: 'POST', url: `${dict}/export`, session: founder, payload: query });
  expect(posted.statusCode, posted.body).toBe(200);
  while (await t.ctx.jobs.runNext());
  const file = await t.inject({ method: 'GET', url: `/api/admin/task/${(posted.json() as { task_id: number }).task_id}/download`, session: founder });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

describe('UI dictionary import', () => {
  it('takes an export back: only the changed cells are written, a cleared built-in text returns to the build\'s, new keys are added where 新增 says 是, and bad rows are reported without stopping the good ones', async () => {
    const langCode = (await entry('route.langCode'))!;
    await t.inject({ method: 'PUT', url: `${dict}/${langCode.id}`, session: founder, payload: { texts: { 'zh-CN': '语言开关' } } });
    const before = await served('en-US');
    const etag = before.headers.etag as string;

    const workbook = await exported({ kind: 'router' });
    const ws = workbook.worksheets[0];
    expect((ws.getRow(1).values as Cell[]).slice(1)).toEqual(['词条键', '类型', 'zh-CN', 'en-US', '新增']);
    const rowOf = (key: string) => {
      let found: Row | undefined;
      ws.eachRow((row) => {
        if (!found && row.getCell(1).value === key) found = row;
      });
      return found!;
    };
    expect(rowOf('route.langCode').getCell(3).value).toBe('语言开关');
    const total = ws.rowCount - 1;
    rowOf('route.dashboard').getCell(4).value = 'Home board';
    rowOf('route.langCode').getCell(3).value = null; // cleared: back to 语言管理
    const at = ws.rowCount;
    ws.addRow(['custom.promo.title', '', '促销', 'Promo', '是']); // at + 1: added
    ws.addRow(['custom.missing', '', '没有', '', '']); // at + 2: unknown, not asked to add
    ws.addRow(['custom.maybe', '', '也许', '', '也许']); // at + 3: 新增 is neither yes nor no
    ws.addRow(['route.dashboard', '', '首页二', '', '']); // at + 4: the key again
    ws.addRow(['', '', '无键', 'No key', '']); // at + 5: no key
    ws.addRow(['custom.nozh', '', '', 'English only', '是']); // at + 6: a new key needs its default text
    ws.addRow(['bad key', '', '坏', '', '是']); // at + 7: not a key
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const { id, record, report } = await importSheet(bytes);
    expect(record).toMatchObject({
      status: 'done',
      // Six refused rows; every other row read is counted, the unchanged ones included.
      result_rows: total + 1,
      result_errors: 6,
      import_outcome: 'partial',
      message: `修改 2 条，新增 1 条，未变 ${total - 2} 条，失败 6 条`,
      result_name: '界面词典导入错误报告.xlsx',
    });
    expect(report).toEqual([
      ['行号', '列', '错误信息'],
      [at + 2, '词条键', '词条不存在'],
      [at + 3, '新增', '新增列只能填“是”或留空'],
      [at + 4, '词条键', `词条键与第 ${rowOf('route.dashboard').number} 行重复`],
      [at + 5, '词条键', '请填写词条键'],
      [at + 6, 'zh-CN', '请填写简体中文译文'],
      [at + 7, '词条键', '词条键由字母、数字、下划线组成，用点分段，如 custom.banner.title'],
    ]);

    expect(await entry('route.dashboard')).toMatchObject({ texts: { 'zh-CN': '首页', 'en-US': 'Home board' }, edited: ['en-US'] });
    expect(await entry('route.langCode')).toMatchObject({ texts: { 'zh-CN': '语言管理', 'en-US': 'Languages' }, edited: [] });
    expect(await entry('custom.promo.title')).toMatchObject({ shipped: 0, kind: 'ui', texts: { 'zh-CN': '促销', 'en-US': 'Promo' } });
    expect(await entry('custom.missing')).toBeUndefined();
    // Nothing the sheet left as it was is marked as an operator's: the build still updates it.
    const edited = await t.ctx.db.select({ key: uiTranslations.key, lang: uiTranslations.lang }).from(uiTranslations).where(eq(uiTranslations.edited, 1));
    expect(edited.map((row) => `${row.key}/${row.lang}`).sort()).toEqual(['custom.promo.title/en-US', 'custom.promo.title/zh-CN', 'route.dashboard/en-US']);

    // The console reads the new texts at its next load: the validator changed.
    const after = await served('en-US', etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().route.dashboard).toBe('Home board');
    expect(after.json().custom.promo.title).toBe('Promo');

    const logs = await t.ctx.db.select().from(systemLogs).where(eq(systemLogs.url, `jobs/${id}`));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ operatorName: 'admin', operateDetail: `导入界面词典（界面词典.xlsx）第 2–${at + 7} 行：修改 2 条，新增 1 条` });

    // The same file again changes nothing and writes no audit line.
    const again = await importSheet(bytes);
    expect(again.record.message).toBe(`修改 0 条，新增 0 条，未变 ${total + 1} 条，失败 6 条`);
    expect(await t.ctx.db.select().from(systemLogs).where(eq(systemLogs.url, `jobs/${again.id}`))).toHaveLength(0);
  });

  it('reads headers in English and any case, and clears an operator key\'s other texts but never its default one', async () => {
    await t.inject({ method: 'POST', url: dict, session: founder, payload: { key: 'custom.hello', texts: { 'zh-CN': '你好', 'en-US': 'Hello' } } });
    const { record, report } = await importSheet(
      await sheet([
        ['KEY', 'Type', 'EN-us', 'zh-cn', 'Add'],
        ['custom.hello', 'UI', '', '您好', ''],
        ['custom.hello2', 'UI', 'Hi', '', 'yes'],
      ]),
    );
    expect(record).toMatchObject({ status: 'done', message: '修改 1 条，新增 0 条，未变 0 条，失败 1 条' });
    expect(report?.slice(1)).toEqual([[3, 'zh-CN', '请填写简体中文译文']]);
    expect(await entry('custom.hello')).toMatchObject({ texts: { 'zh-CN': '您好' }, edited: ['zh-CN'] });

    const cleared = await importSheet(await sheet([['词条键', 'zh-CN'], ['custom.hello', '']]));
    expect(cleared.report?.slice(1)).toEqual([[2, 'zh-CN', '请填写简体中文译文']]);
    expect((await entry('custom.hello'))!.texts).toEqual({ 'zh-CN': '您好' });
  });

  it('commits batch by batch: 1 200 new keys, the refused ones reported by their rows', async () => {
    const rows: Cell[][] = [['词条键', '类型', 'zh-CN', 'en-US', '新增']];
    for (let i = 0; i < 1200; i++) rows.push([`custom.bulk.k${i}`, '界面', `批量${i}`, `Bulk ${i}`, '是']);
    rows[100][3] = 'x'.repeat(2001); // sheet row 101: too long
    rows[900][2] = ''; // sheet row 901: no default text
    const { id, record, report } = await importSheet(await sheet(rows));
    expect(record).toMatchObject({ status: 'done', result_rows: 1198, message: '修改 0 条，新增 1198 条，未变 0 条，失败 2 条' });
    expect(report?.slice(1)).toEqual([
      [101, 'en-US', '译文最多2000个字符'],
      [901, 'zh-CN', '请填写简体中文译文'],
    ]);
    const added = await t.ctx.db.select({ n: count() }).from(uiTranslations).where(and(eq(uiTranslations.lang, 'zh-CN'), like(uiTranslations.key, 'custom.bulk.%')));
    expect(added[0].n).toBe(1198);
    // One audit line per committed batch of 500 rows, each with its own rows.
    const logs = await t.ctx.db.select({ detail: systemLogs.operateDetail }).from(systemLogs).where(eq(systemLogs.url, `jobs/${id}`)).orderBy(systemLogs.id);
    expect(logs.map((log) => log.detail)).toEqual([
      '导入界面词典（界面词典.xlsx）第 2–501 行：修改 0 条，新增 499 条',
      '导入界面词典（界面词典.xlsx）第 502–1001 行：修改 0 条，新增 499 条',
      '导入界面词典（界面词典.xlsx）第 1002–1201 行：修改 0 条，新增 200 条',
    ]);
  });

  it('resumes after its instance died from the last committed batch, still knowing the keys the file had before', async () => {
    const rows: Cell[][] = [['词条键', 'zh-CN', '新增']];
    for (let i = 0; i < 1100; i++) rows.push([`custom.res.k${i}`, `续${i}`, '是']);
    rows[1050][0] = 'custom.res.k8'; // sheet row 1051: the key of row 10, committed by the first attempt
    const posted = await upload('resume.xlsx', await sheet(rows));
    const id = (posted.json() as { task_id: number }).task_id;
    // The first attempt dies in its second batch (the database refuses a row of it, as a full disk would).
    await t.ctx.db.execute(
      sql.raw(`create function die_at_k700() returns trigger language plpgsql as $$ begin if new.key = 'custom.res.k700' then raise exception 'disk full'; end if; return new; end $$`),
    );
    await t.ctx.db.execute(sql.raw('create trigger die_at_k700 before insert on ui_dict_keys for each row execute function die_at_k700()'));
    const died = await t.ctx.jobs.runNext();
    await t.ctx.db.execute(sql.raw('drop trigger die_at_k700 on ui_dict_keys'));
    expect(died).toMatchObject({ id, status: 'failed', checkpoint: { row: 501, added: 500, failed: 0 } });
    // As a `kill -9` would have left it: running, its instance gone silent.
    await t.ctx.db.update(jobs).set({ status: 'running', lockedBy: 'killed:1', errorReason: null, finishedAt: null, heartbeatAt: sql`now() - interval '1 hour'` }).where(eq(jobs.id, id));
    const resumed = await new JobRunner(t.ctx).runNext();
    expect(resumed).toMatchObject({ id, status: 'done', resultRows: 1099, resultErrors: 1, message: '修改 0 条，新增 1099 条，未变 0 条，失败 1 条', attempts: 2 });
    expect((await t.ctx.db.select({ n: count() }).from(uiDictKeys).where(like(uiDictKeys.key, 'custom.res.%')))[0].n).toBe(1099);
    expect((await t.ctx.db.select({ n: count() }).from(systemLogs).where(eq(systemLogs.url, `jobs/${id}`)))[0].n).toBe(3);
    const report = new ExcelJS.Workbook();
    await report.xlsx.load((await t.inject({ method: 'GET', url: `/api/admin/task/${id}/download`, session: founder })).rawPayload as unknown as ArrayBuffer);
    expect((report.worksheets[0].getRow(2).values as Cell[]).slice(1)).toEqual([1051, '词条键', '词条键与第 10 行重复']);
  });

  it('refuses a sheet it cannot import with a clear message, storing nothing and queuing nothing', async () => {
    const jobsBefore = await importJobs();
    const refused = async (name: string, bytes: Buffer, message: string) => {
      const answer = await upload(name, bytes);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toBe(message);
    };
    const good = await sheet([['词条键', 'zh-CN'], ['route.dashboard', '首页']]);
    await refused('词典.csv', good, '请上传 .xlsx 格式的 Excel 文件');
    await refused('词典.xlsx', Buffer.from('not a workbook'), '请上传 .xlsx 格式的 Excel 文件');
    await refused('词典.xlsx', await sheet([['词条键', 'zh-CN']]), '文件中没有可导入的数据');
    await refused('词典.xlsx', await sheet([['键', 'zh-CN'], ['route.dashboard', '首页']]), '表格缺少“词条键”列，请以界面词典的导出文件为模板');
    await refused('词典.xlsx', await sheet([['词条键', 'zh-CN', '备注', 'fr-FR'], ['route.dashboard', '首页', '', '']]), '表格中有无法识别的列：备注、fr-FR（语言列的表头为语言代码，如 en-US）');
    await refused('词典.xlsx', await sheet([['词条键', 'zh-CN', 'en-US', 'EN-US'], ['route.dashboard', '首页', '', '']]), '表格中有重复的列：en-US');
    await refused('词典.xlsx', await sheet([['词条键', '类型', '新增'], ['route.dashboard', '', '']]), '表格中没有语言列，语言列的表头为语言代码，如 en-US');

    const en = ((await t.inject({ method: 'GET', url: '/api/admin/i18n/lang-code', session: founder })).json() as LanguageRow[]).find((row) => row.code === 'en-US')!;
    await t.inject({ method: 'PUT', url: `/api/admin/i18n/lang-code/${en.id}/open`, session: founder, payload: { enabled: 0 } });
    try {
      await refused('词典.xlsx', await sheet([['词条键', 'zh-CN', 'en-US'], ['route.dashboard', '首页', 'Home']]), '以下语言未启用：en-US，请先在语言管理中启用，或删除这些列');
      // The export then has no column for it: what it writes imports back.
      const ws = (await exported({ keyword: 'route.dashboard', kind: 'router' })).worksheets[0];
      expect((ws.getRow(1).values as Cell[]).slice(1)).toEqual(['词条键', '类型', 'zh-CN', '新增']);
    } finally {
      await t.inject({ method: 'PUT', url: `/api/admin/i18n/lang-code/${en.id}/open`, session: founder, payload: { enabled: 1 } });
    }
    expect(await importJobs()).toBe(jobsBefore);
  });

  it('of an import and an operator deleting the same key at once, one goes first: no text outlives its key', async () => {
    const created = await t.inject({ method: 'POST', url: dict, session: founder, payload: { key: 'custom.race.gone', texts: { 'zh-CN': '将删除' } } });
    const id = (created.json() as UiDictRow).id;
    const posted = await upload('race.xlsx', await sheet([['词条键', 'zh-CN', 'en-US'], ['custom.race.gone', '将删除', 'Going']]));
    expect(posted.statusCode).toBe(200);
    const [, deleted] = await Promise.all([t.ctx.jobs.runNext(), t.inject({ method: 'DELETE', url: `${dict}/${id}`, session: founder })]);
    expect(deleted.statusCode).toBe(200);
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, (posted.json() as { task_id: number }).task_id));
    expect(job.status).toBe('done');
    expect(['修改 1 条，新增 0 条，未变 0 条，失败 0 条', '修改 0 条，新增 0 条，未变 0 条，失败 1 条']).toContain(job.message);
    expect(await t.ctx.db.select().from(uiTranslations).where(eq(uiTranslations.key, 'custom.race.gone'))).toEqual([]);
  });

  it('is the dictionary screen\'s: others are refused', async () => {
    const { session: other } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await upload('词典.xlsx', await sheet([['词条键', 'zh-CN'], ['route.dashboard', '首页']]), other)).statusCode).toBe(403);
    const { session: dictOnly } = await t.adminWithPermissions(founder, ['uiDict']);
    expect((await upload('词典.xlsx', await sheet([['词条键', 'zh-CN'], ['route.dashboard', '首页']]), dictOnly)).statusCode).toBe(200);
  });
});
