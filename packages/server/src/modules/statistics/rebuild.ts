/**
 * Recomputes every order, payment, refund and sign-up figure of the daily rollups from the source
 * rows (orders, order items, refunds, members, shops, goods, favourites), then the month and year
 * rows and the dashboard's window totals.
 * The writes keep the rollups current one change at a time (dashboard/rollup.ts); this is the
 * repair after a bulk load (the demo seed) or a suspected drift (`npm run stats:rebuild`).
 * Page views have no other source than their own rollup and are kept as they are.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { PLATFORM_TIME_ZONE, rebuildWindows, type Tx } from '../dashboard/rollup.js';
import { dailyGoodsStats, dailyPlatformStats, dailyShopStats, goodsWindowStats, shopWindowStats } from '../dashboard/tables.js';
import {
  dailyCategoryStats,
  dailyHourStats,
  dailyRegionStats,
  dailyMemberStats,
  dailyOrderValueStats,
  memberFavorites,
  periodCategoryStats,
  periodGoodsStats,
  periodMemberStats,
  periodOrderValueStats,
  periodRegionMembers,
  periodRegionStats,
} from './tables.js';
import { platformDay } from '../../platform/time.js';

const day = (column: string) => sql.raw(`(${column} at time zone '${PLATFORM_TIME_ZONE}')::date`);

/** The figures of each rollup that come from source rows (page views are not among them). */
const FIGURES = {
  platform: ['order_count', 'order_cents', 'paid_count', 'paid_cents', 'refund_count', 'refund_cents', 'new_members', 'new_shops', 'new_goods'],
  shop: ['order_count', 'order_cents', 'paid_count', 'paid_cents', 'refund_count', 'refund_cents'],
  goods: ['sold_num', 'paid_cents', 'favorites'],
} as const;

const zero = (columns: readonly string[]) => sql.raw(columns.map((column) => `${column} = 0`).join(', '));
const takeNew = (columns: readonly string[]) => sql.raw(columns.map((column) => `${column} = excluded.${column}`).join(', '));
const allZero = (columns: readonly string[]) => sql.raw(columns.map((column) => `${column} = 0`).join(' and '));

