/**
 * `npm run bench` (statistics): every report for a year, on the real server process. Seeds a
 * fresh database with the demo marketplace and BENCH_ORDERS orders (default 200 000; the issue's
 * figure is 1 000 000), on the embedded database or on PostgreSQL when DATABASE_URL is set
 * (`scripts/with-postgres.sh npm run bench`), times the rebuild of every rollup from the source
 * rows, then each report's chart and table for the whole platform and for one shop as
 * BENCH_REQUESTS sequential requests after a warm-up, and prints p50 / p95 against the issue's
 * targets (100 ms on PostgreSQL, 250 ms embedded). Exits 1 when a report answers an error.
 * BENCH_REBUILD=0 skips the rebuild; BENCH_ONLY narrows the reports.
 */
import os from 'node:os';
import { industryEndpoints, priceBandEndpoints, rankingEndpoints, regionReportEndpoints, statisticsEndpoints, type AnyEndpoint } from '@agora/contract';
import { benchConfig, benchDataDir, percentile, seedBenchDatabase } from './seeded.js';
import { openDatabase } from '../db/client.js';
import { buildApp } from '../app.js';
import { rebuildAllRollups } from '../modules/statistics/rebuild.js';
import { processCall, processLogin, startServerProcess } from '../test/server-process.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const WARM_UP = 5;
/** BENCH_REBUILD=0 skips the timed rebuild of every rollup (a reused database whose rollups are current). */
const REBUILD = process.env.BENCH_REBUILD !== '0';
/** BENCH_ONLY: a regular expression on `name path` narrows the reports. */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
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
  if (REBUILD) {
    const rebuildAt = Date.now();
    await rebuildAllRollups(ctx.db);
    console.log(`rebuild of every rollup: ${((Date.now() - rebuildAt) / 1000).toFixed(1)} s`);
  }
  await app.close();
  await database.close();
}

const server = await startServerProcess(dataDir, { LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
let failed = false;
try {
  const token = await processLogin(server);
  const year = new Date().getFullYear();
  const [shop] = await processCall<{ shop_id: number }[]>(server, token, 'GET', `admin/index/page/hotShop?days=90`);
  // every report's chart and table: each GET endpoint of the statistics groups
  const reports = [statisticsEndpoints, rankingEndpoints, priceBandEndpoints, industryEndpoints, regionReportEndpoints]
    .flatMap((group) => Object.entries(group as Record<string, AnyEndpoint>))
    .filter(([, endpoint]) => endpoint.method === 'GET')
    .filter(([name, endpoint]) => !only || only.test(`${name} ${endpoint.path}`));
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
