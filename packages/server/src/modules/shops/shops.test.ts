import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertDefaultThemes, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { goods } from '../goods/tables.js';
import { members } from '../members/tables.js';
import { orders } from '../orders/tables.js';
import { systemLogs } from '../system-logs/tables.js';
import { shopDetails, shops } from './tables.js';
import { shopListSpec } from './service.js';
import type { ShopListQuery } from '@agora/contract';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});
beforeAll(() => insertDefaultThemes(t.ctx));

const shopRow = async (id: number) => (await t.ctx.db.select().from(shops).where(eq(shops.id, id)))[0];
const put = (url: string, session = founder) => t.inject({ method: 'PUT', url: `/api/admin/shops/${url}`, session });

describe('shop list', () => {
  it('filters by state and keyword, leaves unfinished applications out of ALL, and masks the contact phone', async () => {
    const open = await insertShop(t.ctx, { shopName: '列表测试旗舰店' });
    await t.ctx.db.insert(shopDetails).values({ shopId: open.id, linkPhone: '13812345678', companyName: '测试商贸有限公司' });
    const applying = await insertShop(t.ctx, { status: 'APPLYING', openedAt: null });
    const all = (await t.inject({ method: 'GET', url: '/api/admin/shops', session: founder, query: { page_size: '100' } })).json();
    const ids = all.data.map((shop: { shop_id: number }) => shop.shop_id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(applying.id);
    const found = (await t.inject({ method: 'GET', url: '/api/admin/shops', session: founder, query: { keyword: '列表测试', shop_disable: 'OPEN' } })).json();
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ shop_name: '列表测试旗舰店', shop_disable: 'OPEN', link_phone: '138*****678', company_name: '测试商贸有限公司' });
    expect((await t.inject({ method: 'GET', url: '/api/admin/shops', session: founder, query: { shop_disable: 'NOPE' } })).statusCode).toBe(400);
  });

  it('filters by the day a shop was created', async () => {
    const old = await insertShop(t.ctx, { shopName: '创建筛选老店' });
    await t.ctx.db.update(shops).set({ createdAt: new Date('2025-03-10T04:00:00Z') }).where(eq(shops.id, old.id));
    const young = await insertShop(t.ctx, { shopName: '创建筛选新店' });
    const inRange = (start: string, end: string) =>
      t.inject({ method: 'GET', url: '/api/admin/shops', session: founder, query: { keyword: '创建筛选', start_time: start, end_time: end } }).then((r) => r.json().data.map((shop: { shop_id: number }) => shop.shop_id));
    const march = [String(Date.parse('2025-03-01T00:00:00Z') / 1000), String(Date.parse('2025-03-31T23:59:59Z') / 1000)] as const;
    expect(await inRange(...march)).toEqual([old.id]);
    const now = Math.floor(Date.now() / 1000);
    expect(await inRange(String(now - 3600), String(now + 3600))).toEqual([young.id]);
  });

  it('reads the columns a row shows, not the company papers and bank account of each shop, through one statement a shape', async () => {
    const spec = shopListSpec(t.ctx, { page_no: 1, page_size: 10, shop_disable: 'ALL' } as ShopListQuery);
    const page = spec.rows({ where: undefined, orderBy: [], limit: 10, offset: 0 }) as unknown as { toSQL(): { sql: string } };
    const selected = page.toSQL().sql.split(' from ')[0];
    for (const shown of ['"shop_name"', '"link_phone"', '"company_name"']) expect(selected).toContain(shown);
    for (const heavy of ['"description"', '"bank_number"', '"license_num"', '"legal_id"']) expect(selected).not.toContain(heavy);
    expect(spec.statement).toBe('shops');
    // a shop with no details row still lists (its detail is null, not an object of nulls)
    const bare = await insertShop(t.ctx, { shopName: '无资料的店' });
    const found = (await t.inject({ method: 'GET', url: '/api/admin/shops', session: founder, query: { keyword: '无资料的店' } })).json();
    expect(found.data).toEqual([expect.objectContaining({ shop_id: bare.id, link_phone: '', company_name: '' })]);
  });
});