export async function rebuildRollups(tx: Tx, today = platformDay(new Date())): Promise<void> {
  await tx.execute(sql`update ${dailyPlatformStats} set ${zero(FIGURES.platform)}`);
  await tx.execute(sql`update ${dailyShopStats} set ${zero(FIGURES.shop)}`);
  await tx.execute(sql`update ${dailyGoodsStats} set ${zero(FIGURES.goods)}`);
  await tx.execute(sql`
    insert into ${dailyPlatformStats} (day, order_count, order_cents, paid_count, paid_cents, refund_count, refund_cents, new_members, new_shops, new_goods)
    select day, sum(oc), sum(ocents), sum(pc), sum(pcents), sum(rc), sum(rcents), sum(nm), sum(ns), sum(ng) from (
      select ${day('created_at')} as day, count(*) as oc, sum(need_pay_cents) as ocents, 0 as pc, 0 as pcents, 0 as rc, 0 as rcents, 0 as nm, 0 as ns, 0 as ng from orders group by 1
      union all select ${day('paid_at')}, 0, 0, count(*), sum(paid_cents), 0, 0, 0, 0, 0 from orders where paid_at is not null group by 1
      union all select ${day('refunded_at')}, 0, 0, 0, 0, count(*), sum(actual_cents), 0, 0, 0 from refunds where refund_status = 'COMPLETED' group by 1
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, count(*), 0, 0 from members group by 1
      union all select ${day('opened_at')}, 0, 0, 0, 0, 0, 0, 0, count(*), 0 from shops where opened_at is not null group by 1
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 0, 0, count(*) from goods group by 1
    ) figures group by day
    on conflict (day) do update set ${takeNew(FIGURES.platform)}`);
  await tx.execute(sql`
    insert into ${dailyShopStats} (day, shop_id, order_count, order_cents, paid_count, paid_cents, refund_count, refund_cents)
    select day, shop_id, sum(oc), sum(ocents), sum(pc), sum(pcents), sum(rc), sum(rcents) from (
      select ${day('created_at')} as day, shop_id, count(*) as oc, sum(need_pay_cents) as ocents, 0 as pc, 0 as pcents, 0 as rc, 0 as rcents from orders group by 1, 2
      union all select ${day('paid_at')}, shop_id, 0, 0, count(*), sum(paid_cents), 0, 0 from orders where paid_at is not null group by 1, 2
      union all select ${day('refunded_at')}, shop_id, 0, 0, 0, 0, count(*), sum(actual_cents) from refunds where refund_status = 'COMPLETED' group by 1, 2
    ) figures group by day, shop_id
    on conflict (day, shop_id) do update set ${takeNew(FIGURES.shop)}`);
  await tx.execute(sql`
    insert into ${dailyGoodsStats} (day, goods_id, shop_id, sold_num, paid_cents, favorites)
    select day, goods_id, shop_id, sum(sold), sum(cents), sum(favs) from (
      select ${day('o.paid_at')} as day, i.goods_id, o.shop_id, sum(i.num) as sold, sum(i.subtotal_cents) as cents, 0 as favs
      from order_items i join orders o on o.id = i.order_id where o.paid_at is not null group by 1, 2, 3
      union all select ${day('created_at')}, goods_id, shop_id, 0, 0, count(*) from ${memberFavorites} group by 1, 2, 3
    ) figures group by 1, 2, 3
    on conflict (day, goods_id) do update set ${takeNew(FIGURES.goods)}`);
  // Nothing but orders feeds the member rows: they are written afresh.
  await tx.delete(dailyMemberStats);
  await tx.execute(sql`
    insert into ${dailyMemberStats} (day, member_id, shop_id, order_count, order_cents, goods_num)
    select ${day('created_at')}, member_id, shop_id, count(*), sum(need_pay_cents), sum(goods_num) from orders group by 1, 2, 3`);
  // Orders by value and by hour of the day: orders feed them alone, written afresh too.
  await tx.delete(dailyOrderValueStats);
  await tx.execute(sql`
    insert into ${dailyOrderValueStats} (day, shop_id, value_yuan, order_count, order_cents, paid_count, paid_cents)
    select day, shop_id, value_yuan, sum(oc), sum(ocents), sum(pc), sum(pcents) from (
      select ${day('created_at')} as day, shop_id, floor(need_pay_cents / 100.0)::int as value_yuan, count(*) as oc, sum(need_pay_cents) as ocents, 0 as pc, 0 as pcents from orders group by 1, 2, 3
      union all select ${day('paid_at')}, shop_id, floor(paid_cents / 100.0)::int, 0, 0, count(*), sum(paid_cents) from orders where paid_at is not null group by 1, 2, 3
    ) figures group by 1, 2, 3`);
  await tx.delete(dailyHourStats);
  await tx.execute(sql`
    insert into ${dailyHourStats} (day, shop_id, hour, order_count, order_cents)
    select ${day('created_at')}, shop_id, extract(hour from (created_at at time zone ${sql.raw(`'${PLATFORM_TIME_ZONE}'`)}))::smallint, count(*), sum(need_pay_cents) from orders group by 1, 2, 3`);
  // Paid order lines per category and every category above it (the goods' category path).
  await tx.delete(dailyCategoryStats);
  await tx.execute(sql`
    insert into ${dailyCategoryStats} (day, category_id, shop_id, order_count, sold_num, paid_cents)
    select ${day('o.paid_at')}, c.id::int, o.shop_id, count(distinct o.id), sum(i.num), sum(i.subtotal_cents)
    from order_items i join orders o on o.id = i.order_id join goods g on g.id = i.goods_id
    cross join lateral unnest(string_to_array(g.category_path, '|')) as c(id)
    where o.paid_at is not null and c.id not in ('', '0') group by 1, 2, 3`);
  // Placed orders per ship-to province (the first word of ship_region, a province-level region's name) and buyer.
  await tx.delete(dailyRegionStats);
  await tx.execute(sql`
    insert into ${dailyRegionStats} (day, province_id, shop_id, member_id, order_count, order_cents)
    select ${day('o.created_at')}, coalesce(p.id, 0), o.shop_id, o.member_id, count(*), sum(o.need_pay_cents)
    from orders o left join regions p on p.parent_id = 0 and p.name = split_part(trim(o.ship_region), ' ', 1)
    group by 1, 2, 3, 4`);
  // A day left with nothing at all has no row (as if no write had touched it).
  await tx.execute(sql`delete from ${dailyPlatformStats} where ${allZero(FIGURES.platform)} and pv = 0 and uv = 0`);
  await tx.execute(sql`delete from ${dailyShopStats} where ${allZero(FIGURES.shop)} and pv = 0`);
  await tx.execute(sql`delete from ${dailyGoodsStats} where ${allZero(FIGURES.goods)} and pv = 0`);
  await rebuildPeriodRollups(tx);
  await rebuildWindows(tx, today);
}

