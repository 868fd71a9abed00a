import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { LIST_EXACT_TOTAL_MAX, systemLogEndpoints, type Page, type SystemLogRow } from '@agora/contract';
import { withTestApp, type Session, type TestApp } from '../test/harness.js';
import { systemLogs } from '../modules/system-logs/tables.js';
import { checkEndpointCoverage, route } from './http.js';
import { LIST_SHALLOW_OFFSET, listPage, preparedShapes, type ListSpec } from './list.js';
import { MODULE_ROUTES } from '../app.js';
import { ALL_ENDPOINTS, defineEndpoints, endpoint } from '@agora/contract';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

async function page(query: Record<string, string | number>): Promise<Page<SystemLogRow>> {
  const response = await t.inject({ method: 'GET', url: '/api/admin/system-logs', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), session: founder });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** `n` log rows named 'list-test <i>', created one second apart in order. */
async function insertLogs(n: number, detail = 'list-test'): Promise<void> {
  await t.ctx.db.execute(sql`
    insert into ${systemLogs} (operator_id, operator_name, operate_detail, operate_ip, level, method, url, params, created_at)
    select 1, 'tester', ${detail} || ' ' || i, '127.0.0.1', case when i % 2 = 0 then 'important' else 'normal' end, 'GET', '/x', '', now() - interval '1 day' + i * interval '1 second'
    from generate_series(1, ${n}) as i`);
}

describe('the shared list query', () => {
  it('pages, filters and counts exactly below the threshold', async () => {
    await insertLogs(45, 'alpha');
    const first = await page({ keyword: 'alpha', page_size: 20 });
    expect(first.data_total).toBe(45);
    expect(first.data_total_estimated).toBeUndefined();
    expect(first.data.map((row) => row.operate_detail)).toEqual(Array.from({ length: 20 }, (_, i) => `alpha ${45 - i}`));
    const last = await page({ keyword: 'alpha', page_size: 20, page_no: 3 });
    expect(last.data.map((row) => row.operate_detail)).toEqual(['alpha 5', 'alpha 4', 'alpha 3', 'alpha 2', 'alpha 1']);
    expect(last.next_cursor).toBeUndefined();
    const important = await page({ keyword: 'alpha', level: 'important' });
    expect(important.data_total).toBe(22);
    expect(important.data.every((row) => row.level === 'important')).toBe(true);
  });

  it('reads the next and the previous page by keyset cursor, the same rows as by offset', async () => {
    const byOffset2 = await page({ keyword: 'alpha', page_size: 10, page_no: 2 });
    const first = await page({ keyword: 'alpha', page_size: 10 });
    const second = await page({ keyword: 'alpha', page_size: 10, page_no: 2, cursor: first.next_cursor! });
    expect(second.data).toEqual(byOffset2.data);
    const third = await page({ keyword: 'alpha', page_size: 10, page_no: 3, cursor: second.next_cursor! });
    const back = await page({ keyword: 'alpha', page_size: 10, page_no: 2, cursor: third.prev_cursor! });
    expect(back.data).toEqual(byOffset2.data);
    // A cursor for another page is ignored, and a forged one is refused with a message.
    expect((await page({ keyword: 'alpha', page_size: 10, page_no: 4, cursor: first.next_cursor! })).data[0].operate_detail).toBe('alpha 15');
    const forged = await t.inject({ method: 'GET', url: '/api/admin/system-logs?cursor=abc', session: founder });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('分页游标无效，请刷新列表');
  });

  it('reads a deep page by walking ids only, equal to the offset read', async () => {
    await insertLogs(LIST_SHALLOW_OFFSET + 60, 'deep');
    const pageNo = LIST_SHALLOW_OFFSET / 20 + 2;
    const deep = await page({ keyword: 'deep', page_size: 20, page_no: pageNo });
    const total = LIST_SHALLOW_OFFSET + 60;
    const firstNumber = total - (pageNo - 1) * 20;
    expect(deep.data.map((row) => row.operate_detail)).toEqual(Array.from({ length: 20 }, (_, i) => `deep ${firstNumber - i}`));
  });

  it('estimates totals past the exact threshold and says so', async () => {
    await insertLogs(LIST_EXACT_TOTAL_MAX + 500, 'bulk');
    const bulk = await page({ keyword: 'bulk' });
    expect(bulk.data_total_estimated).toBe(true);
    expect(bulk.data_total).toBeGreaterThan(LIST_EXACT_TOTAL_MAX);
    expect(bulk.data).toHaveLength(20);
  });

  it('estimates an unfiltered total past the threshold from the plan, then from the table statistics once analysed', async () => {
    if (Number((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(systemLogs))[0].n) <= LIST_EXACT_TOTAL_MAX) await insertLogs(LIST_EXACT_TOTAL_MAX + 500, 'unfiltered');
    for (let view = 0; view < 2; view++) {
      const all = await page({});
      expect(all.data_total_estimated).toBe(true);
      expect(all.data_total).toBeGreaterThan(LIST_EXACT_TOTAL_MAX);
    }
    await t.ctx.db.execute(sql`analyze ${systemLogs}`);
    const [{ n }] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(systemLogs);
    for (let view = 0; view < 2; view++) {
      const all = await page({});
      expect(all.data_total_estimated).toBe(true);
      // the statistics of the table just analysed: its row count
      expect(all.data_total).toBe(n);
    }
  });

  it('refuses an id past the spec maximum with 400, never a 500', async () => {
    // Through the shared id parsing (idParam): a role id far past any column's range.
    for (const id of ['99999999999999999999', '9223372036854775807', '0', '1.5', 'abc']) {
      const response = await t.inject({ method: 'GET', url: `/api/admin/systems/roles/${id}`, session: founder });
      expect(response.statusCode, id).toBe(400);
    }
  });
});

