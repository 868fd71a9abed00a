import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEndpoints } from '@agora/contract';
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

/** The platform clock (China, UTC+8 all year) as the exports write it: 2026-12-07 16:49:52. */
const platformTime = (seconds: number) => new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');

describe('one platform time zone', () => {
  it('a browser in New York shows an order placed at the platform time the API and exports give', async () => {
    const [order] = (await read(token, orderEndpoints.list, { query: { page_size: 1 } })).data;
    const { context, page } = await newPage(browser, undefined, 'America/New_York');
    // The browser really is elsewhere: the test would prove nothing in China's zone.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    await login(page);
    await page.goto(`/admin/order/order-list?keyword=${order.sn}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.sn });
    await row.waitFor();
    const [day, time] = platformTime(order.create_time).split(' ');
    await expect.poll(() => row.textContent()).toContain(day);
    expect(await row.textContent()).toContain(time);
    await context.close();
  });
});
