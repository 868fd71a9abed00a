import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { mobileRule, phoneCountryCodes, type Country, type CountryState, type RegionChild, type RegionNode } from '@agora/contract';
import { insertShop } from '../../test/marketplace-fixtures.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { datasetVersions, loadReferenceData } from './loader.js';
import { assertMobile, expandRegion, expandRegions, resolveRegionSelection } from './service.js';
import { countries, countryCities, countryStates, referenceData, regions } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const get = (url: string, headers: Record<string, string> = {}, session?: Session) => t.inject({ method: 'GET', url: `/api/${url}`, headers, session });
const countOf = async (table: typeof regions | typeof countries | typeof countryStates | typeof countryCities) => (await t.ctx.db.select({ n: count() }).from(table))[0].n;

describe('reference data loader', () => {
  it('loads China’s divisions: 34 provincial-level ones with Hong Kong, Macao and Taiwan, their cities and districts', async () => {
    const provinces = await t.ctx.db.select().from(regions).where(eq(regions.level, 1));
    expect(provinces).toHaveLength(34);
    const names = provinces.map((province) => province.name);
    expect(names).toEqual(expect.arrayContaining(['北京市', '广东省', '新疆维吾尔自治区', '香港特别行政区', '澳门特别行政区', '台湾省']));
    expect(await t.ctx.db.$count(regions, eq(regions.level, 2))).toBeGreaterThan(400);
    expect(await t.ctx.db.$count(regions, eq(regions.level, 3))).toBeGreaterThan(2800);
    expect(await t.ctx.db.$count(regions, eq(regions.name, '市辖区'))).toBe(0);
    expect((await t.ctx.db.select().from(regions).where(eq(regions.id, 419000)))[0].name).toBe('省直辖县级行政区划');
    const [nanshan] = await t.ctx.db.select().from(regions).where(eq(regions.id, 440305));
    expect(nanshan).toMatchObject({ name: '南山区', parentId: 440300, level: 3, path: '|440000|440300|440305|' });
  });

  it('loads every country with a dialling code and its mobile rule, and the overseas states', async () => {
    expect(await countOf(countries)).toBe(phoneCountryCodes().length);
    const [cn] = await t.ctx.db.select().from(countries).where(eq(countries.code, 'CN'));
    expect(cn).toMatchObject({ nameZh: '中国', nameEn: 'China', tel: '86', mobileRegex: mobileRule('CN')!.mobile_regex, flag: '🇨🇳', sort: 0 });
    expect(await t.ctx.db.$count(countryStates, eq(countryStates.countryCode, 'US'))).toBeGreaterThanOrEqual(50);
    expect(await countOf(countryCities)).toBe(0);
  });

  it('does nothing on a second run, and reloads a data set whose version changed', async () => {
    const before = await countOf(regions);
    expect(await loadReferenceData(t.ctx.db)).toEqual({ loaded: [] });
    expect(await countOf(regions)).toBe(before);

    await t.ctx.db.update(referenceData).set({ version: 'old' }).where(eq(referenceData.name, 'regions'));
    await t.ctx.db.update(regions).set({ name: '旧名' }).where(eq(regions.id, 440305));
    await t.ctx.db.insert(regions).values({ id: 999999, parentId: 0, level: 1, name: '已撤销', path: '|999999|' });
    expect(await loadReferenceData(t.ctx.db)).toEqual({ loaded: ['regions'] });
    expect(await countOf(regions)).toBe(before);
    expect((await t.ctx.db.select().from(regions).where(eq(regions.id, 440305)))[0].name).toBe('南山区');
    const [held] = await t.ctx.db.select().from(referenceData).where(eq(referenceData.name, 'regions'));
    expect(held.version).toBe(datasetVersions().regions);
  });
});