describe('the shop list, paged and sorted', () => {
  it('orders by creation time either way and hands out keyset cursors', async () => {
    const base = Date.parse('2024-06-01T00:00:00Z');
    const made = [];
    for (const [i, name] of ['排序甲店', '排序乙店', '排序丙店'].entries()) {
      const shop = await insertShop(t.ctx, { shopName: name });
      // created out of id order: the list follows the creation time, not the id
      await t.ctx.db.update(shops).set({ createdAt: new Date(base + [2, 0, 1][i] * 86_400_000) }).where(eq(shops.id, shop.id));
      made.push(shop);
    }
    const list = (query: Record<string, string>) => t.inject({ method: 'GET', url: '/api/admin/shops', session: founder, query: { keyword: '排序', ...query } }).then((r) => r.json());
    const names = (page: { data: { shop_name: string }[] }) => page.data.map((shop) => shop.shop_name);
    expect(names(await list({}))).toEqual(['排序甲店', '排序丙店', '排序乙店']);
    expect(names(await list({ sort: 'create_time', order: 'asc' }))).toEqual(['排序乙店', '排序丙店', '排序甲店']);
    const first = await list({ page_size: '2' });
    expect(first).toMatchObject({ data_total: 3, page_no: 1, page_size: 2 });
    const second = await list({ page_size: '2', page_no: '2', cursor: first.next_cursor });
    expect(names(second)).toEqual(['排序乙店']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/shops', session: founder, query: { sort: 'goods_num' } })).statusCode).toBe(400);
  });

  /** The plan of a query, sequential scans made as dear as the planner allows (the tables are tiny here). */
  async function plan(query: SQL): Promise<string> {
    return t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it.each([
    ['shops_status_created_idx', sql`select id from shops where status = 'OPEN' order by created_at desc, id desc limit 20`],
    ['shops_created_idx', sql`select id from shops where status <> 'APPLYING' and created_at >= now() - interval '30 days' and created_at <= now() order by created_at, id limit 20`],
    ['shops_status_created_idx', sql`select id from shops where status = 'APPLY' and created_at >= now() - interval '7 days' order by created_at desc, id desc limit 20`],
    ['margin_flows_status_created_idx', sql`select id from margin_flows where auth_status = 'WAIT_AUDIT' order by created_at desc, id desc limit 20`],
    ['margin_flows_shop_idx', sql`select id from margin_flows where shop_id = 1 order by created_at desc, id desc limit 20`],
    ['margin_flows_created_idx', sql`select id from margin_flows order by created_at desc, id desc limit 20`],
    ['bills_shop_idx', sql`select id from bills where shop_id = 1 order by created_at desc, id desc limit 20`],
    ['bills_status_idx', sql`select id from bills where status = 'OUT' order by created_at desc, id desc limit 20`],
    ['bills_created_idx', sql`select id from bills order by created_at desc, id desc limit 20`],
  ])('a filter or sort reads %s', async (name, query) => {
    expect(await plan(query)).toContain(name);
  });
});

describe('ids past the column or spec §9 range', () => {
  const HUGE = '99999999999999999999';
  it.each([
    ['POST', `/api/admin/order/bills/now/${HUGE}`, '店铺id格式有误'],
    ['POST', `/api/admin/order/bills/now/1,${HUGE}`, '店铺id格式有误'],
    ['PUT', `/api/admin/order/bills/${HUGE}/param?param=1`, '店铺id格式有误'],
    ['GET', `/api/admin/shops/${HUGE}`, 'id格式有误'],
    ['PUT', `/api/admin/shops/${HUGE}?pass=1`, 'id格式有误'],
    ['PUT', `/api/admin/shops/disable/${HUGE}`, 'id格式有误'],
    ['PUT', `/api/admin/shops/enable/2147483648`, 'id格式有误'],
    ['PUT', `/api/admin/shops/margin-flow/auth/${HUGE}`, 'id格式有误'],
    ['GET', `/api/admin/shops/margin-flow/history?shop_id=${HUGE}`, '店铺id格式有误'],
    ['GET', `/api/admin/order/bills?seller_id=${HUGE}`, '店铺id格式有误'],
    ['GET', `/api/admin/shops/list?ids=${HUGE}`, '店铺id格式有误'],
    ['POST', `/api/admin/shops/margin-flow?shop_id=${HUGE}&type=0&actual_pay_amount=1&remark=x`, '店铺id格式有误'],
  ] as const)('%s %s answers 400', async (method, url, message) => {
    const response = await t.inject({ method, url, session: founder, payload: method === 'PUT' && url.includes('auth') ? { pass: 1 } : undefined });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', message });
  });
});

describe('closing and reopening a shop', () => {
  it('closing takes every goods item off sale; reopening does not put them back', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const item = await insertGoods(t.ctx, shop, category);
    expect((await put(`disable/${shop.id}`)).statusCode).toBe(200);
    expect(await shopRow(shop.id)).toMatchObject({ status: 'CLOSED' });
    expect((await shopRow(shop.id)).closedAt).not.toBeNull();
    const [closedItem] = await t.ctx.db.select().from(goods).where(eq(goods.id, item.id));
    expect(closedItem).toMatchObject({ marketEnable: 0, underMessage: '店铺关闭，商品被下架' });

    const again = await put(`disable/${shop.id}`);
    expect(again.json()).toEqual({ code: 'SHOP_NOT_OPEN', message: '店铺不是开启状态，不能关闭' });

    expect((await put(`enable/${shop.id}`)).statusCode).toBe(200);
    expect((await shopRow(shop.id)).status).toBe('OPEN');
    const [reopenedItem] = await t.ctx.db.select().from(goods).where(eq(goods.id, item.id));
    expect(reopenedItem.marketEnable).toBe(0);
    expect((await put(`enable/${shop.id}`)).json().code).toBe('SHOP_NOT_CLOSED');
    expect((await put('enable/99999999')).statusCode).toBe(404);
  });

  it('is refused to a role that may only audit shops', async () => {
    const shop = await insertShop(t.ctx);
    const { session } = await t.adminWithPermissions(founder, ['shop', 'shopAudit']);
    const refused = await put(`disable/${shop.id}`, session);
    expect(refused.statusCode).toBe(403);
    expect((await shopRow(shop.id)).status).toBe('OPEN');
  });
});

describe('shop audit', () => {
  it('opens an applied shop and links its member; refuses with a reason; never audits twice', async () => {
    const applied = await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    const pass = await t.inject({ method: 'PUT', url: `/api/admin/shops/${applied.id}`, session: founder, query: { pass: '1' } });
    expect(pass.statusCode).toBe(200);
    expect(await shopRow(applied.id)).toMatchObject({ status: 'OPEN' });
    const [owner] = await t.ctx.db.select().from(members).where(eq(members.id, applied.memberId));
    expect(owner).toMatchObject({ haveShop: 1, shopId: applied.id });
    // an empty JSON body beside ?pass is still an audit
    const twice = await t.inject({ method: 'PUT', url: `/api/admin/shops/${applied.id}`, session: founder, query: { pass: '1' }, payload: {} });
    expect(twice.json().code).toBe('SHOP_NOT_APPLYING');

    const other = await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    const noReason = await t.inject({ method: 'PUT', url: `/api/admin/shops/${other.id}`, session: founder, query: { pass: '0' } });
    expect(noReason.json().message).toBe('请填写拒绝原因');
    const refuse = await t.inject({ method: 'PUT', url: `/api/admin/shops/${other.id}`, session: founder, query: { pass: '0', audit_remark: '营业执照已过期' } });
    expect(refuse.statusCode).toBe(200);
    expect(await shopRow(other.id)).toMatchObject({ status: 'REFUSED', auditRemark: '营业执照已过期' });
    const page = (await t.inject({ method: 'GET', url: '/api/admin/index/page', session: founder })).json();
    expect(page.today.new_shops).toBe(1);
  });
});

const EDIT = {
  shop_name: '改名后的店铺',
  commission_rate: 8.5,
  description: '新的简介',
  company_name: '新公司有限公司',
  link_name: '王经理',
  link_phone: '13900001111',
  bank_number: '6222020200112233',
  licence_start: '2020-01-01',
  licence_end: '2030-01-01',
};
let orderSeq = 0;
async function insertOrder(shop: { id: number; shopName: string; memberId: number }, values: Partial<typeof orders.$inferInsert> = {}) {
  orderSeq += 1;
  const [row] = await t.ctx.db
    .insert(orders)
    .values({ sn: `SO${Date.now()}${orderSeq}`, shopId: shop.id, shopName: shop.shopName, memberId: shop.memberId, memberName: 'buyer', status: 'PAID_OFF', ...values })
    .returning();
  return row;
}

describe('shop detail and edit', () => {
  it('shows the whole shop with the full phone, and an edit renames it in its goods and orders too', async () => {
    const shop = await insertShop(t.ctx);
    await t.ctx.db.insert(shopDetails).values({ shopId: shop.id, linkPhone: '13812345678', bankName: '工商银行' });
    const category = await insertCategory(t.ctx);
    const item = await insertGoods(t.ctx, shop, category);
    const order = await insertOrder(shop);

    const detail = (await t.inject({ method: 'GET', url: `/api/admin/shops/${shop.id}`, session: founder })).json();
    expect(detail).toMatchObject({ shop_id: shop.id, shop_name: shop.shopName, link_phone: '13812345678', bank_name: '工商银行', shop_disable: 'OPEN' });

    const edited = await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: founder, payload: { ...detail, ...EDIT } });
    expect(edited.statusCode).toBe(200);
    expect(await shopRow(shop.id)).toMatchObject({ shopName: '改名后的店铺', commissionRate: 8.5, description: '新的简介' });
    const [goodsRow] = await t.ctx.db.select().from(goods).where(eq(goods.id, item.id));
    const [orderRow] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(goodsRow.shopName).toBe('改名后的店铺');
    expect(orderRow.shopName).toBe('改名后的店铺');
    const again = (await t.inject({ method: 'GET', url: `/api/admin/shops/${shop.id}`, session: founder })).json();
    expect(again).toMatchObject({ company_name: '新公司有限公司', link_name: '王经理', bank_name: '工商银行', licence_end: '2030-01-01' });
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('编辑店铺「改名后的店铺」');
  });

  it('refuses a taken name, bad input and an unfinished application, changing nothing', async () => {
    const shop = await insertShop(t.ctx);
    const other = await insertShop(t.ctx);
    const taken = await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: founder, payload: { ...EDIT, shop_name: other.shopName } });
    expect(taken.json()).toEqual({ code: 'SHOP_NAME_TAKEN', message: '店铺名称已存在' });
    const long = await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: founder, payload: { ...EDIT, shop_name: '店'.repeat(16) } });
    expect(long.json().message).toBe('店铺名称最多15个字符');
    const dates = await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: founder, payload: { ...EDIT, licence_start: '2031-01-01' } });
    expect(dates.json().message).toBe('营业执照有效期的开始日期不能晚于结束日期');
    const rate = await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: founder, payload: { ...EDIT, commission_rate: 101 } });
    expect(rate.statusCode).toBe(400);
    expect((await shopRow(shop.id)).shopName).toBe(shop.shopName);
    const applying = await insertShop(t.ctx, { status: 'APPLYING', openedAt: null });
    const unfinished = await t.inject({ method: 'PUT', url: `/api/admin/shops/${applying.id}`, session: founder, payload: EDIT });
    expect(unfinished.json().code).toBe('SHOP_NOT_EDITABLE');
    expect((await t.inject({ method: 'GET', url: '/api/admin/shops/99999999', session: founder })).statusCode).toBe(404);
  });

  it('lets an auditor audit but not edit, and an editor edit but not audit', async () => {
    const shop = await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    const auditor = (await t.adminWithPermissions(founder, ['shop', 'shopAudit'])).session;
    const editor = (await t.adminWithPermissions(founder, ['shop', 'shopEdit'])).session;
    expect((await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: auditor, payload: EDIT })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: editor, query: { pass: '1' } })).statusCode).toBe(403);
    expect((await shopRow(shop.id)).status).toBe('APPLY');
    expect((await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: auditor, query: { pass: '1' } })).statusCode).toBe(200);
  });
});

