// `npx tsx packages/server/src/bench/pglite-buffers.ts <data dir>/pglite`: interleaved, the same order and goods queries on one embedded database opened with different shared_buffers.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const dir = process.argv[2];
const sizes = ['128MB', '16MB', '32MB'];
const queries = [
  'select * from orders order by id desc limit 20',
  'select * from orders order by id desc limit 20 offset 9980',
  "select * from orders where ship_name ilike '%王%' order by id desc limit 20",
  "select id from goods where goods_name ilike '%手机%' order by id desc limit 20",
  "select count(*) from orders where status = 'COMPLETE'",
];
const times: Record<string, number[]> = Object.fromEntries(sizes.map((s) => [s, []]));
const rss: Record<string, number> = {};
for (let round = 0; round < 3; round++) {
  for (const sb of sizes) {
    const before = process.memoryUsage().rss;
    const c = new PGlite(dir, { extensions: { pg_trgm }, startParams: [...(PGlite as any).defaultStartParams, '-c', `shared_buffers=${sb}`] } as any);
    await c.waitReady;
    for (let i = 0; i < 3; i++) for (const q of queries) await c.query(q); // warm
    const t = performance.now();
    for (let i = 0; i < 10; i++) for (const q of queries) await c.query(q);
    times[sb].push(performance.now() - t);
    rss[sb] = Math.max(rss[sb] ?? 0, (process.memoryUsage().rss - before) / 1048576);
    await c.close();
  }
}
for (const sb of sizes) console.log(sb, 'ms per 50 queries', times[sb].map((n) => n.toFixed(0)).join(' '), 'ratio to 128MB', (times[sb].reduce((a, b) => a + b) / times['128MB'].reduce((a, b) => a + b)).toFixed(2), 'rss growth', rss[sb].toFixed(0), 'MB');
