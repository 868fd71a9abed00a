import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { excelJS } from './exceljs.js';
import { openDatabase } from '../db/client.js';
import { processCall, processLogin, processVerify, startServerProcess, type ServerProcess } from '../test/server-process.js';

const ExcelJS = excelJS();

const ROWS = 20_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-kill-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Progress = { status: string; progress: number; message: string };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The embedded database is the process's own: a server killed with kill -9 mid-export is the case
// that matters here. (On PostgreSQL another instance takes a dead one's job once its heartbeat is
// 60 s old; platform/jobs.test.ts covers that with a faked dead instance.)
describe.skipIf(Boolean(process.env.DATABASE_URL))('a real server killed with kill -9 mid-export', { timeout: 300_000 }, () => {
  it('picks the export up again on the next start and publishes it once, with every row', async () => {
    const database = await openDatabase({ dataDir });
    await database.db.execute(sql`
      insert into system_logs (operator_id, operator_name, operate_detail, operate_ip, level, method, url, params)
      select 1, 'bench', '重启测试操作' || n, '10.0.0.1', 'normal', 'PUT', 'admin/test', '{}' from generate_series(1, ${ROWS}) as n`);
    await database.close();

    server = await startServerProcess(dataDir);
    let token = await processLogin(server);
    await processVerify(server, token);
    const { task_id: id } = await processCall<{ task_id: number }>(server, token, 'POST', 'admin/system-logs/export', { keyword: '重启测试' });
    // Killed while it writes: some rows out, far from done.
    for (let seen: Progress; ; await pause(50)) {
      seen = await processCall<Progress>(server, token, 'GET', `admin/task/${id}/progress`);
      expect(seen.status).not.toBe('done');
      if (seen.status === 'running' && seen.progress > 1) break;
    }
    await server.stop('SIGKILL');
    const leftover = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`agora-export-${id}-`));
    expect(leftover.length).toBe(1);

    server = await startServerProcess(dataDir);
    token = await processLogin(server);
    let last: Progress;
    for (const deadline = Date.now() + 240_000; ; await pause(500)) {
      last = await processCall<Progress>(server, token, 'GET', `admin/task/${id}/progress`);
      if (last.status !== 'queued' && last.status !== 'running') break;
      expect(Date.now()).toBeLessThan(deadline);
    }
    expect(last).toMatchObject({ status: 'done', progress: 100, message: `共导出 ${ROWS} 条` });
    const [record] = (await processCall<{ data: { id: number; result_rows: number }[] }>(server, token, 'GET', 'admin/task?operate_type=EXPORT')).data;
    expect(record).toMatchObject({ id, result_rows: ROWS });

    // One file published (the killed attempt never reached storage), the dead attempt's temporary file gone.
    const exportsDir = path.join(dataDir, 'uploads', 'exports', String(new Date().getUTCFullYear()));
    const published = fs.readdirSync(exportsDir).filter((name) => name.startsWith(`${id}-`));
    expect(published).toHaveLength(1);
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`agora-export-${id}-`))).toEqual([]);
    const file = await fetch(`${server.url}/api/admin/task/${id}/download`, { headers: { authorization: token } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const ids = new Set<unknown>();
    workbook.worksheets[0].eachRow((row, n) => n > 1 && ids.add(row.getCell(1).value));
    expect(ids.size).toBe(ROWS);
  });
});
