import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import type { GoodsListQuery } from '@agora/contract';
import { goodsListSpec } from './service.js';
import { brands, categoryBrands, goods, goodsSkus, paramGroups, params } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const list = (query: Record<string, string | number>, session = founder) =>
  t.inject({ method: 'GET', url: '/api/admin/goods', session, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const row = async (id: number) => (await t.ctx.db.select().from(goods).where(eq(goods.id, id)))[0];

describe('goods list', () => {
  it('filters by keyword, shop, category subtree, audit state and price, sorts and pages', async () => {
    const shop = await insertShop(t.ctx);
    const other = await insertShop(t.ctx);
    const root = await insertCategory(t.ctx, '数码');
    const leaf = await insertCategory(t.ctx, '手机', root);
    const elsewhere = await insertCategory(t.ctx, '服饰');
    const phone = await insertGoods(t.ctx, shop, leaf, { goodsName: '华为 折叠屏手机', priceCents: 899900, commentNum: 3, goodCommentNum: 2 });
    const cheap = await insertGoods(t.ctx, shop, leaf, { goodsName: '手机壳', priceCents: 1900, isAuth: 0 });
    await insertGoods(t.ctx, other, elsewhere, { goodsName: '卫衣', priceCents: 19900 });

    const byKeyword = (await list({ keyword: '折叠屏' })).json();
    expect(byKeyword.data.map((g: { goods_id: number }) => g.goods_id)).toEqual([phone.id]);
    // 好评率: 2 good of 3 counted reviews, to one decimal; 100 before any review
    expect(byKeyword.data[0]).toMatchObject({ price: 8999, seller_name: shop.shopName, category_name: '手机', status: 'ON_SALE', comment_num: 3, grade: 66.7 });
    expect((await list({ keyword: '手机壳' })).json().data[0]).toMatchObject({ comment_num: 0, grade: 100 });
    expect((await list({ keyword: phone.sn })).json().data_total).toBe(1);

    const subtree = (await list({ category_id: root.id, sort: 'price', order: 'asc' })).json();
    expect(subtree.data.map((g: { goods_id: number }) => g.goods_id)).toEqual([cheap.id, phone.id]);
    expect((await list({ seller_id: other.id })).json().data_total).toBe(1);
    expect((await list({ is_auth: 0, seller_id: shop.id })).json().data.map((g: { status: string }) => g.status)).toEqual(['WAITING']);
    expect((await list({ start_price: 100, end_price: 10000, seller_id: shop.id })).json().data_total).toBe(1);
    const paged = (await list({ seller_id: shop.id, page_size: 1, page_no: 2, sort: 'price', order: 'desc' })).json();
    expect(paged).toMatchObject({ data_total: 2, page_no: 2, page_size: 1 });
    expect(paged.data[0].goods_id).toBe(cheap.id);
  });

  it('reads the columns a row shows, not the intro, pictures and parameters of each goods item', async () => {
    const spec = await goodsListSpec(t.ctx, { page_no: 1, page_size: 10, sort: 'create_time', order: 'desc' } as GoodsListQuery);
    const page = spec.rows({ where: undefined, orderBy: [], limit: 10, offset: 0 }) as unknown as { toSQL(): { sql: string } };
    const selected = page.toSQL().sql.split(' from ')[0];
    expect(selected).toContain('"goods_name"');
    for (const heavy of ['"intro"', '"images"', '"param_values"', '"cost_cents"']) expect(selected).not.toContain(heavy);
  });

  it('refuses a price range upside down and an unknown sort', async () => {
    const reversed = await list({ start_price: 100, end_price: 1 });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('最低价不能高于最高价');
    expect((await list({ sort: 'nonsense' })).statusCode).toBe(400);
  });
});

describe('taking goods down and putting them back', () => {
  it('takes goods down with the reason for the seller, then restores them', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const a = await insertGoods(t.ctx, shop, category);
    const b = await insertGoods(t.ctx, shop, category);
    const down = await t.inject({ method: 'PUT', url: `/api/admin/goods/${a.id},${b.id}/under`, session: founder, payload: { reason: '图片侵权' } });
    expect(down.statusCode).toBe(200);
    expect(await row(a.id)).toMatchObject({ marketEnable: 0, underMessage: '平台下架，原因为：图片侵权' });
    expect((await row(b.id)).marketEnable).toBe(0);

    const up = await t.inject({ method: 'PUT', url: `/api/admin/goods/${a.id}/up`, session: founder });
    expect(up.statusCode).toBe(200);
    expect(await row(a.id)).toMatchObject({ marketEnable: 1, underMessage: '' });
  });

  it('needs a reason, and changes nothing when one item of the batch is not on sale', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const onSale = await insertGoods(t.ctx, shop, category);
    const offShelf = await insertGoods(t.ctx, shop, category, { marketEnable: 0 });
    const noReason = await t.inject({ method: 'PUT', url: `/api/admin/goods/${onSale.id}/under`, session: founder, payload: { reason: ' ' } });
    expect(noReason.json().message).toBe('请填写下架原因');
    const mixed = await t.inject({ method: 'PUT', url: `/api/admin/goods/${onSale.id},${offShelf.id}/under`, session: founder, payload: { reason: '违规' } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ code: 'GOODS_NOT_ON_SALE', message: `商品未在售，不能下架：${offShelf.goodsName}` });
    expect((await row(onSale.id)).marketEnable).toBe(1);
    const missing = await t.inject({ method: 'PUT', url: '/api/admin/goods/99999999/under', session: founder, payload: { reason: '违规' } });
    expect(missing.json().code).toBe('GOODS_NOT_FOUND');
  });

  it('will not put goods on sale while their shop is closed or before they pass audit', async () => {
    const closed = await insertShop(t.ctx, { status: 'CLOSED' });
    const open = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const ofClosed = await insertGoods(t.ctx, closed, category, { marketEnable: 0 });
    const waiting = await insertGoods(t.ctx, open, category, { marketEnable: 0, isAuth: 0 });
    const shopClosed = await t.inject({ method: 'PUT', url: `/api/admin/goods/${ofClosed.id}/up`, session: founder });
    expect(shopClosed.json()).toEqual({ code: 'GOODS_SHOP_CLOSED', message: '店铺关闭中,商品不能上架' });
    const notPassed = await t.inject({ method: 'PUT', url: `/api/admin/goods/${waiting.id}/up`, session: founder });
    expect(notPassed.json().code).toBe('GOODS_NOT_PASSED');
    expect((await row(ofClosed.id)).marketEnable).toBe(0);
  });
});

