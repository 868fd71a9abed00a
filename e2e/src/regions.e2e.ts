import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, baseUrl, FOUNDER, launchBrowser, login, newPage } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

interface ShopDetail {
  shop_id: number;
  shop_name: string;
  region: string;
  region_ids: number[];
  link_phone: string;
}

const openShops = async () =>
  (await (await api(token, 'GET', 'admin/shops?shop_disable=OPEN&page_size=200')).json()).data as { shop_id: number; shop_name: string }[];
const shopDetail = async (id: number) => (await (await api(token, 'GET', `admin/shops/${id}`)).json()) as ShopDetail;

async function openEditPage(page: Page, shop: { shop_id: number; shop_name: string }) {
  await page.goto(`/admin/shop/edit/${shop.shop_id}`);
  await expect.poll(() => page.getByLabel('店铺名称').inputValue()).toBe(shop.shop_name);
}

const regionField = (page: Page) => page.locator('.ant-form-item', { has: page.getByText('店铺所在地', { exact: true }) }).locator('.ant-cascader');
const menuItem = (page: Page, name: string) => page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) });

describe('regions against the real server', () => {
  it('serves the reference data: countries with their mobile rules, and China’s divisions', async () => {
    const countries = (await (await fetch(`${baseUrl()}/api/base/countries`)).json()) as { code: string; tel: string; mobile_regex: string; mt: string }[];
    expect(countries[0]).toMatchObject({ code: 'CN', tel: '86' });
    expect(countries.length).toBeGreaterThan(240);
    for (const country of countries) expect(new RegExp(country.mobile_regex).test(country.mt), country.code).toBe(true);
    const provinces = (await (await fetch(`${baseUrl()}/api/base/regions/0/children`)).json()) as { name: string }[];
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
});
