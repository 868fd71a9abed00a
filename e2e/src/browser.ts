import crypto from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CAPTCHA } from './global-setup.js';

export { CAPTCHA };
export const FOUNDER = { username: 'admin', password: 'admin123' };
export const DEMO_PASSWORD = 'demo123';

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login page like a person does. */
export async function login(page: Page, username = FOUNDER.username, password = FOUNDER.password): Promise<void> {
  await page.goto('/admin/login');
  await page.getByPlaceholder(/账号|用户名|管理员/).fill(username);
  await page.getByPlaceholder(/密码/).fill(password);
  await page.getByPlaceholder(/验证码/).fill(CAPTCHA);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}

export const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

/** The platform's verification password while a spec needs the second step (the server tests use the same). */
export const VERIFY_PASSWORD = 'verify1';

/**
 * Makes sure password verification is on with VERIFY_PASSWORD, so a spec can pass the second-step
 * dialog; returns what puts things back as they were (call it in afterAll).
 */
export async function usePasswordVerification(token: string): Promise<() => Promise<void>> {
  const verification = await (await api(token, 'GET', 'admin/systems/authentications')).json();
  if (verification.password_auth === 1) return async () => undefined;
  if (verification.message_auth === 1) throw new Error('SMS verification is on without password verification: the spec cannot pass the second step');
  const check = async (response: Promise<Response>) => {
    const done = await response;
    if (!done.ok) throw new Error(`verification setup: ${await done.text()}`);
  };
  // A spec before this one may have set it already: replacing it needs the old one (the only one the specs use).
  const oldPassword = verification.has_password ? { old_password: md5(VERIFY_PASSWORD) } : {};
  await check(api(token, 'PUT', 'admin/systems/authentications/update-password', { password: md5(VERIFY_PASSWORD), ...oldPassword }));
  await check(api(token, 'PUT', 'admin/systems/authentications', { message_auth: 0, password_auth: 1 }));
  return async () => {
    await api(token, 'POST', 'admin/passport/check-password', { password: md5(VERIFY_PASSWORD) });
    await api(token, 'PUT', 'admin/systems/authentications', { message_auth: 0, password_auth: 0 });
  };
}

/** Signs in through the API (for setting up data); returns the access token. */
/** Signs in through the API the way the login page does; the whole login result. */
export async function apiLoginResult(username: string, password: string): Promise<Record<string, unknown> & { access_token: string }> {
  const uuid = crypto.randomUUID();
  await fetch(`${baseUrl()}/api/base/captchas/LOGIN/${uuid}`);
  const response = await fetch(
    `${baseUrl()}/api/admin/systems/admin-users/login?username=${encodeURIComponent(username)}&password=${md5(password)}&captcha=${CAPTCHA}&uuid=${uuid}`,
  );
  if (!response.ok) throw new Error(`api login ${username}: ${await response.text()}`);
  return response.json();
}

export async function apiLogin(username: string, password: string): Promise<string> {
  return (await apiLoginResult(username, password)).access_token;
}

export async function api(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The demo role id by its name (运营, 财务, 客服). */
export async function roleId(token: string, name: string): Promise<number> {
  const response = await api(token, 'GET', `admin/systems/roles?page_no=1&page_size=100`);
  const page = (await response.json()) as { data: { role_id: number; role_name: string }[] };
  const role = page.data.find((candidate) => candidate.role_name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.role_id;
}

/** Creates an administrator through the API, for a test that changes what it owns. */
export async function createAdmin(founderToken: string, username: string, password: string, role = 0): Promise<void> {
  const md5 = crypto.createHash('md5').update(password).digest('hex');
  const response = await api(founderToken, 'POST', 'admin/systems/manager/admin-users', { username, password: md5, role_id: role, real_name: username });
  if (!response.ok) throw new Error(`create admin ${username}: ${await response.text()}`);
}

/** The text of the side menu. */
export async function menuText(page: Page): Promise<string> {
  return (await page.getByTestId('sidebar').innerText()).replace(/\s+/g, ' ');
}

/**
 * Answers 确定 in the open popconfirm (the one saying `message`, when given) and waits until it has
 * closed — a popconfirm stays open while its action runs, so the next one never overlaps it.
 */
export async function confirmPopconfirm(page: Page, message?: string): Promise<void> {
  const open = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  const box = message ? open.filter({ hasText: message }) : open;
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await box.waitFor({ state: 'hidden' });
}