describe('GET base/countries…', () => {
  it('lists the countries publicly, the domestic one first, named in the request’s language', async () => {
    const zh = await get('base/countries');
    expect(zh.statusCode).toBe(200);
    const list = zh.json() as Country[];
    expect(list[0]).toEqual({ code: 'CN', name: '中国', tel: '86', mobile_regex: mobileRule('CN')!.mobile_regex, flag: '🇨🇳', mt: expect.stringMatching(/^1\d{10}$/) });
    const us = list.find((country) => country.code === 'US')!;
    expect(us).toMatchObject({ name: '美国', tel: '1' });
    expect(new RegExp(us.mobile_regex).test(us.mt)).toBe(true);
    expect(list.find((country) => country.code === 'TW')!.name).toBe('中国台湾');
    const en = (await get('base/countries', { language: 'en-US' })).json() as Country[];
    expect(en.find((country) => country.code === 'DE')!.name).toBe('Germany');
    // every web-side check uses this pattern: it is the contract's own rule
    for (const country of list) expect(country.mobile_regex).toBe(mobileRule(country.code)!.mobile_regex);
  });

  it('answers 304 to a client that holds the current version, and varies by language', async () => {
    const first = await get('base/countries');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('base/countries', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('base/countries', { 'if-none-match': etag, language: 'en-US' })).statusCode).toBe(200);
  });

  it('keeps each answer until the data’s revision moves: a new revision is read afresh', async () => {
    const nameOfDe = async () => ((await get('base/countries')).json() as Country[]).find((country) => country.code === 'DE')!.name;
    const tree = async () => (await get('regions/menus', {}, founder)).json() as RegionNode[];
    expect(await nameOfDe()).toBe('德国');
    const beijing = (await tree()).find((node) => node.id === 110000)!.name;
    // written past the product (which bumps the revision in the same transaction): the kept answers stand
    await t.ctx.db.update(countries).set({ nameZh: '德意志' }).where(eq(countries.code, 'DE'));
    await t.ctx.db.update(regions).set({ name: '北京' }).where(eq(regions.id, 110000));
    const first = await get('base/countries');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((first.json() as Country[]).find((country) => country.code === 'DE')!.name).toBe('德国');
    expect((await tree()).find((node) => node.id === 110000)!.name).toBe(beijing);
    try {
      for (const name of ['countries', 'regions'] as const) await t.ctx.db.update(referenceData).set({ revision: sql`${referenceData.revision} + 1` }).where(eq(referenceData.name, name));
      expect(await nameOfDe()).toBe('德意志');
      expect((await tree()).find((node) => node.id === 110000)!.name).toBe('北京');
    } finally {
      await t.ctx.db.update(countries).set({ nameZh: '德国' }).where(eq(countries.code, 'DE'));
      await t.ctx.db.update(regions).set({ name: beijing }).where(eq(regions.id, 110000));
      for (const name of ['countries', 'regions'] as const) await t.ctx.db.update(referenceData).set({ revision: sql`${referenceData.revision} + 1` }).where(eq(referenceData.name, name));
    }
  });

  it('lists the states of a country, and copies a state’s cities into the database on first use', async () => {
    const states = (await get('base/countries/us/states')).json() as CountryState[];
    const california = states.find((state) => state.name === 'California')!;
    expect(california).toMatchObject({ has_city: 1 });
    const cities = (await get(`base/countries/${california.id}/cities`)).json() as { id: number; name: string }[];
    expect(cities.length).toBeGreaterThan(500);
    expect(cities.map((city) => city.name)).toContain('Los Angeles');
    expect(await t.ctx.db.$count(countryCities, eq(countryCities.stateId, california.id))).toBe(cities.length);
    const [row] = await t.ctx.db.select().from(countryStates).where(eq(countryStates.id, california.id));
    expect(row.citiesLoaded).toBe(1);
    // asked again, served from the database as it is
    expect((await get(`base/countries/${california.id}/cities`)).json()).toEqual(cities);
  });

  it('refuses unknown countries and states', async () => {
    expect((await get('base/countries/ZZ/states')).json()).toEqual({ code: 'COUNTRY_NOT_FOUND', message: '国家/地区不存在' });
    expect((await get('base/countries/ZZ/states')).statusCode).toBe(404);
    expect((await get('base/countries/123456789/cities')).statusCode).toBe(404);
    expect((await get('base/countries/abc/cities')).statusCode).toBe(400);
    expect((await get('base/countries/CHN/states')).statusCode).toBe(400);
  });
});