describe('adding a shop for a member', () => {
  it('opens the shop at once and links the member; one shop per member; names stay unique', async () => {
    const [member] = await t.ctx.db.insert(members).values({ uname: 'newseller', mobile: '13700001234' }).returning();
    const options = (await t.inject({ method: 'GET', url: '/api/admin/shops/members', session: founder, query: { keyword: 'newsel' } })).json();
    expect(options).toEqual({
      data: [{ member_id: member.id, uname: 'newseller', face: '', mobile: '137*****234', sex: 1, have_shop: 0 }],
      page_no: 1,
      page_size: 10,
      data_total: 1,
    });

    const added = await t.inject({ method: 'POST', url: '/api/admin/shops/base', session: founder, payload: { member_id: member.id, shop_name: '新开的店' } });
    expect(added.statusCode).toBe(200);
    const shopId = added.json().shop_id;
    expect(await shopRow(shopId)).toMatchObject({ status: 'OPEN', memberId: member.id, memberName: 'newseller', shopName: '新开的店' });
    const [owner] = await t.ctx.db.select().from(members).where(eq(members.id, member.id));
    expect(owner).toMatchObject({ haveShop: 1, shopId });

    const twice = await t.inject({ method: 'POST', url: '/api/admin/shops/base', session: founder, payload: { member_id: member.id, shop_name: '另一家店' } });
    expect(twice.json().code).toBe('SHOP_MEMBER_HAS_SHOP');
    const [second] = await t.ctx.db.insert(members).values({ uname: 'another', mobile: '13700005678' }).returning();
    const sameName = await t.inject({ method: 'POST', url: '/api/admin/shops/base', session: founder, payload: { member_id: second.id, shop_name: '新开的店' } });
    expect(sameName.json().code).toBe('SHOP_NAME_TAKEN');
    const [recycled] = await t.ctx.db.insert(members).values({ uname: 'gone', mobile: '13700009999', disabled: -1 }).returning();
    const disabled = await t.inject({ method: 'POST', url: '/api/admin/shops/base', session: founder, payload: { member_id: recycled.id, shop_name: '回收站的店' } });
    expect(disabled.json().code).toBe('SHOP_MEMBER_RECYCLED');
    const nobody = await t.inject({ method: 'POST', url: '/api/admin/shops/base', session: founder, payload: { member_id: 99999999, shop_name: '没人的店' } });
    expect(nobody.json().code).toBe('SHOP_MEMBER_NOT_FOUND');
    expect((await t.inject({ method: 'GET', url: '/api/admin/shops/members', session: founder, query: { keyword: 'newsel' } })).json().data[0].have_shop).toBe(1);
  });

  it('pages the members of the shop-add picker by name, for the shop-add role only', async () => {
    await t.ctx.db.insert(members).values(['pagea1', 'pagea2', 'pagea3'].map((uname, i) => ({ uname, mobile: `1360000000${i}` })));
    const page = (query: Record<string, string>, session = founder) => t.inject({ method: 'GET', url: '/api/admin/shops/members', session, query });
    const second = (await page({ keyword: 'pagea', page_size: '2', page_no: '2' })).json();
    expect(second).toMatchObject({ page_no: 2, page_size: 2, data_total: 3 });
    expect(second.data.map((member: { uname: string }) => member.uname)).toEqual(['pagea3']);
    expect((await page({ page_size: '51' })).statusCode).toBe(400);
    const adder = await t.adminWithPermissions(founder, ['shopAdd']);
    expect((await page({ keyword: 'pagea' }, adder.session)).json().data_total).toBe(3);
    const lister = await t.adminWithPermissions(founder, ['shopList']);
    expect((await page({ keyword: 'pagea' }, lister.session)).statusCode).toBe(403);
  });
});

describe('shop options', () => {
  it('matches names, leaves unfinished applications out and always returns the current selection', async () => {
    const a = await insertShop(t.ctx, { shopName: '选项甲店' });
    await insertShop(t.ctx, { shopName: '选项乙店', status: 'APPLYING', openedAt: null });
    const far = await insertShop(t.ctx, { shopName: '完全不同' });
    const found = (await t.inject({ method: 'GET', url: '/api/admin/shops/list', session: founder, query: { keyword: '选项', ids: String(far.id) } })).json();
    expect(found.map((shop: { shop_name: string }) => shop.shop_name)).toEqual(['完全不同', '选项甲店']);
    expect(found[1]).toEqual({ shop_id: a.id, shop_name: '选项甲店', shop_disable: 'OPEN' });
    const { session } = await t.adminWithPermissions(founder, ['member']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/shops/list', session })).statusCode).toBe(403);
  });
});

