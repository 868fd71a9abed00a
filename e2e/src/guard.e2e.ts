import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, CAPTCHA, FOUNDER, launchBrowser, login, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the route guard and the SPA server', () => {
  it('sends an unauthenticated deep link to /login and back to it after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/operations/auth-settings/system-logs');
    await page.waitForURL(/\/admin\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('/operations/auth-settings/system-logs');

    await page.getByPlaceholder(/管理员/).fill(FOUNDER.username);
    await page.getByPlaceholder(/^密码/).fill(FOUNDER.password);
    await page.getByPlaceholder(/验证码/).fill(CAPTCHA);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/admin\/operations\/auth-settings\/system-logs$/);
    await expect.poll(() => page.getByRole('columnheader', { name: 'IP' }).count()).toBe(1);
    await context.close();
  });

  it('shows the server reason and keeps the operator on /login when the password is wrong', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/login');
    await page.getByPlaceholder(/管理员/).fill(FOUNDER.username);
    await page.getByPlaceholder(/^密码/).fill('not-the-password');
    await page.getByPlaceholder(/验证码/).fill(CAPTCHA);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('账号或密码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await context.close();
  });

  it('says 表单填写有误，请检查！ for an incomplete login form and sends nothing', async () => {
    const { context, page } = await newPage(browser);
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/admin-users/login')) loginCalls += 1;
    });
    await page.goto('/admin/login');
    await page.getByPlaceholder(/管理员/).fill(FOUNDER.username);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('表单填写有误，请检查！').waitFor();
    expect(loginCalls).toBe(0);
    await context.close();
  });

  it('signs in to the dashboard, which shows who is signed in', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.getByText('您好，平台超级管理员').waitFor();
    await page.getByText('超级管理员', { exact: true }).waitFor();
    await context.close();
  });

  it('redirects / to the console and the console root to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/');
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.goto('/admin/');
    await page.waitForURL(/\/admin\/dashboard$/);
    await context.close();
  });

  it('sends an unknown path to /404', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/no/such/page');
    await page.waitForURL(/\/admin\/404$/);
    await page.getByText('404').first().waitFor();
    await context.close();
  });

  it('serves the console for any deep link under /admin/ (history mode) and 404 JSON for unknown API paths', async () => {
    const html = await fetch(`${baseUrl()}/admin/goods/goods-list`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(await html.text()).toContain('<div id="root">');

    const api = await fetch(`${baseUrl()}/api/no/such/route`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
