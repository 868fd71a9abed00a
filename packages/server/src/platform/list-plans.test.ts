import { describe, expect, it } from 'vitest';
import { desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { LIST_EXACT_TOTAL_MAX } from '@agora/contract';
import { withTestApp, type TestApp } from '../test/harness.js';
import { orders } from '../modules/orders/tables.js';
import { orderWhere } from '../modules/orders/service.js';
import { cappedCount, listPage, LIST_SHALLOW_OFFSET, type PageRead } from './list.js';

/**
 * What the shared list query asks of the database on a big table: on PostgreSQL a million orders
 * (the CI's PostgreSQL run), on the embedded database enough rows to page past the keyset
 * threshold. Every plan must read an index range and stop at the page, never scan the table.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROWS = onPostgres ? 1_000_000 : 120_000;
const PAGE_SIZE = 20;
/** page 5 000 on PostgreSQL (offset 99 980); past the threshold on PGlite too */
const DEEP_PAGE = onPostgres ? 5_000 : 400;

let t: TestApp;
withTestApp((app) => {
  t = app;
});

async function explain(query: SQLWrapper): Promise<string> {
  const result = await t.ctx.db.execute(sql`explain ${query}`);
  return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
}

/** The orders list as its area will write it: a status filter, newest first, recording each page read's plan. */
async function ordersPage(pageNo: number, cursor: string | undefined, status: string | undefined, plans: string[]) {
  return listPage(t.ctx.db, {
    query: { page_no: pageNo, page_size: PAGE_SIZE, sort: 'create_time', order: 'desc', cursor },
    table: orders,
    id: orders.id,
    where: [status ? eq(orders.status, status) : undefined],
    sorts: { create_time: orders.createdAt },
    rows: async ({ where, orderBy, limit, offset }: PageRead) => {
      const query = t.ctx.db.select().from(orders).where(where).orderBy(...orderBy).limit(limit).offset(offset);
      plans.push(await explain(query));
      return query;
    },
    map: (row) => ({ id: row.id, sn: row.sn, status: row.status, created: row.createdAt.getTime() }),
    idOf: (row) => row.id,
  });
}

describe(`the list query on ${ROWS.toLocaleString('en')} orders`, { timeout: 600_000 }, () => {
  it('fills the table', async () => {
    // Statuses cycle so one in nine is COMPLETE; times one minute apart, newest last.
    await t.ctx.db.execute(sql`
      insert into orders (sn, shop_id, shop_name, member_id, member_name, status, created_at)
      select 'P' || i, 1 + i % 50, '店铺', 1 + i % 3000, '会员',
             (array['NEW','CONFIRM','PAID_OFF','SHIPPED','ROG','COMPLETE','CANCELLED','AFTER_SERVICE','INTODB_ERROR'])[1 + i % 9],
             timestamptz '2025-01-01' + i * interval '1 minute'
      from generate_series(1, ${ROWS}) as i`);
    // As autovacuum leaves a table: statistics and the visibility map current.
    await t.ctx.db.execute(sql`vacuum analyze orders`);
  });

  it('reads a deep page by keyset from the page before: an index range, no table scan', async () => {
    const plans: string[] = [];
    const before = await ordersPage(DEEP_PAGE - 1, undefined, undefined, plans);
    expect(before.next_cursor).toBeDefined();
    const deep = await ordersPage(DEEP_PAGE, before.next_cursor, undefined, plans);
    const keysetPlan = plans.at(-1)!;
    expect(keysetPlan).not.toMatch(/Seq Scan on orders/);
    expect(keysetPlan).toMatch(/Index (Only )?Scan.* on orders/);
    expect(keysetPlan).toMatch(/Index Cond: \(created_at <= \(?(InitPlan|\$)/);
    // The same rows as the plain offset read, newest first.
    const offsetRows = await t.ctx.db
      .select({ id: orders.id })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(PAGE_SIZE)
      .offset((DEEP_PAGE - 1) * PAGE_SIZE);
    expect(deep.data.map((row) => row.id)).toEqual(offsetRows.map((row) => row.id));
    expect((DEEP_PAGE - 1) * PAGE_SIZE).toBeGreaterThan(LIST_SHALLOW_OFFSET);
  });

  it('walks to a deep page by its number over the list order\'s index alone: no re-sort of ties, no table', async () => {
    // the walk listPage runs for a page past the threshold reached without a cursor
    const walk = t.ctx.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(PAGE_SIZE).offset((DEEP_PAGE - 1) * PAGE_SIZE);
    const plan = await explain(walk);
    expect(plan).toMatch(/Index Only Scan Backward using orders_created_idx/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('finds an order sn keyword through the trigram indexes as the planner chooses, not by scanning the table', async () => {
    // The embedded database is all in memory: with random reads priced as such (db/client.ts) the
    // planner takes the indexes; priced as disk seeks it scanned 30 000 orders for one sn.
    const keyword = orderWhere({ keyword: `P${ROWS - 7}`, page_no: 1, page_size: PAGE_SIZE, sort: 'create_time', order: 'desc' });
    const plan = await explain(t.ctx.db.select().from(orders).where(keyword).orderBy(desc(orders.createdAt), desc(orders.id)).limit(PAGE_SIZE));
    expect(plan).toContain('orders_sn_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on orders/);
    if (!onPostgres) {
      const [setting] = (await t.ctx.db.execute(sql`show random_page_cost`)).rows as { random_page_cost: string }[];
      expect(setting.random_page_cost).toBe('1.1');
    }
  });

  it('estimates a big filtered total, counting no further than the threshold', async () => {
    const page = await ordersPage(1, undefined, 'COMPLETE', []);
    expect(page.data_total_estimated).toBe(true);
    // one in nine orders is COMPLETE; the planner's estimate is near it
    expect(page.data_total).toBeGreaterThan(ROWS / 9 / 2);
    expect(page.data_total).toBeLessThan((ROWS / 9) * 2);
    expect(page.data.every((row) => row.status === 'COMPLETE')).toBe(true);
    const countPlan = await explain(cappedCount(t.ctx.db, orders, eq(orders.status, 'COMPLETE')).getSQL());
    // The count reads an index of the status (the status index, or the orders area's partial index of the tag) and stops at the threshold's row.
    expect(countPlan).toMatch(/Limit[\s\S]*(Bitmap Index Scan on|Index (Only )?Scan using) orders_status_\w+_idx/);
    expect(countPlan).not.toMatch(/Seq Scan on orders/);
    expect(countPlan).toContain(String(LIST_EXACT_TOTAL_MAX + 1));
  });

  it('counts a small filtered total exactly', async () => {
    const page = await ordersPage(1, undefined, 'NOT_A_STATUS', []);
    expect(page).toMatchObject({ data: [], data_total: 0 });
    expect(page.data_total_estimated).toBeUndefined();
  });
});