describe('the endpoint table', () => {
  it('has exactly one route per endpoint', () => {
    expect(() => checkEndpointCoverage(MODULE_ROUTES.flat(), ALL_ENDPOINTS)).not.toThrow();
    expect(() => checkEndpointCoverage([], ALL_ENDPOINTS)).toThrow(/without a handler/);
    const twice = [...MODULE_ROUTES.flat(), route(systemLogEndpoints.list, { handler: () => ({ data: [], page_no: 1, page_size: 20, data_total: 0 }) })];
    expect(() => checkEndpointCoverage(twice, ALL_ENDPOINTS)).toThrow(/two handlers/);
    const stray = defineEndpoints('stray', { ping: endpoint({ method: 'GET', path: 'admin/stray', permission: 'signed-in' }) });
    expect(() => checkEndpointCoverage([...MODULE_ROUTES.flat(), route(stray.ping, { handler: () => undefined })], ALL_ENDPOINTS)).toThrow(/not in the contract/);
  });
});

describe('list statements compiled once per shape', () => {
  const logPage = (keyword: string, level?: string) => page({ keyword, page_size: 5, ...(level ? { level } : {}) });

  it('binds each page its own values: pages of one shape share one statement, another filter makes another', async () => {
    await insertLogs(7, 'gamma');
    await insertLogs(3, 'delta');
    const shapes = () => preparedShapes(t.ctx.db).filter((name) => name === 'system-logs').length;
    const before = shapes();
    const gamma = await logPage('gamma');
    const delta = await logPage('delta');
    expect(gamma.data.map((row) => row.operate_detail)).toEqual(['gamma 7', 'gamma 6', 'gamma 5', 'gamma 4', 'gamma 3']);
    expect(gamma.data_total).toBe(7);
    expect(delta.data.map((row) => row.operate_detail)).toEqual(['delta 3', 'delta 2', 'delta 1']);
    expect(delta.data_total).toBe(3);
    const afterKeyword = shapes();
    expect(afterKeyword - before).toBeLessThanOrEqual(1);
    const importantGamma = await logPage('gamma', 'important');
    expect(importantGamma.data.map((row) => row.operate_detail)).toEqual(['gamma 6', 'gamma 4', 'gamma 2']);
    const withLevel = shapes();
    expect((await logPage('delta', 'important')).data.map((row) => row.operate_detail)).toEqual(['delta 2']);
    // the second page of a shape: another offset, the same statement
    expect((await page({ keyword: 'gamma', page_size: 5, page_no: 2 })).data.map((row) => row.operate_detail)).toEqual(['gamma 2', 'gamma 1']);
    expect(shapes()).toBe(withLevel);
    // a filter not used before: a statement of its own
    const since = Math.floor(Date.now() / 1000) - 3 * 86_400;
    expect((await page({ keyword: 'gamma', level: 'normal', start_time: since, page_size: 5 })).data_total).toBe(4);
    expect(shapes()).toBe(withLevel + 1);
  });

  const spec = (statement: string, rows: ListSpec<{ id: number }, number>['rows']): ListSpec<{ id: number }, number> => ({
    query: { page_no: 1, page_size: 5 },
    table: systemLogs,
    id: systemLogs.id,
    where: [eq(systemLogs.level, 'normal')],
    statement,
    rows,
    map: (row) => row.id,
    idOf: (id) => id,
  });

  it('refuses a statement whose rows bind a value of their own', async () => {
    const shop = 7;
    const own = spec('own-value', ({ where, orderBy, limit, offset }) =>
      t.ctx.db.select({ id: systemLogs.id }).from(systemLogs).where(and(where, eq(systemLogs.operatorId, shop))).orderBy(...orderBy).limit(limit).offset(offset),
    );
    await expect(listPage(t.ctx.db, own)).rejects.toThrow('binds a value of its own');
  });

  it('under the tests, throws when a page of a known shape builds another statement', async () => {
    let narrow = false;
    const varying = spec('varying', ({ where, orderBy, limit, offset }) =>
      t.ctx.db.select({ id: systemLogs.id }).from(systemLogs).where(narrow ? and(where, sql`${systemLogs.id} > 0`) : where).orderBy(...orderBy).limit(limit).offset(offset),
    );
    await listPage(t.ctx.db, varying);
    narrow = true;
    await expect(listPage(t.ctx.db, varying)).rejects.toThrow('a page of the same shape built another statement');
  });
});
