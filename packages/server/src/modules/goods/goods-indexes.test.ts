import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { goodsListQuery } from '@agora/contract';
import { type TestApp, withTestApp } from '../../test/harness.js';
import { planWithoutSeqScan } from '../../test/plans.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { goodsListFilters } from './service.js';
import { brands, goods } from './tables.js';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

const plan = (query: SQL) => planWithoutSeqScan(t.ctx.db, query);

/** The goods the list's own filters pick, as the list service builds them. */
async function filtered(raw: Record<string, string>): Promise<SQL> {
  const where = (await goodsListFilters(t.ctx, goodsListQuery.parse(raw))).filter((entry): entry is SQL => entry !== undefined);
  return sql`select ${goods.id} from ${goods} where ${sql.join(where, sql` and `)}`;
}

describe('the goods list is served by indexes on goods', () => {
  it.each([
    ['keyword', { keyword: '蓝牙耳机' }, 'goods_name_trgm_idx'],
    ['seller', { seller_id: '7' }, 'goods_shop_idx'],
    ['brand', { brand_id: '3' }, 'goods_brand_idx'],
    ['type', { goods_type: 'POINT' }, 'goods_type_created_idx'],
    ['market_enable', { market_enable: '1' }, 'goods_market_created_idx'],
    ['is_auth', { is_auth: '0' }, 'goods_auth_created_idx'],
    ['price range', { start_price: '10', end_price: '20' }, 'goods_price_idx'],
  ])('filter %s reads %s', async (_name, raw, index) => {
    expect(await plan(await filtered(raw))).toContain(index);
  });

  it.each([
    ['two characters', '键盘'],
    ['one character', '键'],
  ])('a keyword of %s (no trigram) reads the short-piece indexes of the name and the sn', async (_name, keyword) => {
    const read = await plan(await filtered({ keyword }));
    expect(read).toContain('goods_name_grams_idx');
    expect(read).toContain('goods_sn_grams_idx');
    expect(read).not.toContain('trgm');
  });

  it('a short keyword finds what contains it, in any case, and what it does not stays out', async () => {
    const shop = await insertShop(t.ctx);
    const leaf = await insertCategory(t.ctx, '短词外设');
    const keyboard = await insertGoods(t.ctx, shop, leaf, { goodsName: '机械键盘 Ab 版' });
    const mouse = await insertGoods(t.ctx, shop, leaf, { goodsName: '无线鼠标' });
    const found = async (raw: Record<string, string>) =>
      (await t.ctx.db.execute<{ id: number }>(await filtered(raw))).rows.map((row) => Number(row.id));
    expect(await found({ keyword: '键盘' })).toContain(keyboard.id);
    expect(await found({ keyword: '键盘' })).not.toContain(mouse.id);
    expect(await found({ keyword: 'aB' })).toContain(keyboard.id);
    expect(await found({ goods_name: '鼠' })).toContain(mouse.id);
    expect(await found({ goods_name: '鼠' })).not.toContain(keyboard.id);
    // LIKE's wildcards are text here too.
    expect(await found({ keyword: '%' })).not.toContain(mouse.id);
  });

  it('a category filter reads the category path prefix of its whole subtree', async () => {
    const root = await insertCategory(t.ctx, '索引数码');
    const leaf = await insertCategory(t.ctx, '索引手机', root);
    await insertGoods(t.ctx, await insertShop(t.ctx), leaf);
    expect(await plan(await filtered({ category_id: String(root.id) }))).toContain('goods_category_path_idx');
  });

  it.each([
    ['create_time', goods.createdAt, 'goods_created_idx'],
    ['price', goods.priceCents, 'goods_price_idx'],
    ['buy_count', goods.buyCount, 'goods_buy_count_idx'],
    ['quantity', goods.quantity, 'goods_quantity_idx'],
  ] as const)('sort %s reads its index', async (_sort, column, index) => {
    expect(await plan(sql`select ${goods.id} from ${goods} order by ${column} desc, ${goods.id} desc limit 20`)).toContain(index);
  });
});

describe('the brand list is served by indexes on brands', () => {
  it('the name filter reads brands_name_trgm_idx', async () => {
    expect(await plan(sql`select ${brands.id} from ${brands} where ${brands.name} ilike '%华为%'`)).toContain('brands_name_trgm_idx');
  });
});
