import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, newPage, read } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

describe('dashboard', () => {
  it('opens the screen behind a panel: a hot goods bar, a hot shop name, a total', async () => {
    const [top] = await read(token, ENDPOINTS.dashboard.hotGoods, { query: { days: 30 } });
    const [shop] = await read(token, ENDPOINTS.dashboard.hotShop, { query: { days: 30 } });
    expect(top).toBeDefined();
    expect(shop).toBeDefined();
    const { context, page } = await newPage(browser, { width: 1440, height: 1900 });
    await login(page);

    // The best seller's bar is the first one: clicking it opens the goods list found by its number.
    const goodsChart = page.getByTestId('hot-goods');
    await goodsChart.locator('svg').waitFor();
    await goodsChart.locator('text').first().waitFor();
    const box = (await goodsChart.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + 24);
    await page.waitForURL((url) => url.pathname === '/admin/goods/goods-list' && url.searchParams.get('keyword') === top.sn);
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: top.sn }).waitFor();

    // A hot shop's name opens its edit page.
    await page.goto('/admin/dashboard');
    const shopLabel = page.getByTestId('hot-shop').locator('text').filter({ hasText: new RegExp(`^${shop.shop_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
    await shopLabel.click();
    await page.waitForURL(new RegExp(`/admin/shop/edit/${shop.shop_id}$`));

    // A total opens its list; the orders-to-ship to-do opens the order list on its tag.
    await page.goto('/admin/dashboard');
    await page.getByTestId('figure-totals-goodsOnSale').getByRole('link').click();
    await page.waitForURL(/\/admin\/goods\/goods-list\?market_enable=1&is_auth=1$/);
    await page.goto('/admin/dashboard');
    await page.getByTestId('todo-order_ship').getByRole('link').click();
    await page.waitForURL(/\/admin\/order\/order-list\?order_status=WAIT_SHIP$/);
    await page.locator('.ant-tabs-tab-active', { hasText: '待发货' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await context.close();
  });
});