describe('category children', () => {
  it('lists the children of a category (0 = roots) and says which have children', async () => {
    const root = await insertCategory(t.ctx, '家居');
    const child = await insertCategory(t.ctx, '家纺', root);
    const roots = (await t.inject({ method: 'GET', url: '/api/admin/goods/categories/0/children', session: founder })).json();
    expect(roots).toContainEqual({ category_id: root.id, name: '家居', has_children: true });
    const children = (await t.inject({ method: 'GET', url: `/api/admin/goods/categories/${root.id}/children`, session: founder })).json();
    expect(children).toEqual([{ category_id: child.id, name: '家纺', has_children: false }]);
  });
});

describe('goods audit', () => {
  it('passes and refuses a batch; a second audit of any item fails the whole batch', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const [a, b, c] = [await insertGoods(t.ctx, shop, category, { isAuth: 0 }), await insertGoods(t.ctx, shop, category, { isAuth: 0 }), await insertGoods(t.ctx, shop, category, { isAuth: 0 })];
    const pass = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [a.id, b.id], pass: 1, message: '' } });
    expect(pass.statusCode).toBe(200);
    expect((await row(a.id)).isAuth).toBe(1);

    const again = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [b.id, c.id], pass: 0, message: '图片模糊' } });
    expect(again.json()).toEqual({ code: 'GOODS_ALREADY_AUDITED', message: '已审核，请勿重复审核' });
    expect((await row(c.id)).isAuth).toBe(0);

    const noReason = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [c.id], pass: 0, message: '' } });
    expect(noReason.json().message).toBe('请填写驳回原因');
    const refuse = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [c.id], pass: 0, message: '图片模糊' } });
    expect(refuse.statusCode).toBe(200);
    expect(await row(c.id)).toMatchObject({ isAuth: 2, authMessage: '图片模糊' });
  });

  it('is refused to a role without goodsAudit, which may still list goods with goodsList', async () => {
    const { session } = await t.adminWithPermissions(founder, ['goods', 'goodsList']);
    expect((await list({}, session)).statusCode).toBe(200);
    const audit = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session, payload: { goods_ids: [1], pass: 1 } });
    expect(audit.statusCode).toBe(403);
    expect(audit.json().code).toBe('NO_PERMISSION');
  });
});

