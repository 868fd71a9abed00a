import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Country, CountryAdminRow, CountryState, RegionAdminRow, RegionChild, StateAdminRow } from '@agora/contract';
import { insertShop } from '../../test/marketplace-fixtures.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { members } from '../members/tables.js';
import { loadReferenceData } from './loader.js';
import { countries, countryStates, referenceData, regions } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session: Session = founder, headers: Record<string, string> = {}) =>
  t.inject({ method, url: `/api/${url}`, payload, session, headers });

async function createRegion(parent_id: number, local_name: string, extra: object = {}): Promise<RegionAdminRow> {
  const response = await call('POST', 'admin/systems/regions', { parent_id, local_name, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('regional management: the domestic tree', () => {
  it('adds three levels with zipcode and COD, refuses a fourth, and shows each in the pickers at once', async () => {
    const before = await call('GET', 'base/regions/0/children');
    expect(before.headers['cache-control']).toBe('public, no-cache');
    const etag = String(before.headers.etag);

    const province = await createRegion(0, '测试省', { zipcode: '100000', cod: 1 });
    expect(province).toMatchObject({ parent_id: 0, local_name: '测试省', region_grade: 1, zipcode: '100000', cod: 1, has_children: 0 });
    expect(province.id).toBeGreaterThanOrEqual(10_000_000);
    const city = await createRegion(province.id, '测试市');
    const county = await createRegion(city.id, '测试县', { zipcode: '100001' });
    expect(county.region_grade).toBe(3);

    const tooDeep = await call('POST', 'admin/systems/regions', { parent_id: county.id, local_name: '测试镇' });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toBe('地区最多3级');

    // The picker's cached answer is stale: its validator no longer matches, the new province comes back.
    const after = await call('GET', 'base/regions/0/children', undefined, founder, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as RegionChild[]).find((row) => row.id === province.id)).toMatchObject({ name: '测试省', has_children: 1 });
    const again = await call('GET', 'base/regions/0/children', undefined, founder, { 'if-none-match': String(after.headers.etag) });
    expect(again.statusCode).toBe(304);

    const children = (await call('GET', `admin/systems/regions/${province.id}/children`)).json() as RegionAdminRow[];
    expect(children).toEqual([{ ...city, has_children: 1 }]);
    expect((await call('GET', `admin/systems/regions/${county.id}`)).json()).toEqual(county);
    // Members' and shops' region expansion names the new divisions.
    const member = await t.inject({ method: 'GET', url: '/api/regions/menus', session: founder });
    expect(JSON.stringify(member.json())).toContain('测试县');
  });

  it('refuses a sibling name twice, also when two operators add it at the same moment', async () => {
    const clash = await call('POST', 'admin/systems/regions', { parent_id: 440000, local_name: '深圳市' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('同级地区下已存在名称“深圳市”');

    const [first, second] = await Promise.all([
      call('POST', 'admin/systems/regions', { parent_id: 440300, local_name: '前海区' }),
      call('POST', 'admin/systems/regions', { parent_id: 440300, local_name: '前海区' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    expect(await t.ctx.db.$count(regions, eq(regions.name, '前海区'))).toBe(1);
  });

  it('edits a region, and deletes only a leaf nobody uses', async () => {
    const edited = await call('PUT', 'admin/systems/regions/440305', { local_name: '南山区', zipcode: '518000', cod: 1 });
    expect(edited.json()).toMatchObject({ id: 440305, zipcode: '518000', cod: 1 });
    const rename = await call('PUT', 'admin/systems/regions/440305', { local_name: '福田区' });
    expect(rename.json().message).toBe('同级地区下已存在名称“福田区”');

    const withChildren = await call('DELETE', 'admin/systems/regions/440300');
    expect(withChildren.json().message).toBe('该地区下有下级地区，不能删除');

    const [member] = await t.ctx.db.insert(members).values({ uname: 'region_user', mobile: '13900000001', regionCountry: 'CN', regionIds: [440000, 440300, 440305] }).returning();
    const used = await call('DELETE', 'admin/systems/regions/440305');
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe('该地区已被1个会员或店铺使用，不能删除');
    await t.ctx.db.delete(members).where(eq(members.id, member.id));
    await insertShop(t.ctx, { regionIds: [440000, 440300, 440305] });
    expect((await call('DELETE', 'admin/systems/regions/440305')).json().message).toBe('该地区已被1个会员或店铺使用，不能删除');

    const leaf = await createRegion(440300, '临时区');
    expect((await call('DELETE', `admin/systems/regions/${leaf.id}`)).statusCode).toBe(200);
    expect((await call('GET', `admin/systems/regions/${leaf.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', 'admin/systems/regions/abc')).json().message).toBe('地区id格式有误');
  });

  it('keeps what operators added or changed when a new data package reloads the tree', async () => {
    const added = await createRegion(0, '保留省');
    await call('PUT', 'admin/systems/regions/440303', { local_name: '罗湖区（改）', zipcode: '518001', cod: 0 });
    await t.ctx.db.update(referenceData).set({ version: 'old' }).where(eq(referenceData.name, 'regions'));
    expect(await loadReferenceData(t.ctx.db)).toEqual({ loaded: ['regions'] });
    expect((await call('GET', `admin/systems/regions/${added.id}`)).json().local_name).toBe('保留省');
    expect((await call('GET', 'admin/systems/regions/440303')).json()).toMatchObject({ local_name: '罗湖区（改）', zipcode: '518001' });
  });

  it('is for operators holding regional management', async () => {
    const { session } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await call('POST', 'admin/systems/regions', { parent_id: 0, local_name: '越权省' }, session)).statusCode).toBe(403);
    expect((await call('GET', 'admin/systems/regions/0/children', undefined, session)).statusCode).toBe(403);
  });
});

describe('regional management: countries and states', () => {
  it('adds a country with its dial code, mobile pattern and flag, and the public list shows it', async () => {
    const bad = await call('POST', 'admin/countries', { code: 'ZZ', name_zh: '测试国', name_en: 'Testland', tel: '999', mobile_regex: '^(7\\d{6}$' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('手机号码规则不是有效的正则表达式');

    const created = await call('POST', 'admin/countries', { code: 'zz', name_zh: '测试国', name_en: 'Testland', tel: '999', mobile_regex: '^7\\d{6}$', flag: '🏳' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ id: 'ZZ', name: '测试国', tel: '999', state_count: 0 } satisfies Partial<CountryAdminRow>);
    const taken = await call('POST', 'admin/countries', { code: 'ZZ', name_zh: '又一个', name_en: 'Again', tel: '998', mobile_regex: '^7' });
    expect(taken.json().message).toBe('国家/地区代码已存在');

    const listed = (await t.inject({ method: 'GET', url: '/api/base/countries', headers: { language: 'en-US' } })).json() as Country[];
    expect(listed.find((country) => country.code === 'ZZ')).toMatchObject({ name: 'Testland', tel: '999', mobile_regex: '^7\\d{6}$', flag: '🏳' });

    const updated = await call('PUT', 'admin/countries/ZZ', { name_zh: '测试国', name_en: 'Testland', tel: '997', mobile_regex: '^8\\d{6}$', flag: '' });
    expect(updated.json()).toMatchObject({ tel: '997', mobile_regex: '^8\\d{6}$' });
    expect((await call('DELETE', 'admin/countries/CN')).json().message).toBe('本国不能删除');
  });

  it('adds, renames and deletes a country’s states, refusing a state a member lives in', async () => {
    const state = await call('POST', 'admin/states', { country_code: 'ZZ', name: '北省', code: 'N' });
    expect(state.statusCode, state.body).toBe(200);
    const row = state.json() as StateAdminRow;
    expect((await call('POST', 'admin/states', { country_code: 'ZZ', name: '北省' })).json().message).toBe('该国家/地区下已存在省份地区“北省”');
    expect((await t.inject({ method: 'GET', url: '/api/base/countries/ZZ/states' })).json() as CountryState[]).toEqual([{ id: row.id, name: '北省', has_city: 0 }]);
    expect((await call('DELETE', 'admin/countries/ZZ')).json().message).toBe('该国家/地区下有省份地区，不能删除');
    // the management lists (kept by the data's revision) show each change at once
    const zz = async () => ((await call('GET', 'admin/countries')).json() as CountryAdminRow[]).find((country) => country.code === 'ZZ')!;
    expect(await zz()).toMatchObject({ state_count: 1, has_children: 1 });

    expect((await call('PUT', `admin/states/${row.id}`, { name: '南省', code: 'S' })).json()).toMatchObject({ name: '南省', code: 'S' });
    expect((await call('GET', 'admin/countries/ZZ/states')).json()).toEqual([{ id: row.id, country_code: 'ZZ', name: '南省', code: 'S', has_city: 0 }]);
    expect((await call('GET', `admin/states/${row.id}`)).json()).toEqual({ id: row.id, country_code: 'ZZ', name: '南省', code: 'S', has_city: 0 });
    const [member] = await t.ctx.db.insert(members).values({ uname: 'state_user', mobile: '13900000002', regionCountry: 'ZZ', regionStateId: row.id }).returning();
    expect((await call('DELETE', `admin/states/${row.id}`)).json().message).toBe('该省份地区已被1个会员使用，不能删除');
    expect((await call('DELETE', 'admin/countries/ZZ')).statusCode).toBe(400);
    await t.ctx.db.delete(members).where(eq(members.id, member.id));
    expect((await call('DELETE', `admin/states/${row.id}`)).statusCode).toBe(200);
    expect((await call('GET', 'admin/countries/ZZ/states')).json()).toEqual([]);
    expect(await zz()).toMatchObject({ state_count: 0, has_children: 0 });
    expect((await call('DELETE', 'admin/countries/ZZ')).statusCode).toBe(200);
    expect((await call('GET', 'admin/countries/ZZ/states')).statusCode).toBe(404);
  });

  it('keeps the management country and state lists until the data’s revision moves', async () => {
    const nameOfDe = async (language: string) =>
      ((await call('GET', 'admin/countries', undefined, founder, { language })).json() as CountryAdminRow[]).find((country) => country.code === 'DE')!.name;
    const firstStateOfUs = async () => ((await call('GET', 'admin/countries/US/states')).json() as StateAdminRow[])[0];
    expect(await nameOfDe('zh-CN')).toBe('德国');
    expect(await nameOfDe('en-US')).toBe('Germany');
    const state = await firstStateOfUs();
    const answer = await call('GET', 'admin/countries');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect((await call('GET', 'admin/countries', undefined, founder, { 'if-none-match': String(answer.headers.etag) })).statusCode).toBe(304);
    // written past the product (which bumps the revision in the same transaction): the kept answers stand
    await t.ctx.db.update(countries).set({ nameZh: '德意志' }).where(eq(countries.code, 'DE'));
    await t.ctx.db.update(countryStates).set({ code: 'XX' }).where(eq(countryStates.id, state.id));
    try {
      expect(await nameOfDe('zh-CN')).toBe('德国');
      expect((await firstStateOfUs()).code).toBe(state.code);
      await t.ctx.db.update(referenceData).set({ revision: sql`${referenceData.revision} + 1` }).where(eq(referenceData.name, 'countries'));
      expect(await nameOfDe('zh-CN')).toBe('德意志');
      expect((await firstStateOfUs()).code).toBe('XX');
    } finally {
      await t.ctx.db.update(countries).set({ nameZh: '德国' }).where(eq(countries.code, 'DE'));
      await t.ctx.db.update(countryStates).set({ code: state.code }).where(eq(countryStates.id, state.id));
      await t.ctx.db.update(referenceData).set({ revision: sql`${referenceData.revision} + 1` }).where(eq(referenceData.name, 'countries'));
    }
  });
});