describe('GET base/regions/{id}/children and regions/menus', () => {
  it('walks the domestic tree one level at a time from 0', async () => {
    const provinces = (await get('base/regions/0/children')).json() as RegionChild[];
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ id: 110000, name: '北京市', level: 1, has_children: 1 });
    expect(provinces.find((province) => province.id === 710000)).toMatchObject({ name: '台湾省', has_children: 0 });
    const cities = (await get('base/regions/440000/children')).json() as RegionChild[];
    expect(cities.find((city) => city.id === 440300)).toEqual({ id: 440300, name: '深圳市', level: 2, has_children: 1 });
    const districts = (await get('base/regions/440300/children')).json() as RegionChild[];
    expect(districts.find((district) => district.id === 440305)).toEqual({ id: 440305, name: '南山区', level: 3, has_children: 0 });
    expect((await get('base/regions/440305/children')).json()).toEqual([]);
    expect((await get('base/regions/123/children')).statusCode).toBe(404);
    // past the spec's maximum id or the column: a 400 with a message, never a 500
    expect((await get('base/regions/99999999999999999999/children')).json()).toEqual({ code: 'VALIDATION', message: '地区id格式有误' });
    expect((await get('base/regions/2147483648/children')).statusCode).toBe(400);
    expect((await get('base/countries/99999999999999999999/cities')).json()).toEqual({ code: 'VALIDATION', message: '省份地区id格式有误' });
    expect((await get('base/regions/-1/children')).statusCode).toBe(400);
  });

  it('gives signed-in operators the whole tree, cacheable', async () => {
    expect((await get('regions/menus')).statusCode).toBe(401);
    const response = await get('regions/menus', {}, founder);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const tree = response.json() as RegionNode[];
    expect(tree).toHaveLength(34);
    let nodes = 0;
    const walk = (list: RegionNode[]) => list.forEach((node) => (nodes++, node.children && walk(node.children)));
    walk(tree);
    expect(nodes).toBe(await countOf(regions));
    const guangdong = tree.find((node) => node.id === 440000)!;
    const shenzhen = guangdong.children!.find((node) => node.id === 440300)!;
    expect(shenzhen.children!.find((node) => node.id === 440305)).toEqual({ id: 440305, name: '南山区' });
    expect((await get('regions/menus', { 'if-none-match': response.headers.etag as string }, founder)).statusCode).toBe(304);
  });
});

