/**
 * `npx tsx packages/server/src/bench/settle-bench.ts` (issue 18, "settle now"): what a shop's
 * immediate bill holds up. A fresh database gets one shop with BENCH_SETTLE_ORDERS paid orders
 * (default 75 000, the shop the review found), none billed; the real server process then settles it
 * now (`POST admin/order/bills/now/{id}`) while two probes run without pause until it answers:
 *
 * - a writer changing one of that shop's orders at random (what a refund or a receipt does), straight
 *   on PostgreSQL — on the embedded database one process owns the files, so there is none;
 * - a reader opening one of those orders through the server (`GET admin/trade/orders/{sn}`).
 *
 * It prints the settle-now time and each probe's p50 / p99 / max: the longest a write to an order
 * waited for the bill is the max of the writer. On PostgreSQL: an empty database in DATABASE_URL
 * (`scripts/with-postgres.sh npx tsx packages/server/src/bench/settle-bench.ts`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { buildApp } from '../app.js';
import { insertShop } from '../test/marketplace-fixtures.js';
import { benchConfig, percentile } from './seeded.js';
import { processCall, processLogin, startServerProcess } from '../test/server-process.js';

const ORDERS = Number(process.env.BENCH_SETTLE_ORDERS ?? 75_000);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-settle-bench-'));
console.log(`settle-now bench: one shop with ${ORDERS} unbilled paid orders on ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);

const summary = (values: number[]) =>
  values.length ? `${values.length} calls, p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms` : 'no calls';

let shopId = 0;
let sns: string[] = [];
let ids: number[] = [];
{
  const config = benchConfig(dataDir, databaseUrl);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { app, ctx } = await buildApp(config, database);
  const shop = await insertShop(ctx, { openedAt: new Date(Date.now() - 40 * 86_400_000) });
  shopId = shop.id;
  const written = await ctx.db.execute(sql`
    insert into orders (sn, shop_id, shop_name, member_id, member_name, status, pay_status, payment_type, paid_at, paid_cents, commission_cents, ship_name, goods_names, created_at)
    select 'SB' || lpad(n::text, 10, '0'), ${shop.id}, ${shop.shopName}, ${shop.memberId}, 'buyer', 'PAID_OFF', 'PAY_YES', 'ONLINE',
      now() - interval '1 day' - n * interval '20 seconds', 1000 + n % 5000, 50 + n % 250, '收货人' || (n % 97), '商品' || (n % 89), now() - interval '2 days'
    from generate_series(1, ${ORDERS}) n
    returning id, sn`);
  ids = written.rows.map((row) => Number(row.id));
  sns = written.rows.map((row) => String(row.sn));
  await ctx.db.execute(sql`analyze orders`);
  await app.close();
  await database.close();
}

const server = await startServerProcess(dataDir, { LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const writer = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
await writer?.connect();
try {
  const token = await processLogin(server);
  const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)];
  // warm both probes
  for (let i = 0; i < 20; i++) {
    await processCall(server, token, 'GET', `admin/trade/orders/${pick(sns)}`);
    await writer?.query('update orders set remark = $1 where id = $2', ['warm', pick(ids)]);
  }
  let settling = true;
  const reads: number[] = [];
  const writes: number[] = [];
  const probe = async (samples: number[], call: () => Promise<unknown>) => {
    while (settling) {
      const at = performance.now();
      await call();
      samples.push(performance.now() - at);
    }
  };
  const at = performance.now();
  const probes = [
    probe(reads, () => processCall(server, token, 'GET', `admin/trade/orders/${pick(sns)}`)),
    ...(writer ? [probe(writes, () => writer.query('update orders set remark = $1 where id = $2', ['written while settling', pick(ids)]))] : []),
  ];
  const settled = await processCall<{ bill_ids: number[] }>(server, token, 'POST', `admin/order/bills/now/${shopId}`);
  const took = performance.now() - at;
  settling = false;
  await Promise.all(probes);
  const bill = await processCall<{ order_count: number }>(server, token, 'GET', `admin/order/bills/${settled.bill_ids[0]}`);
  console.log(`settle now: ${took.toFixed(0)} ms, bill of ${bill.order_count} orders`);
  console.log(`  opening one of its orders meanwhile: ${summary(reads)}`);
  if (writer) console.log(`  changing one of its orders meanwhile: ${summary(writes)}`);
  if (bill.order_count !== ORDERS) {
    console.error(`the bill took ${bill.order_count} orders of ${ORDERS}`);
    process.exitCode = 1;
  }
} finally {
  await writer?.end();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
