import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { goods } from '../goods/tables.js';
import { members } from '../members/tables.js';
import { shopDetails, shops } from './tables.js';

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

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
    expect(closedItem).toMatchObject({ marketEnable: 0, underMessage: '店铺关闭，商品下架' });

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
    const twice = await t.inject({ method: 'PUT', url: `/api/admin/shops/${applied.id}`, session: founder, query: { pass: '1' } });
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
