/**
 * `npm run bench` (statistics): every report for a year, on the real server process. Seeds a
 * fresh database with the demo marketplace and BENCH_ORDERS orders (default 200 000; the issue's
 * figure is 1 000 000), on the embedded database or on PostgreSQL when DATABASE_URL is set
 * (`scripts/with-postgres.sh npm run bench`), times the rebuild of every rollup from the source
 * rows, then each report's chart and table for the whole platform and for one shop as
 * BENCH_REQUESTS sequential requests after a warm-up, and prints p50 / p95 against the issue's
 * targets (100 ms on PostgreSQL, 250 ms embedded). Exits 1 when a report answers an error.
 */
import os from 'node:os';
import { RANK_REPORTS, RANK_REPORT_TABLES, TIME_REPORTS, TIME_REPORT_TABLES, rankingEndpoints, statisticsEndpoints, type AnyEndpoint } from '@agora/contract';
import { benchConfig, benchDataDir, percentile, seedBenchDatabase } from './seeded.js';
import { openDatabase } from '../db/client.js';
import { buildApp } from '../app.js';
import { rebuildAllRollups } from '../modules/statistics/rebuild.js';
import { processCall, processLogin, startServerProcess } from '../test/server-process.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const WARM_UP = 5;
const databaseUrl = process.env.DATABASE_URL || undefined;
const TARGET_P95_MS = databaseUrl ? 100 : 250;

const { dataDir, remove: removeDataDir } = benchDataDir('agora-stats-bench-');
console.log(`statistics bench: ${ORDERS} orders on ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);

{
  const seedAt = Date.now();
  const seeded = await seedBenchDatabase(dataDir, databaseUrl, { orders: ORDERS });
  console.log(seeded.seeded ? `seeded in ${((Date.now() - seedAt) / 1000).toFixed(0)} s` : `reusing a database of ${seeded.orders} orders`);
  const config = benchConfig(dataDir, databaseUrl);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { app, ctx } = await buildApp(config, database);
  const rebuildAt = Date.now();
  await rebuildAllRollups(ctx.db);
  console.log(`rebuild of every rollup: ${((Date.now() - rebuildAt) / 1000).toFixed(1)} s`);
  await app.close();
  await database.close();
}

const server = await startServerProcess(dataDir, { LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
let failed = false;
try {
  const token = await processLogin(server);
  const year = new Date().getFullYear();
  const [shop] = await processCall<{ shop_id: number }[]>(server, token, 'GET', `admin/index/page/hotShop?days=90`);
  const reports: [string, AnyEndpoint][] = [
    ...Object.keys(TIME_REPORTS).flatMap((report) => [
      ...Object.keys(TIME_REPORTS[report as keyof typeof TIME_REPORTS].charts).map((key): [string, AnyEndpoint] => [key, statisticsEndpoints[key as keyof typeof statisticsEndpoints]]),
      [`${report} table`, TIME_REPORT_TABLES[report as keyof typeof TIME_REPORT_TABLES].page] as [string, AnyEndpoint],
    ]),
    ...Object.keys(RANK_REPORTS).flatMap((report) => [
      ...Object.keys(RANK_REPORTS[report as keyof typeof RANK_REPORTS].charts).map((key): [string, AnyEndpoint] => [key, rankingEndpoints[key as keyof typeof rankingEndpoints]]),
      [`${report} table`, RANK_REPORT_TABLES[report as keyof typeof RANK_REPORT_TABLES].page] as [string, AnyEndpoint],
    ]),
  ];
  const rows = ['| report (a year) | scope | p50 ms | p95 ms | within target |', '| --- | --- | --- | --- | --- |'];
  for (const [name, endpoint] of reports) {
    for (const [scope, seller] of [['platform', 0], ['one shop', shop?.shop_id ?? 0]] as const) {
      const url = `${endpoint.path}?cycle_type=YEAR&year=${year}&seller_id=${seller}&page_size=10`;
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + REQUESTS; i++) {
        const at = performance.now();
        try {
          await processCall(server, token, 'GET', url);
        } catch (error) {
          console.error(`${name}: ${String(error)}`);
          failed = true;
          break;
        }
        if (i >= WARM_UP) times.push(performance.now() - at);
      }
      const p95 = percentile(times, 95);
      rows.push(`| ${name} | ${scope} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} | ${p95 <= TARGET_P95_MS ? 'yes' : 'no'} |`);
    }
  }
  console.log(rows.join('\n'));
} finally {
  await server.stop('SIGTERM');
  removeDataDir();
}
process.exit(failed ? 1 : 0);
