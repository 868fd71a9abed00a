import crypto from 'node:crypto';
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ENDPOINTS, fillPath, type AnyEndpoint, type ApiInput, type InputOptional, type ResponseOf } from '@agora/contract';
import { CAPTCHA } from './global-setup.js';
import { DEMO_VERIFY_PASSWORD } from '../../packages/server/src/seed/demo-team.js';

export { CAPTCHA };
export const FOUNDER = { username: 'admin', password: 'admin123' };
export const DEMO_PASSWORD = 'demo123';

export const baseUrl = () => inject('baseUrl');

/**
 * The run's one Chromium (started by the global set-up), connected afresh for a spec file: its
 * `close()` closes the contexts this file opened and disconnects, leaving the browser to the next file.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** What the browser refused under the server's Content-Security-Policy since the last look (setup.ts fails a test on any). */
const cspViolations: string[] = [];
export const takeCspViolations = () => cspViolations.splice(0);

/** Pages still open and what went wrong in them: printed when a test fails (setup.ts), so a CI log says what the page showed. */
const openPages = new Map<Page, string[]>();

/** `timezoneId` runs the browser in another zone than the platform's (China), e.g. an operator abroad. */
export async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }, timezoneId?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'zh-CN', timezoneId });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().includes('Content Security Policy')) cspViolations.push(`${message.page()?.url()}: ${message.text()}`);
    const page = message.page();
    if (page) openPages.get(page)?.push(`console: ${message.text().slice(0, 500)}`);
  });
  context.on('page', (page) => {
    openPages.set(page, []);
    page.on('pageerror', (error) => openPages.get(page)?.push(`pageerror: ${error.message}`));
    page.on('requestfailed', (request) => {
      // A navigation aborts what the page it leaves was still loading: not a failure.
      const reason = request.failure()?.errorText ?? '';
      if (reason !== 'net::ERR_ABORTED') openPages.get(page)?.push(`requestfailed: ${request.url()} ${reason}`);
    });
    page.on('close', () => openPages.delete(page));
  });
  const page = await context.newPage();
  return { context, page };
}

/** What every page still open shows: its address, the errors it met and the start of its text. */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const [page, problems] of openPages) {
    // A page whose script is stuck never answers: give up on its text after a few seconds.
    const stuck = new Promise<string>((resolve) => setTimeout(() => resolve('(no text: the page did not answer in 5 s)'), 5_000).unref());
    const text = await Promise.race([page.evaluate(() => document.body?.innerText ?? '').catch((error: Error) => `(no text: ${error.message})`), stuck]);
    parts.push([`page ${page.url()}`, ...problems.slice(-20), `text: ${text.replace(/\s+/g, ' ').slice(0, 1200)}`].join('\n  '));
  }
  openPages.clear();
  const log = fs.existsSync(inject('serverLog')) ? fs.readFileSync(inject('serverLog'), 'utf8') : '';
  if (log) parts.push(`server output, last lines:\n${log.split('\n').slice(-30).join('\n')}`);
  return parts.join('\n');
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

/** The platform's verification password while a spec needs the second step: the demo's own, which the shared server seeds. */
export const VERIFY_PASSWORD = DEMO_VERIFY_PASSWORD;

/** Answers the second-step dialog (二次身份验证) with the verification password `usePasswordVerification` set. */
export async function passSecondStep(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '二次身份验证' });
  await dialog.getByPlaceholder('请输入验证密码').fill(VERIFY_PASSWORD);
  await dialog.getByRole('button', { name: /^验\s?证$/ }).click();
}

/** Passes the second step for an API session (`apiLogin`'s token): it holds for five minutes. */
export async function passSecondStepByApi(token: string): Promise<void> {
  await read(token, ENDPOINTS.verification.checkPassword, { body: { password: md5(VERIFY_PASSWORD) } });
}

/**
 * Makes sure password verification is on with VERIFY_PASSWORD, so a spec can pass the second-step
 * dialog; returns what puts things back as they were (call it in afterAll).
 */
