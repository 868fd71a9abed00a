import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, FOUNDER, launchBrowser, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the API reference (issue 28)', () => {
  it('sends a reader without a session to sign in, brings them back, and lists the operations, whose "Try it out" is signed in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/api/docs');
    await page.waitForURL(/\/admin\/login\?redirect=%2Fapi%2Fdocs$/);
    await page.getByPlaceholder(/账号|用户名|管理员/).fill(FOUNDER.username);
    await page.getByPlaceholder(/密码/).fill(FOUNDER.password);
    await page.getByPlaceholder(/验证码/).fill(CAPTCHA);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/api\/docs$/);

    await expect.poll(() => page.locator('.info .title').innerText(), { timeout: 30_000 }).toContain('Agora admin API');
    await page.locator('.opblock-tag', { hasText: /^goods/ }).first().click();
    const brands = page.locator('.opblock', { hasText: '/api/admin/goods/brands/all' }).first();
    await brands.waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    await page.screenshot({ path: path.join(os.tmpdir(), 'agora-api-docs.png') });

    await brands.locator('.opblock-summary').click();
    await expect.poll(() => brands.innerText()).toContain('x-permission');
    await brands.getByRole('button', { name: 'Try it out' }).click();
    await brands.getByRole('button', { name: 'Execute' }).click();
    await expect.poll(() => brands.locator('.live-responses-table .response .response-col_status').first().innerText()).toBe('200');
    await context.close();
  });
});
