import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, CAPTCHA, createAdmin, FOUNDER, launchBrowser, login, newPage, roleId } from './browser.js';

const ACCESS_KEY = 'admin_access_token';
const REFRESH_KEY = 'admin_refresh_token';

let browser: Browser;
let founderToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  founderToken = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

/** Counts the token refreshes and the 401s the page meets from now on. */
function watchRefreshes(page: Page) {
  const seen = { refreshes: 0, unauthorized: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/${ENDPOINTS.session.refresh.path}`)) seen.refreshes += 1;
  });
  page.on('response', (response) => {
    if (response.status() === 401) seen.unauthorized += 1;
  });
  return seen;
}

const stored = (page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = localStorage.getItem(k);
    return raw === null ? null : (JSON.parse(raw) as { value: string }).value;
  }, key);

async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByPlaceholder(/管理员/).fill(username);
  await page.getByPlaceholder(/^密码/).fill(password);
  await page.getByPlaceholder(/验证码/).fill(CAPTCHA);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

describe('the session', () => {
  it('renews a token the server calls expired once, while several requests wait, and carries on', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.getByText('您好，平台超级管理员').waitFor();
    const oldRefresh = await stored(page, REFRESH_KEY);
    // The server no longer accepts this access token (as when it has expired); our clock still does.
    await page.evaluate((key) => {
      const item = JSON.parse(localStorage.getItem(key)!) as { value: string; expires: number };
      const [header, payload] = item.value.split('.');
      localStorage.setItem(key, JSON.stringify({ ...item, value: `${header}.${payload}.${'A'.repeat(43)}` }));
    }, ACCESS_KEY);

    // Opening the page asks for the administrators and the roles at once: both meet a 401.
    const seen = watchRefreshes(page);
    const sidebar = page.getByTestId('sidebar');
    for (const label of ['运营', '权限设置', '管理员管理']) await sidebar.getByText(label, { exact: true }).click();
    await page.getByRole('cell', { name: 'yunying' }).waitFor();
    expect(seen.unauthorized).toBeGreaterThanOrEqual(2);
    expect(seen.refreshes).toBe(1);
    expect(await stored(page, REFRESH_KEY)).not.toBe(oldRefresh);
    expect(new URL(page.url()).pathname).toBe('/admin/operations/auth-settings/administrator-manage');
    await context.close();
  });

  it('renews an access token that has expired by the browser clock once for all the requests of a page', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    // The token goes as the next page loads, not while the dashboard still sends requests: one of
    // those would renew it on the dashboard, and leaving that page mid-renewal is another case.
    await page.addInitScript((key) => localStorage.removeItem(key), ACCESS_KEY);

    const seen = watchRefreshes(page);
    await page.goto('/admin/operations/auth-settings/role-manage');
    await page.getByRole('cell', { name: '运营', exact: true }).waitFor();
    expect(seen.refreshes).toBe(1);
    expect(seen.unauthorized).toBe(0);
    expect(await stored(page, ACCESS_KEY)).toBeTruthy();
    await context.close();
  });

  it('asks 确定退出吗？ before signing out, and the old session is gone afterwards', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    const refreshToken = await stored(page, REFRESH_KEY);

    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('确定退出吗？').waitFor();
    await dialog.locator('.ant-modal-confirm-title').getByText('提示').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');

    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/admin\/login/);
    expect(await stored(page, REFRESH_KEY)).toBeNull();

    // The server revoked the session: its refresh token no longer works.
    const reuse = await page.request.post(`/api/${ENDPOINTS.session.refresh.path}`, { data: { refresh_token: refreshToken } });
    expect(reuse.status()).toBeGreaterThanOrEqual(400);
    await page.goto('/admin/dashboard');
    await page.waitForURL(/\/admin\/login/);
    await context.close();
  });

  it('signs out after a password change; the new password works and the old one does not', async () => {
    const username = `e2epw${Date.now() % 100000}`;
    await createAdmin(founderToken, username, 'first123', await roleId(founderToken, '客服'));
    const { context, page } = await newPage(browser);
    await login(page, username, 'first123');

    await page.getByTestId('user-menu').click();
    await page.getByText('修改密码').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('原密码').fill('first123');
    await dialog.getByLabel('新密码', { exact: true }).fill('second456');
    await dialog.getByLabel('确认新密码').fill('second456');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    // The page reloads at /login; the signed-out shell may pass by /login?redirect=… first.
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.search === '', { waitUntil: 'load' });
    expect(await stored(page, REFRESH_KEY)).toBeNull();

    await signInAs(page, username, 'first123');
    await page.getByText('账号或密码错误').waitFor();
    await signInAs(page, username, 'second456');
    await page.waitForURL(/\/admin\/dashboard/);
    await context.close();
  });
});
