import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { goodsSkus } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

interface Row {
  goods_id: number;
  sku_id: number;
  goods_name: string;
  properties_name: string;
  shop_name: string;
}

const skus = (query: Record<string, string | number>, session = founder) =>
  t.inject({ method: 'GET', url: '/api/admin/goods/skus', session, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

async function addSku(goodsId: number, sn: string, propertiesName: string, priceCents: number) {
  const [sku] = await t.ctx.db.insert(goodsSkus).values({ goodsId, sn, propertiesName, priceCents, enableQuantity: 5, quantity: 5 }).returning();
  return sku;
}

describe('GET admin/goods/skus (goods picker)', () => {
  it('offers one row per SKU of goods on sale and approved, with the spec §3 picker fields', async () => {
    const shop = await insertShop(t.ctx, { shopName: '果园旗舰店' });
    const category = await insertCategory(t.ctx, '水果');
    const apple = await insertGoods(t.ctx, shop, category, { goodsName: '烟台苹果', priceCents: 3900, thumbnail: '/files/apple.png' });
    const small = await addSku(apple.id, `${apple.sn}-1`, '规格:5斤装', 3900);
    const large = await addSku(apple.id, `${apple.sn}-2`, '规格:10斤装', 6900);
    const points = await insertGoods(t.ctx, shop, category, { goodsName: '积分换苹果', goodsType: 'POINT', point: 500, priceCents: 100 });
    const pointsSku = await addSku(points.id, `${points.sn}-1`, '', 100);
    // not offered: waiting for audit, refused, off shelf, in the seller's recycle bin
    for (const overrides of [{ isAuth: 0 }, { isAuth: 2 }, { marketEnable: 0 }, { disabled: 0 }]) {
      const hidden = await insertGoods(t.ctx, shop, category, { goodsName: '苹果不可选', ...overrides });
      await addSku(hidden.id, `${hidden.sn}-1`, '', 100);
    }

    const response = await skus({ shop_id: shop.id });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page_no: 1, page_size: 10, data_total: 3 });
    // Newest SKUs first (a keyset over the SKU ids, whatever the depth).
    expect(page.data.map((row: Row) => row.sku_id)).toEqual([pointsSku.id, large.id, small.id]);
    expect(page.data[2]).toEqual({
      goods_id: apple.id,
      sku_id: small.id,
      goods_name: '烟台苹果',
      properties_name: '规格:5斤装',
      goods_image: '/files/apple.png',
      goods_price: 39,
      price: 39,
      point_disable: 0,
      exchange_point: 0,
      sn: small.sn,
      enable_quantity: 5,
      shop_id: shop.id,
      shop_name: '果园旗舰店',
    });
    expect(page.data[1]).toMatchObject({ price: 69, goods_price: 39 });
    expect(page.data[0]).toMatchObject({ goods_id: points.id, point_disable: 1, exchange_point: 500, price: 1 });
  });

  it('matches the keyword on goods name, goods number and shop name; filters by shop and category subtree; pages', async () => {
    const shop = await insertShop(t.ctx, { shopName: '星辰数码专营店' });
    const other = await insertShop(t.ctx, { shopName: '山河户外' });
    const digital = await insertCategory(t.ctx, '数码');
    const phones = await insertCategory(t.ctx, '手机', digital);
    const outdoor = await insertCategory(t.ctx, '户外');
    const phone = await insertGoods(t.ctx, shop, phones, { goodsName: '银河 X1 手机' });
    await addSku(phone.id, `${phone.sn}-1`, '颜色:黑', 100);
    await addSku(phone.id, `${phone.sn}-2`, '颜色:白', 100);
    const tent = await insertGoods(t.ctx, other, outdoor, { goodsName: '双人帐篷' });
    await addSku(tent.id, `${tent.sn}-1`, '', 100);

    const names = async (query: Record<string, string | number>) => ((await skus(query)).json().data as Row[]).map((row) => `${row.goods_name}|${row.properties_name}`);
    expect(await names({ keyword: '银河' })).toEqual(['银河 X1 手机|颜色:白', '银河 X1 手机|颜色:黑']);
    expect(await names({ keyword: tent.sn })).toEqual(['双人帐篷|']);
    expect(await names({ keyword: '星辰数码' })).toEqual(['银河 X1 手机|颜色:白', '银河 X1 手机|颜色:黑']);
    expect(await names({ keyword: '帐篷', shop_id: shop.id })).toEqual([]);
    expect(await names({ category_id: digital.id })).toEqual(['银河 X1 手机|颜色:白', '银河 X1 手机|颜色:黑']);
    expect(await names({ category_id: 999999 })).toEqual([]);
    // a LIKE wildcard typed as text matches itself only
    expect(await names({ keyword: '%' })).toEqual([]);

    const second = (await skus({ shop_id: shop.id, page_size: 1, page_no: 2 })).json();
    expect(second).toMatchObject({ data_total: 2, page_no: 2, page_size: 1 });
    expect(second.data[0].properties_name).toBe('颜色:黑');
  });

  it('refuses malformed filters', async () => {
    const malformed: Record<string, string | number>[] = [{ shop_id: 'abc' }, { shop_id: 0 }, { page_size: 101 }, { page_no: 0 }, { category_id: -1 }, { keyword: 'x'.repeat(51) }];
    for (const query of malformed) {
      const response = await skus(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    expect((await skus({ keyword: 'x'.repeat(51) })).json().message).toBe('关键字最多50个字符');
  });

  it('is for the screens that pick goods: the goods list permission now; others get 403, no session 401', async () => {
    const picker = await t.adminWithPermissions(founder, ['goodsList']);
    expect((await skus({}, picker.session)).statusCode).toBe(200);
    const members = await t.adminWithPermissions(founder, ['memberList']);
    const refused = await skus({}, members.session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NO_PERMISSION');
    expect((await t.inject({ method: 'GET', url: '/api/admin/goods/skus' })).statusCode).toBe(401);
  });
});