export async function usePasswordVerification(token: string): Promise<() => Promise<void>> {
  const { verification } = ENDPOINTS;
  const current = await read(token, verification.settings);
  if (current.password_auth === 1) return async () => undefined;
  if (current.message_auth === 1) throw new Error('SMS verification is on without password verification: the spec cannot pass the second step');
  // A spec before this one may have set it already: replacing it needs the old one (the only one the specs use).
  const oldPassword = current.has_password ? { old_password: md5(VERIFY_PASSWORD) } : {};
  await read(token, verification.setPassword, { body: { password: md5(VERIFY_PASSWORD), ...oldPassword } });
  await read(token, verification.save, { body: { message_auth: 0, password_auth: 1 } });
  return async () => {
    await call(token, verification.checkPassword, { body: { password: md5(VERIFY_PASSWORD) } });
    await call(token, verification.save, { body: { message_auth: 0, password_auth: 0 } });
  };
}

/** Signs in through the API the way the login page does; the whole login result. */
export async function apiLoginResult(username: string, password: string): Promise<ResponseOf<typeof ENDPOINTS.session.login>> {
  const uuid = crypto.randomUUID();
  await call('', ENDPOINTS.session.captcha, { params: { type: 'LOGIN', uuid } });
  return read('', ENDPOINTS.session.login, { query: { username, password: md5(password), captcha: CAPTCHA, uuid } });
}

/** Signs in through the API (for setting up data); returns the access token. */
export async function apiLogin(username: string, password: string): Promise<string> {
  return (await apiLoginResult(username, password)).access_token;
}

/** What one call sends, as loose as the permission matrix needs (every endpoint with made-up input). */
export interface LooseInput {
  params?: Record<string, unknown>;
  query?: object;
  body?: unknown;
}

type InputArgs<E extends AnyEndpoint> = InputOptional<E> extends true ? [input?: ApiInput<E>] : [input: ApiInput<E>];

/**
 * Sends one endpoint of the contract's table as the console does: path parameters filled in, the
 * query serialized with repeated keys for lists, a JSON body for PUT and POST, form-encoded otherwise.
 */
export function send(token: string, endpoint: AnyEndpoint, { params, query, body }: LooseInput = {}): Promise<Response> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const url = `${baseUrl()}/api/${fillPath(endpoint.path, params)}${search.size > 0 ? `?${search}` : ''}`;
  const json = endpoint.method === 'PUT' || endpoint.method === 'POST';
  const headers: Record<string, string> = token ? { authorization: token } : {};
  if (body !== undefined) headers['content-type'] = json ? 'application/json' : 'application/x-www-form-urlencoded';
  const encoded = body === undefined ? undefined : json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString();
  return fetch(url, { method: endpoint.method, headers, body: encoded });
}

/** Calls an endpoint with typed input; the raw response, for a test that checks a refusal. */
export function call<E extends AnyEndpoint>(token: string, endpoint: E, ...[input]: InputArgs<E>): Promise<Response> {
  return send(token, endpoint, input as LooseInput | undefined);
}

/** Calls an endpoint and answers its typed response; throws with the server's answer when it fails. */
export async function read<E extends AnyEndpoint>(token: string, endpoint: E, ...[input]: InputArgs<E>): Promise<ResponseOf<E>> {
  const response = await send(token, endpoint, input as LooseInput | undefined);
  if (!response.ok) throw new Error(`${endpoint.method} ${endpoint.path}: ${response.status} ${await response.text()}`);
  return (response.headers.get('content-type')?.includes('json') ? response.json() : undefined) as Promise<ResponseOf<E>>;
}

/** The demo role id by its name (运营, 财务, 客服). */
export async function roleId(token: string, name: string): Promise<number> {
  const page = await read(token, ENDPOINTS.roles.list, { query: { page_no: 1, page_size: 100 } });
  const role = page.data.find((candidate) => candidate.role_name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.role_id;
}

/** Creates an administrator through the API, for a test that changes what it owns. */
export async function createAdmin(founderToken: string, username: string, password: string, role = 0): Promise<void> {
  await read(founderToken, ENDPOINTS.admins.create, { body: { username, password: md5(password), role_id: role, real_name: username } });
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
  // A click while the box still zooms in can be lost on a loaded machine (CI: the box stayed open
  // 30 s): click once it has finished appearing.
  const shown = page.locator('.ant-popconfirm:not(.ant-popover-hidden):not([class*="-appear"])');
  await (message ? shown.filter({ hasText: message }) : shown).getByRole('button', { name: /确\s*定/ }).click();
  await box.waitFor({ state: 'hidden' });
}
