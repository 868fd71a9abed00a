// `npx tsx packages/server/src/bench/short-keywords.ts [goods]`: one- and two-character keywords on
// an embedded database of N goods names (100 000 by default), read as the lists did before (ILIKE
// alone: pg_trgm finds no trigram in `键盘`, reads its whole index or scans) and as `containsText`
// does (the short-piece index), interleaved: the page's 20 newest rows and the filtered count, for
// a rare keyword (1 in 500 names) and a common one (1 in 9).
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const total = Number(process.argv[2] ?? 100_000);
const db = new PGlite({ extensions: { pg_trgm } });
await db.exec('create extension pg_trgm; set random_page_cost = 1.1;');
await db.exec(readFileSync(new URL('../db/migrations/0046_short_grams.sql', import.meta.url), 'utf8'));
await db.exec('create table goods (id serial primary key, goods_name text not null)');
const chars = '的一是不了人我在有他这为之大来以个中上们到说国和地也子时道出而要于就下得可你年生自会那后能对着事其里所去行过家十用发天如然作方成者多日都三小军二无同么经法当起与好看学进种将还分此心前面又定见只主没公从知';
let seed = 7;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
for (let start = 0; start < total; start += 5000) {
  const names = Array.from({ length: Math.min(5000, total - start) }, (_, k) => {
    const i = start + k;
    return Array.from({ length: 8 + rand(10) }, () => chars[rand(chars.length)]).join('') + (i % 500 === 0 ? '键盘' : '') + (i % 9 === 0 ? '耳机' : '');
  });
  await db.query('insert into goods (goods_name) select unnest($1::text[])', [names]);
}
let started = performance.now();
await db.exec('create index goods_name_trgm_idx on goods using gin (goods_name gin_trgm_ops)');
console.log(`trigram index: ${(performance.now() - started).toFixed(0)} ms`);
started = performance.now();
await db.exec('create index goods_name_grams_idx on goods using gin (agora_short_grams(goods_name))');
console.log(`short-piece index: ${(performance.now() - started).toFixed(0)} ms`);
await db.exec('analyze goods');

const shapes = {
  before: (kw: string) => `goods_name ilike '%${kw}%'`,
  containsText: (kw: string) => `agora_short_grams(goods_name) @> array[lower('${kw}')]::text[]`,
};
const cases = [['rare 键盘', '键盘'], ['common 耳机', '耳机'], ['one character 键', '键']] as const;
const times: Record<string, number[]> = {};
for (let round = 0; round < 6; round++) {
  for (const [label, kw] of cases) {
    for (const [shape, where] of Object.entries(shapes)) {
      const begin = performance.now();
      await db.query(`select id, goods_name from goods where ${where(kw)} order by id desc limit 20`);
      await db.query(`select count(*) from goods where ${where(kw)}`);
      if (round > 0) (times[`${label} ${shape}`] ??= []).push(performance.now() - begin); // round 0 warms the cache
    }
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
for (const [label] of cases) {
  const before = median(times[`${label} before`]);
  const after = median(times[`${label} containsText`]);
  console.log(`${label}: page + count, median of 5: before ${before.toFixed(1)} ms, containsText ${after.toFixed(1)} ms (${(after / before).toFixed(2)}×)`);
}
await db.close();