describe('goods details', () => {
  const details = (ids: string, session = founder) => t.inject({ method: 'GET', url: `/api/admin/goods/${ids}/details`, session });

  it('returns each item with its pictures, SKUs, category path, brand, shop, parameters and audit state, in the order asked', async () => {
    const shop = await insertShop(t.ctx);
    const root = await insertCategory(t.ctx, '详情数码');
    const leaf = await insertCategory(t.ctx, '详情手机', root);
    const [brand] = await t.ctx.db.insert(brands).values({ name: `详情品牌${Date.now() % 100000}`, logo: '/files/brand.png' }).returning();
    const [main, service] = await t.ctx.db
      .insert(paramGroups)
      .values([
        { categoryId: leaf.id, groupName: '主体', sort: 1 },
        { categoryId: leaf.id, groupName: '售后保障', sort: 2 },
      ])
      .returning();
    const [origin] = await t.ctx.db
      .insert(params)
      .values([
        { groupId: main.id, categoryId: leaf.id, paramName: '产地', sort: 1 },
        { groupId: service.id, categoryId: leaf.id, paramName: '保修期', sort: 1 },
      ])
      .returning();
    const refused = await insertGoods(t.ctx, shop, leaf, {
      goodsName: '详情折叠屏',
      brandId: brand.id,
      isAuth: 2,
      marketEnable: 0,
      authMessage: '主图模糊',
      thumbnail: '/files/a.png',
      images: ['/files/a.png', '/files/b.png'],
      intro: '<p>好手机</p>',
      priceCents: 599900,
      mktpriceCents: 699900,
      // stored out of the category's order, one by id, one by name, one the category no longer has
      paramValues: [{ param_name: '颜色', value: '黑' }, { param_name: '保修期', value: '一年' }, { param_id: origin.id, param_name: '产地', value: '中国大陆' }],
      auditedAt: new Date(),
    });
    await t.ctx.db.insert(goodsSkus).values([
      { goodsId: refused.id, sn: `${refused.sn}-1`, specs: [{ spec_name: '容量', spec_value: '256GB' }], propertiesName: '容量:256GB', priceCents: 599900, quantity: 5, enableQuantity: 3, image: '/files/a.png' },
      { goodsId: refused.id, sn: `${refused.sn}-2`, specs: [{ spec_name: '容量', spec_value: '512GB' }], propertiesName: '容量:512GB', priceCents: 649900, quantity: 2, enableQuantity: 2 },
    ]);
    const plain = await insertGoods(t.ctx, shop, leaf, { isAuth: 0 });

    const response = await details(`${plain.id},${refused.id}`);
    expect(response.statusCode).toBe(200);
    const [first, second] = response.json();
    expect(first).toMatchObject({ goods_id: plain.id, status: 'WAITING', images: [], skus: [], params: [], audit_time: null });
    expect(second).toMatchObject({
      goods_id: refused.id,
      goods_name: '详情折叠屏',
      status: 'REFUSED',
      auth_message: '主图模糊',
      category_name: '详情手机',
      category_names: ['详情数码', '详情手机'],
      category_path: leaf.path,
      brand_name: brand.name,
      brand_logo: '/files/brand.png',
      seller_id: shop.id,
      seller_name: shop.shopName,
      shop_status: 'OPEN',
      images: ['/files/a.png', '/files/b.png'],
      intro: '<p>好手机</p>',
      price: 5999,
      mktprice: 6999,
      params: [
        { group_name: '主体', param_name: '产地', value: '中国大陆' },
        { group_name: '售后保障', param_name: '保修期', value: '一年' },
        { group_name: '', param_name: '颜色', value: '黑' },
      ],
    });
    expect(second.audit_time).toBeGreaterThan(0);
    expect(second.skus).toEqual([
      expect.objectContaining({ sn: `${refused.sn}-1`, properties_name: '容量:256GB', specs: [{ spec_name: '容量', spec_value: '256GB' }], price: 5999, quantity: 5, enable_quantity: 3 }),
      expect.objectContaining({ sn: `${refused.sn}-2`, price: 6499, quantity: 2, enable_quantity: 2 }),
    ]);
  });

  it('says why the goods of a closed shop went off sale, in the words of DOMAIN', async () => {
    const shop = await insertShop(t.ctx);
    const item = await insertGoods(t.ctx, shop, await insertCategory(t.ctx));
    expect((await t.inject({ method: 'PUT', url: `/api/admin/shops/disable/${shop.id}`, session: founder })).statusCode).toBe(200);
    const [detail] = (await details(String(item.id))).json();
    expect(detail).toMatchObject({ status: 'OFF_SHELF', shop_status: 'CLOSED', under_message: '店铺关闭，商品被下架' });
  });

  it('is 404 for an unknown or deleted item, and 400 for a malformed id list', async () => {
    const shop = await insertShop(t.ctx);
    const live = await insertGoods(t.ctx, shop, await insertCategory(t.ctx));
    const deleted = await insertGoods(t.ctx, shop, await insertCategory(t.ctx), { disabled: -1 });
    const unknown = await details(`${live.id},99999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'GOODS_NOT_FOUND', message: '商品不存在：99999999' });
    expect((await details(String(deleted.id))).statusCode).toBe(404);
    expect((await details('abc')).statusCode).toBe(400);
  });

  it('opens to goods-list and goods-audit roles, and is refused to others', async () => {
    const item = await insertGoods(t.ctx, await insertShop(t.ctx), await insertCategory(t.ctx));
    const auditor = await t.adminWithPermissions(founder, ['goods', 'goodsAudit']);
    const lister = await t.adminWithPermissions(founder, ['goods', 'goodsList']);
    const outsider = await t.adminWithPermissions(founder, ['goods', 'brandList']);
    expect((await details(String(item.id), auditor.session)).statusCode).toBe(200);
    expect((await details(String(item.id), lister.session)).statusCode).toBe(200);
    const refused = await details(String(item.id), outsider.session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NO_PERMISSION');
  });
});

describe('take-down reason as a query parameter', () => {
  it('accepts ?reason= as [A] sends it and limits it to 500 characters', async () => {
    const shop = await insertShop(t.ctx);
    const item = await insertGoods(t.ctx, shop, await insertCategory(t.ctx));
    const tooLong = await t.inject({ method: 'PUT', url: `/api/admin/goods/${item.id}/under`, session: founder, query: { reason: 'x'.repeat(501) } });
    expect(tooLong.json().message).toBe('下架原因最多500个字符');
    const down = await t.inject({ method: 'PUT', url: `/api/admin/goods/${item.id}/under`, session: founder, query: { reason: '假冒' } });
    expect(down.statusCode).toBe(200);
    expect((await row(item.id)).underMessage).toBe('平台下架，原因为：假冒');
  });
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = founder, query?: Record<string, string>) =>
  t.inject({ method, url: `/api/admin/goods/${url}`, session, payload, query });

describe('categories', () => {
  it('creates a tree up to four levels with paths, lists it, edits and reads one', async () => {
    const created = [] as { category_id: number; level: number; category_path: string }[];
    let parent = 0;
    for (const name of ['一级', '二级', '三级', '四级']) {
      const res = await api('POST', 'categories', { parent_id: parent, name, sort: 3 });
      expect(res.statusCode).toBe(200);
      created.push(res.json());
      parent = res.json().category_id;
    }
    expect(created.map((c) => c.level)).toEqual([1, 2, 3, 4]);
    expect(created[3].category_path).toBe(`0|${created.map((c) => c.category_id).join('|')}|`);
    const tooDeep = await api('POST', 'categories', { parent_id: parent, name: '五级' });
    expect(tooDeep.json()).toEqual({ code: 'CATEGORY_TOO_DEEP', message: '最多为4级分类' });

    const tree = (await api('GET', `categories/${created[0].category_id}/all-children`)).json();
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ name: '二级', has_children: true, children: [{ name: '三级', children: [{ name: '四级', children: [] }] }] });
    const whole = (await api('GET', 'categories/0/all-children')).json();
    expect(whole.find((c: { category_id: number }) => c.category_id === created[0].category_id).children[0].category_id).toBe(created[1].category_id);

    const edited = await api('PUT', `categories/${created[3].category_id}`, { parent_id: created[2].category_id, name: '四级改', sort: 9, is_show: 0 });
    expect(edited.json()).toMatchObject({ name: '四级改', sort: 9, is_show: 0, level: 4 });
    expect((await api('GET', `categories/${created[3].category_id}`)).json()).toMatchObject({ name: '四级改', parent_id: created[2].category_id, has_children: false });
    expect((await api('GET', 'categories/99999999')).statusCode).toBe(404);
  });

  it('keeps sibling names unique, validates input and orders children by sort', async () => {
    const root = (await api('POST', 'categories', { name: '排序根' })).json();
    await api('POST', 'categories', { parent_id: root.category_id, name: '乙', sort: 2 });
    await api('POST', 'categories', { parent_id: root.category_id, name: '甲', sort: 1 });
    const clash = await api('POST', 'categories', { parent_id: root.category_id, name: '甲' });
    expect(clash.json()).toEqual({ code: 'CATEGORY_NAME_TAKEN', message: '同级分类下已存在名称“甲”' });
    expect((await api('POST', 'categories', { name: ' ' })).json().message).toBe('请填写分类名称');
    expect((await api('POST', 'categories', { name: '坏排序', sort: -1 })).json().message).toBe('排序须为0-9999的整数');
    expect((await api('POST', 'categories', { parent_id: 99999999, name: '孤儿' })).json().code).toBe('CATEGORY_PARENT_NOT_FOUND');
    const children = (await api('GET', `categories/${root.category_id}/children`)).json();
    expect(children.map((c: { name: string }) => c.name)).toEqual(['甲', '乙']);
  });

  it('refuses to delete a category with children or goods, and to move one with children', async () => {
    const shop = await insertShop(t.ctx);
    const root = await insertCategory(t.ctx, '删除根');
    const leaf = await insertCategory(t.ctx, '有商品', root);
    const other = await insertCategory(t.ctx, '别处');
    await insertGoods(t.ctx, shop, leaf);
    expect((await api('DELETE', `categories/${root.id}`)).json()).toEqual({ code: 'CATEGORY_HAS_CHILDREN', message: '此类别下存在子类别不能删除' });
    expect((await api('DELETE', `categories/${leaf.id}`)).json()).toEqual({ code: 'CATEGORY_HAS_GOODS', message: '此类别下存在商品不能删除' });
    expect((await api('PUT', `categories/${root.id}`, { parent_id: other.id, name: '删除根' })).json().code).toBe('CATEGORY_MOVE_HAS_CHILDREN');

    const empty = await insertCategory(t.ctx, '空分类', root);
    await api('POST', 'parameter-groups', { group_name: '主体', category_id: empty.id });
    const removed = await api('DELETE', `categories/${empty.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await api('GET', `categories/${empty.id}`)).statusCode).toBe(404);
  });

  it('moves a leaf with its goods, so the category filter still finds them', async () => {
    const shop = await insertShop(t.ctx);
    const from = await insertCategory(t.ctx, '原上级');
    const to = await insertCategory(t.ctx, '新上级');
    const leaf = await insertCategory(t.ctx, '移动叶子', from);
    const item = await insertGoods(t.ctx, shop, leaf);
    const moved = await api('PUT', `categories/${leaf.id}`, { parent_id: to.id, name: '移动叶子' });
    expect(moved.json()).toMatchObject({ parent_id: to.id, category_path: `${to.path}${leaf.id}|` });
    expect((await list({ category_id: to.id })).json().data.map((g: { goods_id: number }) => g.goods_id)).toEqual([item.id]);
    expect((await list({ category_path: to.path })).json().data_total).toBe(1);
    expect((await list({ category_id: from.id })).json().data_total).toBe(0);
  });

  it('binds brands to a category, replacing the previous choice', async () => {
    const category = await insertCategory(t.ctx, '绑定品牌');
    const [a, b] = await t.ctx.db.insert(brands).values([{ name: '绑定A', logo: '/files/a.png' }, { name: '绑定B', logo: '/files/b.png' }]).returning();
    const bound = await api('PUT', `categories/${category.id}/brands`, { choose_brands: [a.id, b.id] });
    expect(bound.json().map((x: { name: string }) => x.name)).toEqual(['绑定A', '绑定B']);
    await api('PUT', `categories/${category.id}/brands`, { choose_brands: [b.id] });
    expect((await api('GET', `categories/${category.id}/brands`)).json()).toEqual([{ brand_id: b.id, name: '绑定B', logo: '/files/b.png' }]);
    expect((await api('PUT', `categories/${category.id}/brands`, { choose_brands: [99999999] })).json().code).toBe('BRAND_NOT_FOUND');
  });

  it('is refused to a role without categoryList, except reading the tree for goods filters', async () => {
    const { session } = await t.adminWithPermissions(founder, ['goods', 'goodsList']);
    expect((await api('POST', 'categories', { name: '无权' }, session)).statusCode).toBe(403);
    expect((await api('DELETE', 'categories/1', undefined, session)).statusCode).toBe(403);
    expect((await api('GET', 'categories/0/children', undefined, session)).statusCode).toBe(200);
    expect((await api('GET', 'categories/0/all-children', undefined, session)).statusCode).toBe(200);
  });
});

