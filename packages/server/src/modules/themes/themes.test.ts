import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Page, ThemeRow } from '@agora/contract';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { insertShop } from '../../test/marketplace-fixtures.js';
import { shops } from '../shops/tables.js';
import { systemLogs } from '../system-logs/tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const base = '/api/admin/shops/themes';
const create = (payload: object, session = founder) => t.inject({ method: 'POST', url: base, session, payload });
const list = async (type?: string) => {
  const response = await t.inject({ method: 'GET', url: base, session: founder, query: type ? { type } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Page<ThemeRow>).data;
};
const defaults = async (type: string) => (await list(type)).filter((theme) => theme.is_default === 1).map((theme) => theme.mark);
const audit = (id: number) => t.inject({ method: 'PUT', url: `/api/admin/shops/${id}`, session: founder, query: { pass: '1', audit_remark: '' } });
const theme = (mark: string, type: 'PC' | 'WAP', extra: object = {}) => ({ name: `模版${mark}`, mark, image: `/themes/${mark}.png`, type, ...extra });

describe('shop themes', () => {
  it('refuses to open a shop while a type has no default theme, changing nothing', async () => {
    const applied = await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    const refused = await audit(applied.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('店铺模版不存在,请设置店铺模版');
    expect((await create(theme('pc_only', 'PC'))).statusCode).toBe(200);
    expect((await audit(applied.id)).json().message).toBe('店铺模版不存在,请设置店铺模版');
    const [row] = await t.ctx.db.select().from(shops).where(eq(shops.id, applied.id));
    expect(row).toMatchObject({ status: 'APPLY', pcThemeId: null, wapThemeId: null });
  });

  it('makes the first theme of a type its default, keeps one default per type, and gives the defaults to an approved shop', async () => {
    const wap = await create(theme('wap_first', 'WAP'));
    expect(wap.statusCode, wap.body).toBe(200);
    expect(wap.json()).toMatchObject({ type: 'WAP', is_default: 1, shop_count: 0 });
    const second = (await create(theme('wap_second', 'WAP'))).json() as ThemeRow;
    expect(second.is_default).toBe(0);
    expect(await defaults('WAP')).toEqual(['wap_first']);

    const applied = await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    expect((await audit(applied.id)).statusCode).toBe(200);
    const [opened] = await t.ctx.db.select().from(shops).where(eq(shops.id, applied.id));
    const pc = (await list('PC')).find((row) => row.mark === 'pc_only');
    expect(opened).toMatchObject({ status: 'OPEN', pcThemeId: pc?.id, wapThemeId: wap.json().id });
    expect((await list('WAP')).find((row) => row.mark === 'wap_first')?.shop_count).toBe(1);

    // a new default named on creation takes over; the old one stays, in use
    const third = (await create(theme('wap_third', 'WAP', { is_default: 1 }))).json() as ThemeRow;
    expect(third.is_default).toBe(1);
    expect(await defaults('WAP')).toEqual(['wap_third']);
    expect(await defaults('PC')).toEqual(['pc_only']);
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('添加店铺模版 模版wap_third');
  });

  it('switches the default in one step; of two operators at once exactly one default remains', async () => {
    const rows = await list('WAP');
    const [a, b] = rows.filter((row) => row.is_default === 0);
    const switched = await Promise.all([a, b].map((row) => t.inject({ method: 'PUT', url: `${base}/${row.id}/default`, session: founder })));
    expect(switched.map((response) => response.statusCode)).toEqual([200, 200]);
    const after = await defaults('WAP');
    expect(after).toHaveLength(1);
    expect([a.mark, b.mark]).toContain(after[0]);
  });

  it('keeps the mark unique across both types (also when two add it at once) and validates input', async () => {
    const taken = await create(theme('wap_first', 'PC'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('模版标识已存在');
    const racing = await Promise.all([create(theme('race_mark', 'PC')), create(theme('race_mark', 'WAP'))]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(racing.find((response) => response.statusCode === 400)?.json().message).toBe('模版标识已存在');
    const bad = await create({ name: '', mark: '1x', image: '', type: 'APP' });
    expect(bad.statusCode).toBe(400);
    const pcFirst = (await list('PC')).find((row) => row.mark === 'pc_only') as ThemeRow;
    const renamed = await t.inject({ method: 'PUT', url: `${base}/${pcFirst.id}`, session: founder, payload: { name: '经典PC', mark: 'race_mark', image: '/x.png' } });
    expect(renamed.json().message).toBe('模版标识已存在');
    const edited = await t.inject({ method: 'PUT', url: `${base}/${pcFirst.id}`, session: founder, payload: { name: '经典PC', mark: 'classic_pc', image: '/x.png' } });
    expect(edited.json()).toMatchObject({ name: '经典PC', mark: 'classic_pc', type: 'PC', is_default: 1 });
  });

  it('refuses deleting the default or a theme a shop uses; deletes an unused one', async () => {
    const third = (await list('WAP')).find((row) => row.mark === 'wap_third') as ThemeRow;
    expect((await t.inject({ method: 'PUT', url: `${base}/${third.id}/default`, session: founder })).statusCode).toBe(200);
    const wap = await list('WAP');
    const current = wap.find((row) => row.is_default === 1) as ThemeRow;
    const defaultDelete = await t.inject({ method: 'DELETE', url: `${base}/${current.id}`, session: founder });
    expect(defaultDelete.json().message).toBe('默认模版不能删除，请先将其他模版设为默认');
    const used = wap.find((row) => row.mark === 'wap_first') as ThemeRow;
    const inUse = await t.inject({ method: 'DELETE', url: `${base}/${used.id}`, session: founder });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().message).toBe('该模版正被1个店铺使用，不能删除');
    const unused = wap.find((row) => row.is_default === 0 && row.shop_count === 0) as ThemeRow;
    expect((await t.inject({ method: 'DELETE', url: `${base}/${unused.id}`, session: founder })).statusCode).toBe(200);
    expect((await list('WAP')).map((row) => row.id)).not.toContain(unused.id);
    expect((await t.inject({ method: 'DELETE', url: `${base}/${unused.id}`, session: founder })).statusCode).toBe(404);
  });

  it('gives an open shop other themes from its edit page, each of its own type, and counts the shops a theme draws', async () => {
    const shop = await insertShop(t.ctx);
    const pc = (await create(theme('edit_pc', 'PC'))).json() as ThemeRow;
    const wap = (await create(theme('edit_wap', 'WAP'))).json() as ThemeRow;
    // A shop editor without the themes screen still gets the themes to choose from.
    const editor = (await t.adminWithPermissions(founder, ['shop', 'shopList', 'shopEdit'])).session;
    const options = await t.inject({ method: 'GET', url: `${base}/options`, session: editor });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual(expect.arrayContaining([{ id: pc.id, name: pc.name, type: 'PC', is_default: pc.is_default }]));
    const detail = { ...(await t.inject({ method: 'GET', url: `/api/admin/shops/${shop.id}`, session: editor })).json(), link_phone: '13800138000' };
    const edit = (body: object) => t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: editor, payload: { ...detail, ...body } });

    // A WAP theme cannot draw the PC site: refused whole.
    const crossed = await edit({ pc_theme_id: wap.id, wap_theme_id: wap.id, shop_name: `${detail.shop_name}改` });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().message).toBe('模版不存在');
    expect((await t.ctx.db.select().from(shops).where(eq(shops.id, shop.id)))[0]).toMatchObject({ shopName: detail.shop_name, pcThemeId: null });

    expect((await edit({ pc_theme_id: pc.id, wap_theme_id: wap.id })).statusCode).toBe(200);
    const saved = (await t.inject({ method: 'GET', url: `/api/admin/shops/${shop.id}`, session: editor })).json();
    expect(saved).toMatchObject({ pc_theme_id: pc.id, wap_theme_id: wap.id });
    expect((await list('PC')).find((row) => row.id === pc.id)?.shop_count).toBe(1);
    // Left out, they stay.
    const { pc_theme_id: _pc, wap_theme_id: _wap, ...withoutThemes } = { ...saved, link_phone: '13800138000' };
    expect((await t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: editor, payload: withoutThemes })).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(shops).where(eq(shops.id, shop.id)))[0]).toMatchObject({ pcThemeId: pc.id, wapThemeId: wap.id });
  });

  it('needs the themes permission', async () => {
    const other = (await t.adminWithPermissions(founder, ['shop', 'shopList'])).session;
    expect((await t.inject({ method: 'GET', url: base, session: other })).statusCode).toBe(403);
    expect((await create(theme('denied', 'PC'), other)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `${base}/options`, session: other })).statusCode).toBe(403);
  });
});
