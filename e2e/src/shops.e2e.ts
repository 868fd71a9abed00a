import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, FOUNDER, launchBrowser, login, newPage } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

const shopsIn = async (state: string) => (await (await api(token, 'GET', `admin/shops?shop_disable=${state}&page_size=200`)).json()).data as { shop_id: number; shop_name: string; shop_disable: string }[];

describe('shops', () => {
  it('closes an open shop and opens it again, asking first each time', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/shop/shop-list?state=OPEN');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').nth(1);
    const name = (await row.locator('strong').innerText()).trim();
    await row.getByRole('button', { name: /关\s*闭/ }).click();
    const confirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    await confirm.getByText(`关闭后“${name}”的全部商品将下架，确定关闭吗？`).waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('店铺已关闭').waitFor();
    expect((await shopsIn('CLOSED')).some((shop) => shop.shop_name === name)).toBe(true);

    await page.goto(`/admin/shop/shop-list?state=CLOSED&keyword=${encodeURIComponent(name)}`);
    const closedRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    await closedRow.getByText('已关闭').waitFor();
    await closedRow.getByRole('button', { name: /开\s*启/ }).click();
    await page.locator('.ant-popconfirm:not(.ant-popover-hidden)').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('店铺已开启').waitFor();
    expect((await shopsIn('OPEN')).some((shop) => shop.shop_name === name)).toBe(true);
    await context.close();
  });

  it('approves a shop application in shop-audit; the shop is then open', async () => {
    const waiting = await shopsIn('APPLY');
    expect(waiting.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/shop/shop-audit');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const name = (await row.locator('strong').innerText()).trim();
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await page.locator('.ant-popconfirm:not(.ant-popover-hidden)').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已通过开店申请').waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).not.toContain(name);
    const opened = (await shopsIn('OPEN')).find((shop) => shop.shop_name === name);
    expect(opened?.shop_disable).toBe('OPEN');
    await context.close();
  });
});