/** A daily row `d`'s year and month (`p.period`), and its shop and all shops (`s.shop_id`, 0). */
const PERIODS_OF_DAY = sql.raw(`cross join lateral (values (to_char(d.day, 'YYYY')), (to_char(d.day, 'YYYY-MM'))) p(period)`);
const SHOP_AND_ALL = sql.raw('cross join lateral (values (d.shop_id), (0)) s(shop_id)');

/**
 * The month and year rows (period_goods_stats, period_member_stats, period_order_value_stats,
 * period_category_stats, period_region_members and period_region_stats) afresh from the daily rows they sum; page views
 * included, so run it again after daily page views are written in bulk.
 */
export async function rebuildPeriodRollups(tx: Tx): Promise<void> {
  await tx.delete(periodGoodsStats);
  await tx.execute(sql`
    insert into ${periodGoodsStats} (period, goods_id, shop_id, sold_num, paid_cents, pv, favorites)
    select p.period, d.goods_id, min(d.shop_id), sum(d.sold_num), sum(d.paid_cents), sum(d.pv), sum(d.favorites)
    from ${dailyGoodsStats} d ${PERIODS_OF_DAY}
    group by 1, 2`);
  await tx.delete(periodMemberStats);
  await tx.execute(sql`
    insert into ${periodMemberStats} (period, shop_id, member_id, order_count, order_cents, goods_num)
    select p.period, s.shop_id, d.member_id, sum(d.order_count), sum(d.order_cents), sum(d.goods_num)
    from ${dailyMemberStats} d ${PERIODS_OF_DAY} ${SHOP_AND_ALL}
    group by 1, 2, 3`);
  await tx.delete(periodOrderValueStats);
  await tx.execute(sql`
    insert into ${periodOrderValueStats} (period, shop_id, value_yuan, order_count, order_cents, paid_count, paid_cents)
    select p.period, s.shop_id, d.value_yuan, sum(d.order_count), sum(d.order_cents), sum(d.paid_count), sum(d.paid_cents)
    from ${dailyOrderValueStats} d ${PERIODS_OF_DAY} ${SHOP_AND_ALL}
    group by 1, 2, 3`);
  await tx.delete(periodCategoryStats);
  await tx.execute(sql`
    insert into ${periodCategoryStats} (period, shop_id, category_id, order_count, sold_num, paid_cents)
    select p.period, s.shop_id, d.category_id, sum(d.order_count), sum(d.sold_num), sum(d.paid_cents)
    from ${dailyCategoryStats} d ${PERIODS_OF_DAY} ${SHOP_AND_ALL}
    group by 1, 2, 3`);
  await tx.delete(periodRegionMembers);
  await tx.execute(sql`
    insert into ${periodRegionMembers} (period, shop_id, province_id, member_id)
    select distinct p.period, s.shop_id, d.province_id, d.member_id from ${dailyRegionStats} d ${PERIODS_OF_DAY} ${SHOP_AND_ALL}`);
  await tx.delete(periodRegionStats);
  await tx.execute(sql`
    insert into ${periodRegionStats} (period, shop_id, province_id, order_count, order_cents, member_count)
    select p.period, s.shop_id, d.province_id, sum(d.order_count), sum(d.order_cents), count(distinct d.member_id)
    from ${dailyRegionStats} d ${PERIODS_OF_DAY} ${SHOP_AND_ALL}
    group by 1, 2, 3`);
}

/** Every rollup table: what the rebuild rewrites (and clearing the business data empties). */
export const ROLLUP_TABLES = [
  dailyPlatformStats,
  dailyShopStats,
  dailyGoodsStats,
  dailyMemberStats,
  dailyOrderValueStats,
  dailyHourStats,
  dailyCategoryStats,
  dailyRegionStats,
  periodGoodsStats,
  periodMemberStats,
  periodOrderValueStats,
  periodCategoryStats,
  periodRegionMembers,
  periodRegionStats,
  goodsWindowStats,
  shopWindowStats,
];

/**
 * The rebuild in one transaction (readers see the old figures or the new ones, never half), then
 * `vacuum analyze` of the tables it rewrote: a rewrite leaves them without a visibility map (the
 * rankings' index-only scans visit the heap) and with statistics of the old rows until autovacuum
 * comes round, and the embedded database has none.
 */
export async function rebuildAllRollups(db: Db, today?: string): Promise<void> {
  await db.transaction((tx) => rebuildRollups(tx, today));
  await db.execute(sql.raw(`vacuum analyze ${ROLLUP_TABLES.map((table) => getTableName(table)).join(', ')}`));
}
