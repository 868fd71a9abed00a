import { describe, expect, it } from 'vitest';
import type { FocusPicture, PageDetail, ShownPage } from '@agora/contract';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const focus = (payload: object, session = founder) => t.inject({ method: 'POST', url: '/api/admin/focus-pictures', session, payload });
const pictures = async (client: 'PC' | 'MOBILE'): Promise<FocusPicture[]> =>
  (await t.inject({ method: 'GET', url: `/api/admin/focus-pictures?client_type=${client}`, session: founder })).json();

describe('focus pictures (the carousel)', () => {
  it('adds pictures with their action, at most 5 per client; two operators adding the fifth at once get one picture and one refusal', async () => {
    const first = await focus({ client_type: 'MOBILE', pic_url: '/files/focus/a.png', operation_type: 'GOODS', operation_param: '12' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ client_type: 'MOBILE', operation_type: 'GOODS', operation_param: '12', operation_url: '/goods/12' });
    for (const name of ['b', 'c']) expect((await focus({ client_type: 'MOBILE', pic_url: `/files/focus/${name}.png` })).statusCode).toBe(200);
    // A PC picture does not count against the mobile carousel.
    expect((await focus({ client_type: 'PC', pic_url: '/files/focus/pc.png', operation_type: 'KEYWORD', operation_param: '手机' })).json().operation_url).toBe(
      `/goods-list?keyword=${encodeURIComponent('手机')}`,
    );
    expect((await focus({ client_type: 'MOBILE', pic_url: '/files/focus/d.png' })).statusCode).toBe(200);

    const race = await Promise.all(['e', 'f'].map((name) => focus({ client_type: 'MOBILE', pic_url: `/files/focus/${name}.png` })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(race.find((r) => r.statusCode === 400)!.json().message).toBe('每个客户端最多5张焦点图');
    expect(await pictures('MOBILE')).toHaveLength(5);
  });

  it('checks each action as the image picker does, edits within the client and deletes', async () => {
    const refusals: [object, string][] = [
      [{ client_type: 'PC', pic_url: '/files/x.png', operation_type: 'URL', operation_param: 'http://evil.example' }, '链接值只能以 / 开头！'],
      [{ client_type: 'PC', pic_url: '/files/x.png', operation_type: 'GOODS', operation_param: '0' }, '请输入正整数'],
      [{ client_type: 'PC', pic_url: '' }, '请上传图片'],
    ];
    for (const [payload, message] of refusals) {
      const response = await focus(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const [picture] = await pictures('PC');
    const edited = await t.inject({
      method: 'PUT',
      url: `/api/admin/focus-pictures/${picture.id}`,
      session: founder,
      payload: { client_type: 'MOBILE', pic_url: '/files/focus/pc2.png', operation_type: 'URL', operation_param: '/brands' },
    });
    expect(edited.json()).toMatchObject({ client_type: 'PC', pic_url: '/files/focus/pc2.png', operation_url: '/brands' });
    expect((await t.inject({ method: 'DELETE', url: `/api/admin/focus-pictures/${picture.id}`, session: founder })).statusCode).toBe(200);
    expect(await pictures('PC')).toEqual([]);
  });

  it('a PC pages editor cannot touch the mobile carousel', async () => {
    const { session } = await t.adminWithPermissions(founder, ['pcPages']);
    expect((await focus({ client_type: 'PC', pic_url: '/files/focus/ok.png' }, session)).statusCode).toBe(200);
    expect((await focus({ client_type: 'MOBILE', pic_url: '/files/focus/no.png' }, session)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/focus-pictures?client_type=MOBILE', session })).statusCode).toBe(403);
  });
});

describe('the page as buyers see it', () => {
  it('serves a published page without a login, resolving its floors against the catalogue, with a validator; drafts are not served', async () => {
    const shop = await insertShop(t.ctx);
    const closed = await insertShop(t.ctx, { status: 'CLOSED' });
    const category = await insertCategory(t.ctx, '手机数码');
    const onSale = await insertGoods(t.ctx, shop, category, { goodsName: '旗舰手机', priceCents: 499_900 });
    const offShelf = await insertGoods(t.ctx, shop, category, { marketEnable: 0 });
    await t.inject({ method: 'POST', url: '/api/admin/shops/navigations', session: founder, payload: { name: '秒杀', url: '/seckill', client_type: 'PC' } });
    const created = (await t.inject({ method: 'POST', url: '/api/admin/pages', session: founder, payload: { client_type: 'PC', page_name: '数码会场' } })).json() as PageDetail;
    const floors = [
      { key: 'g', type: 'GOODS', heading: '爆款', goods_ids: [offShelf.id, onSale.id] },
      { key: 's', type: 'SHOPS', shop_ids: [closed.id, shop.id] },
      { key: 'c', type: 'CATEGORIES', category_ids: [category.id] },
      { key: 'k', type: 'CAROUSEL' },
    ];
    const saved = await t.inject({ method: 'PUT', url: `/api/admin/pages/${created.page_id}`, session: founder, payload: { page_name: '数码会场', page_data: floors } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().page_data[0]).toEqual({ key: 'g', type: 'GOODS', heading: '爆款', columns: 4, goods_ids: [offShelf.id, onSale.id] });

    const url = `/api/base/pages/${created.page_id}`;
    const draft = await t.inject({ method: 'GET', url });
    expect(draft.statusCode).toBe(404);

    await t.inject({ method: 'PUT', url: `/api/admin/pages/${created.page_id}/publish`, session: founder });
    const shown = await t.inject({ method: 'GET', url });
    expect(shown.statusCode, shown.body).toBe(200);
    const page = shown.json() as ShownPage;
    expect(page).toMatchObject({ page_id: created.page_id, page_name: '数码会场', client_type: 'PC', navigations: [{ name: '秒杀', url: '/seckill', new_window: 0 }] });
    expect(page.floors).toEqual([
      { key: 'g', type: 'GOODS', heading: '爆款', columns: 4, goods: [{ goods_id: onSale.id, goods_name: '旗舰手机', thumbnail: '', price: 4999 }] },
      { key: 's', type: 'SHOPS', shops: [{ shop_id: shop.id, shop_name: shop.shopName, logo: '' }] },
      { key: 'c', type: 'CATEGORIES', categories: [{ category_id: category.id, name: '手机数码', image: '' }] },
      { key: 'k', type: 'CAROUSEL', pictures: await pictures('PC') },
    ]);
    expect((page.floors[3] as { pictures: FocusPicture[] }).pictures.map((p) => p.pic_url)).toEqual(['/files/focus/ok.png']);
    const etag = shown.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(shown.headers['cache-control']).toBe('public, no-cache');
    const again = await t.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // An edit changes the validator; taking the page back stops serving it.
    await t.inject({ method: 'PUT', url: `/api/admin/pages/${created.page_id}`, session: founder, payload: { page_name: '数码会场', page_data: floors.slice(1) } });
    expect((await t.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    await t.inject({ method: 'PUT', url: `/api/admin/pages/${created.page_id}/publish`, session: founder });
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('previews unsaved floors for the editor the same way, and refuses floors that break the rules', async () => {
    const preview = await t.inject({
      method: 'POST',
      url: '/api/admin/pages/preview',
      session: founder,
      payload: { client_type: 'PC', page_data: [{ key: 't', type: 'TITLE', title: { text: '热卖', start_color: '#fff', end_color: '#000' } }] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual([{ key: 't', type: 'TITLE', title: { text: '热卖', start_color: '#fff', end_color: '#000' } }]);
    const page = (await t.inject({ method: 'POST', url: '/api/admin/pages', session: founder, payload: { client_type: 'PC', page_name: '规则' } })).json() as PageDetail;
    const bad: [object, string][] = [
      [{ key: 't', type: 'TITLE', title: { text: '五个字标题', start_color: '#fff', end_color: '#000' } }, '楼层标题须为2-4个字！'],
      [{ key: 'g', type: 'GOODS', goods_ids: Array.from({ length: 21 }, (_, i) => i + 1) }, '一个商品楼层最多20个商品'],
      [{ key: 'l', type: 'TEXT_LINKS', links: [{ text: '去看看', opt_type: 'URL', opt_value: 'javascript:alert(1)' }] }, '链接值只能以 / 开头！'],
    ];
    for (const [floor, message] of bad) {
      const response = await t.inject({ method: 'PUT', url: `/api/admin/pages/${page.page_id}`, session: founder, payload: { page_name: '规则', page_data: [floor] } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});