describe('parameter groups and parameters', () => {
  it('builds groups with text and select parameters, sorts them up and down, edits and deletes', async () => {
    const category = await insertCategory(t.ctx, '参数分类');
    const g1 = (await api('POST', 'parameter-groups', { group_name: '主体', category_id: category.id })).json();
    const g2 = (await api('POST', 'parameter-groups', { group_name: '售后', category_id: category.id })).json();
    expect([g1.sort, g2.sort]).toEqual([1, 2]);
    const origin = await api('POST', 'parameters', { param_name: '产地', param_type: 2, options: '中国,日本，德国', required: 1, is_index: 1, group_id: g1.group_id });
    expect(origin.json()).toMatchObject({ param_type: 2, options: ['中国', '日本', '德国'], required: 1, is_index: 1, category_id: category.id });
    const model = (await api('POST', 'parameters', { param_name: '型号', param_type: 1, options: ['ignored'], group_id: g1.group_id })).json();
    expect(model.options).toEqual([]);

    expect((await api('PUT', `parameter-groups/${g2.group_id}/sort`, undefined, founder, { sort_type: 'up' })).statusCode).toBe(200);
    expect((await api('PUT', `parameters/${model.param_id}/sort`, undefined, founder, { sort_type: 'up' })).statusCode).toBe(200);
    // At the top already: stays put.
    expect((await api('PUT', `parameters/${model.param_id}/sort`, undefined, founder, { sort_type: 'up' })).statusCode).toBe(200);
    const tree = (await api('GET', `categories/${category.id}/param`)).json();
    expect(tree.map((g: { group_name: string }) => g.group_name)).toEqual(['售后', '主体']);
    expect(tree[1].params.map((p: { param_name: string }) => p.param_name)).toEqual(['型号', '产地']);
    expect((await api('PUT', `parameters/${model.param_id}/sort`, undefined, founder, { sort_type: 'sideways' })).statusCode).toBe(400);

    const renamed = await api('PUT', `parameter-groups/${g2.group_id}`, undefined, founder, { group_name: '售后保障' });
    expect(renamed.json().group_name).toBe('售后保障');
    const edited = await api('PUT', `parameters/${model.param_id}`, { param_name: '型号', param_type: 2, options: ['A1', 'A2'], group_id: g2.group_id });
    expect(edited.json()).toMatchObject({ group_id: g2.group_id, options: ['A1', 'A2'] });
    expect((await api('GET', `parameters/${model.param_id}`)).json().param_name).toBe('型号');

    expect((await api('DELETE', `parameters/${origin.json().param_id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `parameter-groups/${g2.group_id}`)).statusCode).toBe(200);
    expect((await api('GET', `parameters/${model.param_id}`)).statusCode).toBe(404);
    expect((await api('GET', `categories/${category.id}/param`)).json()).toEqual([{ ...g1, sort: 2, params: [] }]);
  });

  it('validates names, select options and the group', async () => {
    const category = await insertCategory(t.ctx, '参数校验');
    const group = (await api('POST', 'parameter-groups', { group_name: '主体', category_id: category.id })).json();
    expect((await api('POST', 'parameter-groups', { group_name: '', category_id: category.id })).json().message).toBe('请填写参数组名称');
    expect((await api('POST', 'parameter-groups', { group_name: 'x'.repeat(51), category_id: category.id })).json().message).toBe('参数组名称最多50个字符');
    expect((await api('POST', 'parameter-groups', { group_name: '孤儿', category_id: 99999999 })).json().code).toBe('CATEGORY_NOT_FOUND');
    expect((await api('POST', 'parameters', { param_name: '颜色', param_type: 2, options: '', group_id: group.group_id })).json().message).toBe('选择项至少需要一个选项');
    expect((await api('POST', 'parameters', { param_name: '颜色', param_type: 3, group_id: group.group_id })).json().message).toBe('参数类型只能是输入项或选择项');
    expect((await api('POST', 'parameters', { param_name: '颜色', param_type: 1, group_id: 99999999 })).json().code).toBe('PARAM_GROUP_NOT_FOUND');
  });

  it('is refused to a role without categoryParams', async () => {
    const { session } = await t.adminWithPermissions(founder, ['goods', 'goodsSetting', 'brandList']);
    expect((await api('POST', 'parameter-groups', { group_name: '主体', category_id: 1 }, session)).statusCode).toBe(403);
    expect((await api('GET', 'categories/1/param', undefined, session)).statusCode).toBe(403);
  });
});

describe('brands', () => {
  it('creates, lists by name, edits, reads and lists all brands', async () => {
    const created = await api('POST', 'brands', { name: '测试品牌甲', logo: '/files/brand/a.png' });
    expect(created.statusCode).toBe(200);
    const brand = created.json();
    expect(brand).toMatchObject({ name: '测试品牌甲', logo: '/files/brand/a.png', disabled: 0 });
    await api('POST', 'brands', { name: '测试品牌乙', logo: '/files/brand/b.png' });
    const page = (await api('GET', 'brands', undefined, founder, { name: '测试品牌', page_size: '1' })).json();
    expect(page).toMatchObject({ data_total: 2, page_size: 1 });
    expect(page.data).toHaveLength(1);
    const edited = await api('PUT', `brands/${brand.brand_id}`, { name: '测试品牌丙', logo: '/files/brand/c.png' });
    expect(edited.json().name).toBe('测试品牌丙');
    expect((await api('GET', `brands/${brand.brand_id}`)).json().logo).toBe('/files/brand/c.png');
    const all = (await api('GET', 'brands/all')).json();
    expect(all).toContainEqual({ brand_id: brand.brand_id, name: '测试品牌丙', logo: '/files/brand/c.png' });
  });

  it('requires a logo and a unique name', async () => {
    expect((await api('POST', 'brands', { name: '无图标', logo: '' })).json().message).toBe('请上传品牌图标');
    expect((await api('POST', 'brands', { name: '', logo: '/x.png' })).json().message).toBe('请填写品牌名称');
    await api('POST', 'brands', { name: '重名品牌', logo: '/x.png' });
    expect((await api('POST', 'brands', { name: '重名品牌', logo: '/y.png' })).json()).toEqual({ code: 'BRAND_NAME_TAKEN', message: '品牌名称已存在' });
  });

  it('deletes a comma-joined batch, all or none, refusing brands bound to categories or used by goods', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const [free1, free2, bound, used] = await t.ctx.db
      .insert(brands)
      .values(['空闲1', '空闲2', '已绑定', '有商品'].map((name) => ({ name: `删除${name}`, logo: '/files/x.png' })))
      .returning();
    await t.ctx.db.insert(categoryBrands).values({ categoryId: category.id, brandId: bound.id });
    await insertGoods(t.ctx, shop, category, { brandId: used.id });

    const withBound = await api('DELETE', `brands/${free1.id},${bound.id}`);
    expect(withBound.json()).toEqual({ code: 'BRAND_BOUND_TO_CATEGORY', message: '品牌已关联分类，不能删除：删除已绑定' });
    expect((await api('DELETE', `brands/${used.id}`)).json()).toEqual({ code: 'BRAND_USED_BY_GOODS', message: '品牌下存在商品，不能删除：删除有商品' });
    expect((await api('GET', `brands/${free1.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', 'brands/abc')).statusCode).toBe(400);

    expect((await api('DELETE', `brands/${free1.id},${free2.id}`)).statusCode).toBe(200);
    expect((await api('GET', `brands/${free2.id}`)).statusCode).toBe(404);
  });

  it('is refused to a role without brandList; brands/all stays readable for goods filters', async () => {
    const { session } = await t.adminWithPermissions(founder, ['goods', 'goodsList']);
    expect((await api('GET', 'brands', undefined, session)).statusCode).toBe(403);
    expect((await api('POST', 'brands', { name: '无权', logo: '/x.png' }, session)).statusCode).toBe(403);
    expect((await api('DELETE', 'brands/1', undefined, session)).statusCode).toBe(403);
    expect((await api('GET', 'brands/all', undefined, session)).statusCode).toBe(200);
  });
});

describe('ids past the spec maximum or the column range', () => {
  const HUGE = '99999999999999999999';
  const PAST_COLUMN = '2147483648';

  it.each([
    ['GET', `/api/admin/goods/${HUGE}/details`, '商品id格式有误'],
    ['GET', `/api/admin/goods/1,${PAST_COLUMN}/details`, '商品id格式有误'],
    ['PUT', `/api/admin/goods/${HUGE}/up`, '商品id格式有误'],
    ['PUT', `/api/admin/goods/${HUGE}/under?reason=x`, '商品id格式有误'],
    ['DELETE', `/api/admin/goods/brands/${HUGE}`, '品牌id格式有误'],
    ['GET', `/api/admin/goods/brands/${HUGE}`, 'id格式有误'],
    ['GET', `/api/admin/goods/categories/${HUGE}/children`, '分类id格式有误'],
    ['GET', `/api/admin/goods/categories/${PAST_COLUMN}/all-children`, '分类id格式有误'],
    ['DELETE', `/api/admin/goods/categories/${HUGE}`, 'id格式有误'],
    ['PUT', `/api/admin/goods/parameters/${HUGE}/sort?sort_type=up`, 'id格式有误'],
    ['GET', `/api/admin/goods?brand_id=${HUGE}`, '品牌id格式有误'],
    ['GET', `/api/admin/goods?category_id=${PAST_COLUMN}`, '分类id格式有误'],
    ['GET', `/api/admin/goods?seller_id=${HUGE}`, '店铺id格式有误'],
    ['GET', `/api/admin/goods/skus?shop_id=${HUGE}`, '店铺id格式有误'],
  ] as const)('%s %s answers 400: %s', async (method, url, message) => {
    const response = await t.inject({ method, url, session: founder });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', message });
  });

  it('checks ids in bodies the same way', async () => {
    const audit = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [HUGE], pass: 1 } });
    expect(audit.json()).toEqual({ code: 'VALIDATION', message: '商品id格式有误' });
    const category = await insertCategory(t.ctx);
    const bind = await api('PUT', `categories/${category.id}/brands`, { choose_brands: [Number(PAST_COLUMN)] });
    expect(bind.json()).toEqual({ code: 'VALIDATION', message: '品牌id格式有误' });
    const child = await api('POST', 'categories', { parent_id: HUGE, name: '超界' });
    expect(child.json()).toEqual({ code: 'VALIDATION', message: '上级分类id格式有误' });
    const param = await api('POST', 'parameters', { param_name: '产地', param_type: 1, group_id: PAST_COLUMN });
    expect(param.json()).toEqual({ code: 'VALIDATION', message: '参数组id格式有误' });
  });

  it('still takes 0 as the root of the category tree and a top-level parent', async () => {
    expect((await api('GET', 'categories/0/children')).statusCode).toBe(200);
    expect((await api('GET', 'categories/0/all-children')).statusCode).toBe(200);
    expect((await api('POST', 'categories', { parent_id: 0, name: `根分类${Date.now() % 100000}` })).statusCode).toBe(200);
    expect((await api('GET', 'categories/0')).statusCode).toBe(400);
  });
});
