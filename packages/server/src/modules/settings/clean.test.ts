import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, getTableName } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { CLEAN_GROUPS } from '@agora/contract';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';
import { DEMO_VERIFY_PASSWORD } from '../../seed/demo-team.js';
import { seedDemoData } from '../../seed/start.js';
import * as schema from '../../db/schema.js';
import { CLEAN_TABLES } from './clean.js';

const VERIFY_PASSWORD = DEMO_VERIFY_PASSWORD;
const TINY = { shops: 4, members: 12, goods: 12, orders: 12 };

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
  await seedDemoData(t.ctx, TINY);
  // the demo switched password verification on, with its own password (seed/demo.ts)
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

const rowsOf = async (table: PgTable) => (await t.ctx.db.select({ rows: count() }).from(table))[0].rows;
const cleaned = new Set(Object.values(CLEAN_TABLES).flat());
const KEPT = [schema.adminUsers, schema.roles, schema.settings, schema.categories, schema.brands, schema.memberLevels, schema.regions, schema.logiCompanies, schema.pluginConfigs, schema.currencies, schema.pages];
const clean = (payload: object, session = founder) => t.inject({ method: 'PUT', url: '/api/admin/system/clean-all', session, payload });

describe('clear data', () => {
  it('every group of the confirmation names tables, and every table is one the schema has', () => {
    expect(Object.keys(CLEAN_TABLES).sort()).toEqual(Object.keys(CLEAN_GROUPS).sort());
    for (const table of KEPT) expect(cleaned.has(table), getTableName(table)).toBe(false);
    // A table that points at cleared rows must be cleared with them (a new area's table, forgotten here, would fail the truncation).
    const clearedNames = new Set([...cleaned].map((table) => getTableName(table)));
    const dangling = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable && !cleaned.has(value))
      .flatMap((table) => getTableConfig(table).foreignKeys.map((key) => [getTableName(table), getTableName(key.reference().foreignTable)]))
      .filter(([, target]) => clearedNames.has(target));
    expect(dangling).toEqual([]);
    // Every rollup is business data: a figure left behind would count orders that are gone.
    const rollups = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable && /_stats$|^period_/.test(getTableName(value)));
    expect(rollups.length).toBeGreaterThan(10);
    expect(rollups.filter((table) => !CLEAN_TABLES.statistics.includes(table)).map((table) => getTableName(table))).toEqual([]);
  });

  it('needs the typed confirmation and a passed second step; refused, it changes nothing', async () => {
    const orders = await rowsOf(schema.orders);
    expect(orders).toBeGreaterThan(0);
    const unverified = await clean({ confirm: '确认清除' });
    expect(unverified.statusCode).toBe(428);
    const { session } = await t.adminWithPermissions(founder, ['systemSettings']);
    expect((await clean({ confirm: '确认清除' }, session)).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session: founder, payload: { password: md5(VERIFY_PASSWORD) } })).statusCode).toBe(200);
    const unconfirmed = await clean({ confirm: 'yes' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toContain('请输入“确认清除”以确认清除数据');
    expect(await rowsOf(schema.orders)).toBe(orders);
  });

  it('empties the business data, keeps administrators, roles, settings and configuration, and logs it as important', async () => {
    const kept = new Map<PgTable, number>();
    for (const table of KEPT) kept.set(table, await rowsOf(table));
    expect(kept.get(schema.adminUsers)).toBeGreaterThan(1);
    expect(kept.get(schema.categories)).toBeGreaterThan(0);
    const members = await rowsOf(schema.members);
    const goods = await rowsOf(schema.goods);

    const proved = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session: founder, payload: { password: md5(VERIFY_PASSWORD) } });
    expect(proved.statusCode).toBe(200);
    const response = await clean({ confirm: '确认清除' });
    expect(response.statusCode, response.body).toBe(200);
    const cleared = Object.fromEntries((response.json().cleared as { group: string; rows: number }[]).map((entry) => [entry.group, entry.rows]));
    expect(cleared.members).toBeGreaterThanOrEqual(members);
    expect(cleared.goods).toBeGreaterThanOrEqual(goods);

    for (const table of cleaned) expect(await rowsOf(table), getTableName(table)).toBe(0);
    for (const [table, rows] of kept) expect(await rowsOf(table), getTableName(table)).toBe(rows);
    const [log] = await t.ctx.db.select().from(schema.systemLogs).orderBy(desc(schema.systemLogs.id)).limit(1);
    expect(log).toMatchObject({ operateDetail: '清除所有业务数据', level: 'important', operatorName: 'admin' });

    // The console still works on the empty marketplace, and new business starts from id 1.
    expect((await t.inject({ method: 'GET', url: '/api/admin/members', session: founder })).json().data_total).toBe(0);
    expect((await t.inject({ method: 'GET', url: '/api/admin/goods', session: founder })).json().data_total).toBe(0);
    expect((await t.loginFounder()).uid).toBe(founder.uid);
  });
});
