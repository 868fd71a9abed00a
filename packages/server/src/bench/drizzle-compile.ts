/**
 * `npx tsx packages/server/src/bench/drizzle-compile.ts` (issue 18): what drizzle takes to turn a
 * list's query into SQL text, with no database — the part of a list request the bare-handler bench
 * (bare-bench.ts) shows as the gap to a handler that sends recorded statements. Builds each query as
 * its area does and times building alone, then building and compiling (`toSQL`), in µs a query.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../db/schema.js';
import { MEMBER_LIST_COLUMNS } from '../modules/members/service.js';
import { members, memberLevels } from '../modules/members/tables.js';
import { systemLogs } from '../modules/system-logs/tables.js';

const db = drizzle.mock({ schema });
const RUNS = Number(process.env.BENCH_RUNS ?? 20_000);

function time(label: string, run: () => unknown): void {
  for (let i = 0; i < 2_000; i++) run();
  const started = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) run();
  console.log(`${label.padEnd(52)} ${(Number(process.hrtime.bigint() - started) / RUNS / 1000).toFixed(1)} µs`);
}

const queries: [string, () => { toSQL(): unknown }][] = [
  ['system logs page (11 columns)', () => db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(10).offset(0)],
  ['capped count (platform/list.ts)', () => db.select({ n: count() }).from(db.select({ one: sql`1` }).from(systemLogs).limit(5_001).as('capped'))],
  ['member page, whole member (32 columns) + level', () =>
    db.select({ member: members, levelName: memberLevels.levelName }).from(members).leftJoin(memberLevels, eq(memberLevels.id, members.levelId))
      .where(and(eq(members.disabled, 0))).orderBy(sql`${members.createdAt} desc nulls last`, desc(members.id)).limit(10).offset(0)],
  ['member page, listed columns (16) + level', () =>
    db.select({ member: MEMBER_LIST_COLUMNS, levelName: memberLevels.levelName }).from(members).leftJoin(memberLevels, eq(memberLevels.id, members.levelId))
      .where(and(eq(members.disabled, 0))).orderBy(sql`${members.createdAt} desc nulls last`, desc(members.id)).limit(10).offset(0)],
];
for (const [label, build] of queries) {
  time(`${label}: build`, build);
  time(`${label}: build + toSQL`, () => build().toSQL());
}
