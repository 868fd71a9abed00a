import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, md5, newPage, read, call } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});


const openShops = async () =>
  (await read(token, ENDPOINTS.shops.list, { query: { shop_disable: 'OPEN', page_size: 200 } })).data;
const shopDetail = async (id: number) => read(token, ENDPOINTS.shops.detail, { params: { id } });

async function openEditPage(page: Page, shop: { shop_id: number; shop_name: string }) {
  await page.goto(`/admin/shop/edit/${shop.shop_id}`);
  await expect.poll(() => page.getByLabel('店铺名称').inputValue()).toBe(shop.shop_name);
}

const regionField = (page: Page) => page.locator('.ant-form-item', { has: page.getByText('店铺所在地', { exact: true }) }).locator('.ant-cascader');
const menuItem = (page: Page, name: string) => page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) });

describe('regions against the real server', () => {
  it('serves the reference data: countries with their mobile rules, and China’s divisions', async () => {
    const countries = await read('', ENDPOINTS.regions.countries);
    expect(countries[0]).toMatchObject({ code: 'CN', tel: '86' });
    expect(countries.length).toBeGreaterThan(240);
    for (const country of countries) expect(new RegExp(country.mobile_regex).test(country.mt), country.code).toBe(true);
    const provinces = await read('', ENDPOINTS.regions.children, { params: { id: 0 } });
    expect(provinces).toHaveLength(34);
  });

  it('picks a province, city and district for a shop on its edit page; after saving and reloading it is still chosen', async () => {
    const shop = (await openShops())[2];
    const { context, page } = await newPage(browser);
    await login(page);
    await openEditPage(page, shop);

    await regionField(page).click();
    await menuItem(page, '广东省').click();
    await menuItem(page, '深圳市').click();
    await menuItem(page, '南山区').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => regionField(page).innerText()).toContain('广东省 / 深圳市 / 南山区');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('店铺信息已保存').waitFor();

    const saved = await shopDetail(shop.shop_id);
    expect(saved.region_ids).toEqual([440000, 440300, 440305]);
    expect(saved.region).toBe('广东省 深圳市 南山区');

    await page.reload();
    await expect.poll(() => page.getByLabel('店铺名称').inputValue()).toBe(shop.shop_name);
    await expect.poll(() => regionField(page).innerText()).toContain('广东省 / 深圳市 / 南山区');
    await context.close();
  });

  it('refuses an invalid contact mobile with 手机号码格式有误！ and keeps the saved one', async () => {
    const shop = (await openShops())[3];
    const before = await shopDetail(shop.shop_id);
    const { context, page } = await newPage(browser);
    await login(page);
    await openEditPage(page, shop);
    await page.getByRole('tab', { name: '公司与资质' }).click();
    const mobile = page.getByLabel('联系人电话');
    await expect.poll(() => mobile.inputValue()).toBe(before.link_phone);
    await mobile.fill('12345678901');
    await page.getByText('手机号码格式有误！').waitFor();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('手机号码格式有误！').waitFor();
    await page.waitForTimeout(500);
    expect((await shopDetail(shop.shop_id)).link_phone).toBe(before.link_phone);

    // a Hong Kong mobile under +852 is saved with its dialling code
    await page.getByTestId('mobile-country').click();
    await page.keyboard.type('香港');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '+852' }).click();
    await mobile.fill('61234567');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('店铺信息已保存').waitFor();
    expect((await shopDetail(shop.shop_id)).link_phone).toBe('+85261234567');
    await context.close();
  });

  it('checks a mobile by the pattern regional management saved, in the form and on the server alike', async () => {
    // Hong Kong's rule loosened to let 1xxxxxxx in (no Hong Kong mobile range), as an operator may.
    const hk = (await read(token, ENDPOINTS.regions.adminCountries)).find((country) => country.code === 'HK')!;
    const edit = (mobile_regex: string) =>
      read(token, ENDPOINTS.regions.countryUpdate, { params: { code: 'HK' }, body: { name_zh: hk.name_zh, name_en: hk.name_en, tel: hk.tel, flag: hk.flag, mobile_regex } });
    await edit(`${hk.mobile_regex}|1\\d{7}`);
    try {
      const shop = (await openShops())[4];
      const { context, page } = await newPage(browser);
      await login(page);
      await openEditPage(page, shop);
      await page.getByRole('tab', { name: '公司与资质' }).click();
      await page.getByTestId('mobile-country').click();
      await page.keyboard.type('香港');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '+852' }).click();
      await page.getByLabel('联系人电话').fill('12345678');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('店铺信息已保存').waitFor();
      expect((await shopDetail(shop.shop_id)).link_phone).toBe('+85212345678');
      await context.close();
    } finally {
      await edit(hk.mobile_regex);
    }
  });

  describe('a member’s 所在地区 on the member edit page (country/state/city picker)', () => {
    interface MemberDetail {
      member_id: number;
      uname: string;
      region: string;
      region_ids: number[];
      region_selection: {
        region_type: number;
        country_code: string;
        internal_region_id: number | null;
        overseas_region: { state_id: number | null; state_name: string; city_id: number | null; city_name: string } | null;
      } | null;
    }
    const memberDetail = async (id: number) => read(token, ENDPOINTS.members.detail, { params: { id } });
    const field = (page: Page) => page.locator('.ant-form-item', { has: page.getByText('所在地区', { exact: true }) });
    const fieldError = (page: Page, text: string) => field(page).locator('.ant-form-item-explain-error', { hasText: text });
    const save = (page: Page) => page.getByRole('button', { name: /保\s*存/ }).click();
    async function choose(page: Page, testId: string, typed: string, option: string | RegExp) {
      await field(page).getByTestId(testId).click();
      await page.keyboard.type(typed);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
    }
    /** A member of its own, so no other spec's edits meet this one. */
    async function newMember(): Promise<MemberDetail> {
      const suffix = crypto.randomBytes(3).toString('hex');
      const mobile = `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
      const response = await call(token, ENDPOINTS.members.create, { body: { uname: `region${suffix}`, password: md5('member1'), mobile } });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as MemberDetail;
    }
    async function openEdit(page: Page, member: MemberDetail) {
      await page.goto(`/admin/member/edit/${member.member_id}`);
      await page.getByText(member.uname, { exact: true }).waitFor();
      await field(page).getByTestId('region-country').waitFor();
    }

    it('picks a country, state and city from the lists (请选择省份地区, then 请选择城市 while missing); after saving and reloading it is still chosen', async () => {
      const member = await newMember();
      expect(member.region_selection).toBeNull();
      const { context, page } = await newPage(browser);
      await login(page);
      await openEdit(page, member);

      await choose(page, 'region-country', '美国', /^美国$/);
      await save(page);
      await fieldError(page, '请选择省份地区').waitFor();
      await choose(page, 'region-state', 'Texas', /^Texas$/);
      await save(page);
      await fieldError(page, '请选择城市').waitFor();
      expect((await memberDetail(member.member_id)).region_selection).toBeNull();
      await choose(page, 'region-city', 'Houston', /^Houston$/);
      await save(page);
      await page.getByText('会员资料已保存').waitFor();

      const saved = await memberDetail(member.member_id);
      expect(saved.region).toBe('美国 Texas Houston');
      expect(saved.region_selection).toMatchObject({ region_type: 1, country_code: 'US', internal_region_id: null, overseas_region: { state_name: 'Texas', city_name: 'Houston' } });
      expect(saved.region_selection!.overseas_region!.state_id).toBeGreaterThan(0);
      expect(saved.region_selection!.overseas_region!.city_id).toBeGreaterThan(0);

      await page.reload();
      await openEdit(page, member);
      await expect.poll(() => field(page).getByTestId('region-country').innerText()).toContain('美国');
      await expect.poll(() => field(page).getByTestId('region-state').innerText()).toContain('Texas');
      await expect.poll(() => field(page).getByTestId('region-city').innerText()).toContain('Houston');
      await context.close();
    });

    it('types state and city where the data has no list (请填写省份地区, then 请填写城市), and picks a domestic region in the cascader', async () => {
      const member = await newMember();
      const { context, page } = await newPage(browser);
      await login(page);
      await openEdit(page, member);

      // Ascension Island: no state list in the data
      await choose(page, 'region-country', '阿森松', /阿森松岛/);
      const state = field(page).getByPlaceholder('请填写省份地区');
      const city = field(page).getByPlaceholder('请填写城市');
      await save(page);
      await fieldError(page, '请填写省份地区').waitFor();
      await state.fill('Georgetown');
      await save(page);
      await fieldError(page, '请填写城市').waitFor();
      await city.fill('Two Boats');
      await save(page);
      await page.getByText('会员资料已保存').waitFor();
      expect(await memberDetail(member.member_id)).toMatchObject({
        region: '阿森松岛 Georgetown Two Boats',
        region_selection: { region_type: 1, country_code: 'AC', overseas_region: { state_id: null, state_name: 'Georgetown', city_id: null, city_name: 'Two Boats' } },
      });

      // back home: China, then province / city / district in the cascader
      await choose(page, 'region-country', '中国', /^中国$/);
      await save(page);
      await fieldError(page, '请选择省份地区').waitFor();
      await field(page).locator('.ant-cascader').click();
      await menuItem(page, '浙江省').click();
      await menuItem(page, '杭州市').click();
      await menuItem(page, '西湖区').click();
      await page.keyboard.press('Escape');
      await save(page);
      await page.getByText('会员资料已保存').last().waitFor();
      await expect.poll(async () => (await memberDetail(member.member_id)).region).toBe('浙江省 杭州市 西湖区');
      expect((await memberDetail(member.member_id)).region_ids).toEqual([330000, 330100, 330106]);

      await page.reload();
      await openEdit(page, member);
      await expect.poll(() => field(page).locator('.ant-cascader').innerText()).toContain('浙江省 / 杭州市 / 西湖区');
      await context.close();
    });
  });
});