describe('helpers for other modules', () => {
  it('expands region ids into their names from the province down', async () => {
    expect(await expandRegion(t.ctx.db, 440305)).toEqual({ id: 440305, ids: [440000, 440300, 440305], names: ['广东省', '深圳市', '南山区'], name: '广东省 深圳市 南山区' });
    const many = await expandRegions(t.ctx.db, [110105, 440000, 1]);
    expect(many.get(110105)?.name).toBe('北京市 朝阳区');
    expect(many.get(440000)?.ids).toEqual([440000]);
    expect(many.has(1)).toBe(false);
    await expect(expandRegion(t.ctx.db, 1)).rejects.toMatchObject({ status: 400, code: 'REGION_NOT_FOUND' });
  });

  it('checks mobiles by the country rule, domestic CN by default', () => {
    expect(assertMobile('138 0013 8000')).toBe('13800138000');
    expect(assertMobile('+8613800138000')).toBe('13800138000');
    expect(assertMobile('+447400123456')).toBe('+447400123456');
    expect(() => assertMobile('12345678901')).toThrow('手机号码格式有误！');
    expect(() => assertMobile('+442012345678')).toThrow('手机号码格式有误！');
    expect(() => assertMobile('')).toThrow('请输入手机号！');
  });

  it('checks a country/state/city selection against the data and names it from the data', async () => {
    const domestic = await resolveRegionSelection(t.ctx.db, { region_type: 0, country_code: 'CN', country_name: 'x', internal_region_id: 440305, overseas_region: null });
    expect(domestic).toEqual({ region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: 440305, overseas_region: null });
    await expect(resolveRegionSelection(t.ctx.db, { region_type: 0, country_code: '', country_name: '', internal_region_id: null, overseas_region: null })).rejects.toThrow('请选择国家/地区');
    await expect(resolveRegionSelection(t.ctx.db, { region_type: 0, country_code: 'CN', country_name: '', internal_region_id: null, overseas_region: null })).rejects.toThrow('请选择省份地区');

    const states = (await get('base/countries/US/states')).json() as CountryState[];
    const texas = states.find((state) => state.name === 'Texas')!;
    const houston = ((await get(`base/countries/${texas.id}/cities`)).json() as { id: number; name: string }[]).find((city) => city.name === 'Houston')!;
    const overseas = await resolveRegionSelection(t.ctx.db, {
      region_type: 1, country_code: 'US', country_name: '', internal_region_id: null,
      overseas_region: { state_id: texas.id, state_name: 'wrong', city_id: houston.id, city_name: 'wrong' },
    });
    expect(overseas.overseas_region).toEqual({ state_id: texas.id, state_name: 'Texas', city_id: houston.id, city_name: 'Houston' });
    await expect(resolveRegionSelection(t.ctx.db, { region_type: 1, country_code: 'US', country_name: '', internal_region_id: null, overseas_region: null })).rejects.toThrow('请选择省份地区');
    await expect(
      resolveRegionSelection(t.ctx.db, { region_type: 1, country_code: 'US', country_name: '', internal_region_id: null, overseas_region: { state_id: texas.id, state_name: '', city_id: null, city_name: '' } }),
    ).rejects.toThrow('请选择城市');
    // Ascension Island has no state list: state and city are typed
    expect(await t.ctx.db.$count(countryStates, eq(countryStates.countryCode, 'AC'))).toBe(0);
    const typed = { region_type: 1 as const, country_code: 'AC', country_name: '', internal_region_id: null };
    await expect(resolveRegionSelection(t.ctx.db, { ...typed, overseas_region: { state_id: null, state_name: '', city_id: null, city_name: '' } })).rejects.toThrow('请填写省份地区');
    await expect(resolveRegionSelection(t.ctx.db, { ...typed, overseas_region: { state_id: null, state_name: 'Georgetown', city_id: null, city_name: '' } })).rejects.toThrow('请填写城市');
    expect((await resolveRegionSelection(t.ctx.db, { ...typed, overseas_region: { state_id: null, state_name: ' Georgetown ', city_id: null, city_name: 'Two Boats' } })).overseas_region).toEqual({
      state_id: null, state_name: 'Georgetown', city_id: null, city_name: 'Two Boats',
    });
  });
});

describe('shops name their regions from the region data', () => {
  it('stores the chosen ids with their names, keeps a typed name without an id, and refuses unknown ids and bad mobiles', async () => {
    const shop = await insertShop(t.ctx);
    const edit = (changes: Record<string, unknown>) =>
      t.inject({ method: 'PUT', url: `/api/admin/shops/${shop.id}`, session: founder, payload: { shop_name: shop.shopName, commission_rate: 5, link_phone: '13800138000', ...changes } });
    const saved = await edit({ region_id: 440305, region: '别的名字', license_region_id: 110105, bank_region: '手填的开户地', link_phone: '+86 138 0013 8000' });
    expect(saved.statusCode).toBe(200);
    const detail = (await get(`admin/shops/${shop.id}`, {}, founder)).json();
    expect(detail).toMatchObject({
      region_id: 440305, region_ids: [440000, 440300, 440305], region: '广东省 深圳市 南山区',
      license_region_id: 110105, license_region_ids: [110000, 110105], license_region: '北京市 朝阳区',
      bank_region_id: 0, bank_region_ids: [], bank_region: '手填的开户地',
      link_phone: '13800138000',
    });
    const unknown = await edit({ bank_region_id: 123 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'REGION_NOT_FOUND', message: '地区不存在' });
    expect((await edit({ link_phone: '12345678901' })).json()).toMatchObject({ code: 'VALIDATION', message: '手机号码格式有误！' });
    expect((await edit({ link_phone: '' })).json()).toMatchObject({ code: 'VALIDATION', message: '请输入手机号！' });
    expect((await edit({ link_phone: '+447400123456' })).statusCode).toBe(200);
    expect((await get(`admin/shops/${shop.id}`, {}, founder)).json().link_phone).toBe('+447400123456');
  });
});
