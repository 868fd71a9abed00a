/**
 * `npm run bench` (first part): the order list at scale, on the real server process. Seeds a
 * fresh database with the demo marketplace, BENCH_GOODS goods (default the full demo's 8 000)
 * and BENCH_ORDERS orders (default 200 000; the figures are 100 000 goods and 1 000 000
 * orders), on the embedded database or on PostgreSQL when DATABASE_URL is set (an empty
 * database: `scripts/with-postgres.sh npm run bench`), then times each variant an operator uses —
 * page 1, deep pages, a keyword (an order sn, a consignee, a goods name), each status tag,
 * one shop — as BENCH_REQUESTS sequential requests after a warm-up, and prints p50 / p95 / p99
 * against the p95 targets (50 ms on PostgreSQL, 150 ms embedded).
 *
 * Latencies depend on the machine and its load (printed); compare runs of the same machine.
 * Exits 1 when a variant answers an error, never on a slow figure.
 */
import os from 'node:os';
import { ORDER_TAG_KEYS, type OrderRow, type Page } from '@agora/contract';
import { DEMO_SIZES } from '../seed/marketplace/generate.js';
import { benchDataDir, percentile, seedBenchDatabase } from './seeded.js';
import { processCall, processLogin, startServerProcess } from '../test/server-process.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const GOODS = Number(process.env.BENCH_GOODS ?? DEMO_SIZES.full.goods);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = 20;
const databaseUrl = process.env.DATABASE_URL || undefined;
const TARGET_P95_MS = databaseUrl ? 50 : 150;

const started = Date.now();
const { dataDir, remove: removeDataDir } = benchDataDir('agora-list-bench-');
const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${dataDir}`;
console.log(`list bench: ${ORDERS} orders, ${GOODS} goods on ${where}; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);

// The demo marketplace at full size with the orders asked for, written as `npm run seed` does.
{
  const seedAt = Date.now();
  await seedBenchDatabase(dataDir, databaseUrl, { goods: GOODS, orders: ORDERS });
  console.log(`seeded in ${((Date.now() - seedAt) / 1000).toFixed(0)} s`);
}

const server = await startServerProcess(dataDir, { LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
let failed = false;
try {
  const token = await processLogin(server);
  const list = (query: Record<string, string | number>) =>
    processCall<Page<OrderRow>>(server, token, 'GET', `admin/trade/orders?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`);

  // Real values to search for, from the newest orders.
  const newest = (await list({ page_no: 1, page_size: 20 })).data;
  const sample = newest[7] ?? newest[0];
  const goodsName = (await processCall<{ items: { name: string }[] }>(server, token, 'GET', `admin/trade/orders/${sample.sn}`)).items[0]?.name ?? '';

  const variants: [string, Record<string, string | number>][] = [
    ['page 1', { page_no: 1, page_size: 20 }],
    ['page 500 (offset 9 980)', { page_no: 500, page_size: 20 }],
    ...(ORDERS >= 200_000 ? [['page 5000 (offset 99 980)', { page_no: 5000, page_size: 20 }] as [string, Record<string, number>]] : []),
    ['oldest first, page 1', { page_no: 1, page_size: 20, sort: 'create_time', order: 'asc' }],
    ['keyword: an order sn', { page_no: 1, page_size: 20, keyword: sample.sn }],
    [`keyword: a consignee (${sample.ship_name})`, { page_no: 1, page_size: 20, keyword: sample.ship_name }],
    [`keyword: a goods name (${goodsName.slice(0, 4)})`, { page_no: 1, page_size: 20, keyword: goodsName.slice(0, 4) }],
    // a brand (a goods name's first word) matches thousands of orders: the walk of the date index, not the gather
    [`keyword: a brand (${goodsName.split(' ')[0]})`, { page_no: 1, page_size: 20, keyword: goodsName.split(' ')[0] }],
    ...ORDER_TAG_KEYS.map((tag): [string, Record<string, string>] => [`tag ${tag}`, { page_no: '1', page_size: '20', order_status: tag }]),
    ['one shop', { page_no: 1, page_size: 20, seller_id: sample.shop_id }],
  ];

  const rows: string[] = [];
  for (const [name, query] of variants) {
    let total = 0;
    try {
      for (let i = 0; i < WARM_UP; i++) total = (await list(query)).data_total;
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const at = performance.now();
        await list(query);
        times.push(performance.now() - at);
      }
      const p95 = percentile(times, 95);
      rows.push(`| ${name} | ${total} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${p95 <= TARGET_P95_MS ? 'yes' : 'no'} |`);
    } catch (error) {
      failed = true;
      rows.push(`| ${name} | — | failed: ${(error as Error).message.slice(0, 120)} | | | |`);
    }
  }
  console.log(`
${ORDERS} orders, ${where.startsWith('PostgreSQL') ? 'PostgreSQL' : 'PGlite'}; ${REQUESTS} sequential requests each after ${WARM_UP} to warm up; times in ms, end to end (HTTP, sign-in check, query, JSON)

| order list | rows found | p50 | p95 | p99 | p95 ≤ ${TARGET_P95_MS} ms |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

server RSS ${(server.rss() / 1024 / 1024).toFixed(0)} MB; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
} finally {
  await server.stop('SIGTERM');
  removeDataDir();
}
process.exit(failed ? 1 : 0);
