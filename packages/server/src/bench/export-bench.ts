/**
 * `npm run bench`: a 100 000-row xlsx export on the real server process (embedded database, the
 * default), measured against a bare baseline taken in the same run (issue 11):
 *
 * - memory: the server's resident set while idle, then its peak while the export runs (sampled
 *   from /proc every 50 ms); the issue's limit is 150 MB over idle;
 * - other requests: a list request (`GET admin/system-logs`, 20 rows) timed back to back while
 *   idle, then while the export runs (p50 / p99);
 * - duration: the export from its queuing to its record saying done, beside the same 100 000
 *   rows read through the list API page by page (200 a page, keyset cursors) with no file written.
 *
 * The numbers depend on the machine and on what else runs on it; the script prints them and the
 * machine's load, and exits 1 only when the memory limit is passed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { processCall, processLogin, startServerProcess } from '../test/server-process.js';
import { percentile } from './seeded.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RSS_LIMIT_MB = 150;
const MB = 1024 * 1024;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(1)} ms`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-bench-'));
const started = Date.now();
console.log(`export bench: ${ROWS} system-log rows, embedded database in ${dataDir}; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);

const database = await openDatabase({ dataDir });
await database.db.execute(sql`
  insert into system_logs (operator_id, operator_name, operate_detail, operate_ip, level, method, url, params, created_at)
  select 1, 'bench', '基准测试操作 ' || n, '10.0.' || (n % 250) || '.' || (n % 200), case when n % 7 = 0 then 'important' else 'normal' end,
         'PUT', 'admin/bench/' || n, '{"n":' || n || '}', now() - make_interval(secs => n)
  from generate_series(1, ${ROWS}) as n`);
await database.close();

const server = await startServerProcess(dataDir, { LOG_LEVEL: 'error' });
let failed = false;
try {
  const token = await processLogin(server);
  const listOnce = async () => {
    const at = performance.now();
    await processCall(server, token, 'GET', 'admin/system-logs?page_no=1&page_size=20');
    return performance.now() - at;
  };

  // Bare baseline: warmed up, idle.
  for (let i = 0; i < 50; i++) await listOnce();
  await pause(2_000);
  const idleSamples: number[] = [];
  for (let i = 0; i < 40; i++, await pause(50)) idleSamples.push(server.rss());
  const idleRss = percentile(idleSamples, 50);
  const bareLatencies: number[] = [];
  for (let i = 0; i < 300; i++) bareLatencies.push(await listOnce());

  // Bare read of the same rows: the list API, page by page, no file.
  const readAt = performance.now();
  let read = 0;
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const body = await processCall<{ data: unknown[]; next_cursor?: string }>(
      server,
      token,
      'GET',
      `admin/system-logs?page_no=${page}&page_size=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    read += body.data.length;
    if (body.data.length < 200) break;
    cursor = body.next_cursor;
  }
  const readMs = performance.now() - readAt;
  const afterReadRss = server.rss();

  // The export, with list requests and memory samples alongside.
  let peakRss = server.rss();
  let running = true;
  const sampler = (async () => {
    while (running) {
      peakRss = Math.max(peakRss, server.rss());
      await pause(50);
    }
  })();
  const busyLatencies: number[] = [];
  const lister = (async () => {
    while (running) busyLatencies.push(await listOnce());
  })();
  const exportAt = performance.now();
  const { task_id: id } = await processCall<{ task_id: number }>(server, token, 'POST', 'admin/system-logs/export', {});
  let status = '';
  for (;;) {
    ({ status } = await processCall<{ status: string }>(server, token, 'GET', `admin/task/${id}/progress`));
    if (status !== 'queued' && status !== 'running') break;
    await pause(250);
  }
  const exportMs = performance.now() - exportAt;
  running = false;
  await Promise.all([sampler, lister]);
  const [record] = (await processCall<{ data: { id: number; result_rows: number; result_size: number }[] }>(server, token, 'GET', 'admin/task?operate_type=EXPORT')).data;

  const growthMb = (peakRss - idleRss) / MB;
  // The log also holds the bench's own lines (its sign-in, the export): at least ROWS rows.
  failed = status !== 'done' || record.result_rows < ROWS || growthMb > RSS_LIMIT_MB;
  console.log(`
| measure | bare baseline | during / of the export |
| --- | --- | --- |
| server RSS | ${(idleRss / MB).toFixed(1)} MB idle (${(afterReadRss / MB).toFixed(1)} MB after the bare read) | ${(peakRss / MB).toFixed(1)} MB peak: +${growthMb.toFixed(1)} MB over idle (limit ${RSS_LIMIT_MB} MB) |
| list request p50 | ${ms(percentile(bareLatencies, 50))} (${bareLatencies.length} requests) | ${ms(percentile(busyLatencies, 50))} (${busyLatencies.length} requests) |
| list request p99 | ${ms(percentile(bareLatencies, 99))} | ${ms(percentile(busyLatencies, 99))} |
| list request max | ${ms(Math.max(...bareLatencies))} | ${ms(Math.max(...busyLatencies))} |
| ${ROWS} rows | read through the list API in ${(readMs / 1000).toFixed(1)} s (${read} rows, no file) | exported to xlsx in ${(exportMs / 1000).toFixed(1)} s (${status}, ${record.result_rows} rows, ${(record.result_size / MB).toFixed(1)} MB) |
`);
  console.log(failed ? 'FAIL' : 'ok', `(${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
} finally {
  await server.stop('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
