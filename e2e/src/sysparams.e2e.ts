import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process.js';
import { apiLogin, CAPTCHA, confirmPopconfirm, FOUNDER, launchBrowser, login, md5, newPage, passSecondStep, passSecondStepByApi, read, VERIFY_PASSWORD } from './browser.js';

let browser: Browser;
let token: string;

/** A real SMTP server on loopback, in this process: what the console's test mail delivers to. */
const delivered: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

/** A loopback SMS gateway: it keeps what it is sent (the server test checks the signature). */
const texts: { mobile: string; content: string }[] = [];
let gateway: http.Server;
let gatewayUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        delivered.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      texts.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
});

afterAll(async () => {
  // Switching a gateway and removing an account change credentials: the second step first.
  await passSecondStepByApi(token);
  // Codes of the other spec files go to the outbox again.
  await read(token, ENDPOINTS.smsPlatforms.open, { params: { plugin_id: 'smsOutboxPlugin' } });
  // The account added here points at this file's mail server, closed below: mails of later files must not rotate onto it.
  const accounts = await read(token, ENDPOINTS.smtp.list, { query: { page_size: 100 } });
  for (const account of accounts.data.filter((row) => row.mail_from === 'noreply@agora.test')) await read(token, ENDPOINTS.smtp.remove, { params: { id: account.id } });
  await browser?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise((resolve) => gateway?.close(resolve));
});

describe('system parameters', () => {
  it('adds an SMTP account and sends a test mail that the loopback mail server receives', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/system-params/smtp');
    await page.getByRole('button', { name: '添加SMTP账号' }).click();
    const dialog = page.getByRole('dialog', { name: '添加SMTP账号' });
    await dialog.getByLabel('SMTP服务器').fill('127.0.0.1');
    await dialog.getByLabel('端口').fill(String(smtpPort));
    await dialog.getByLabel('每日最大发信数').fill('10');
    await dialog.getByLabel('用户名').fill('e2e');
    await dialog.getByLabel('密码').fill('e2e-pass');
    await dialog.getByLabel('发信地址').fill('noreply@agora.test');
    await dialog.getByRole('switch').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    // An SMTP account is a credential: the demo's verification password passes the second step.
    await passSecondStep(page);
    await page.getByText('SMTP账号已保存').waitFor();
    await page.getByRole('cell', { name: 'noreply@agora.test' }).waitFor();

    await page.getByRole('button', { name: '发送测试邮件' }).click();
    const test = page.getByRole('dialog', { name: '发送测试邮件' });
    await test.getByLabel('收件地址').fill('ops@agora.test');
    await test.getByRole('button', { name: /发\s*送/ }).click();
    await page.getByText('测试邮件已由 noreply@agora.test 发出').waitFor();
    await expect.poll(() => delivered.length).toBe(1);
    expect(delivered[0].subject).toBe('Agora 测试邮件');
    expect(delivered[0].from?.value[0].address).toBe('noreply@agora.test');
    // The count of today shows on the list, and the password never comes back.
    await page.getByRole('cell', { name: '1 / 10' }).waitFor();
    expect(await page.content()).not.toContain('e2e-pass');
    await context.close();
  });

  it('switches the open SMS gateway to the HTTP gateway: the next code goes there, not to the outbox', async () => {
    // The gateway's keys, and the binding code once verification is on, ask for the second step.
    await passSecondStepByApi(token);
    await read(token, ENDPOINTS.smsPlatforms.save, {
      params: { plugin_id: 'smsHttpGatewayPlugin' },
      body: { config: { url: gatewayUrl, app_key: 'agora-e2e', sign_name: 'Agora' }, secrets: { app_secret: 'e2e-secret' } },
    });
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/system-params/sms-gateway');
    const row = page.getByRole('row').filter({ hasText: 'HTTP 短信网关' });
    await row.getByText('密钥已设置：1项').waitFor();
    await row.getByRole('button', { name: /开\s*启/ }).click();
    await confirmPopconfirm(page, '开启“HTTP 短信网关”后，当前开启的“开发环境发件箱”将关闭，确定吗？');
    await passSecondStep(page);
    await page.getByText('已开启 HTTP 短信网关').waitFor();
    await row.getByText('已开启').waitFor();

    await read(token, ENDPOINTS.verification.sendBindingCode, { params: { mobile: '13911112222' } });
    expect(texts).toHaveLength(1);
    expect(texts[0].mobile).toBe('13911112222');
    expect(texts[0].content).toMatch(/验证码为\d{6}/);
    const outbox = await read(token, ENDPOINTS.verification.outbox, { query: { page_no: 1, page_size: 50 } });
    expect(outbox.data.some((message) => message.mobile.endsWith('222') && message.mobile.startsWith('139'))).toBe(false);
    await context.close();
  });
});

/*
 * Clearing empties what the other spec files read, so it runs on a server of its own: a second
 * process on its own data directory (no demo data), with a member to clear.
 */
describe('clear data, on a server of its own', () => {
  let server: ServerProcess;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-clean-'));
    server = await startServerProcess(dataDir, { CAPTCHA_FIXED_CODE: CAPTCHA, ADMIN_PASSWORD: FOUNDER.password });
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function own<T>(method: string, url: string, auth: string, body?: object): Promise<T> {
    const response = await fetch(`${server.url}/api/${url}`, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  it('clears the business data after the typed confirmation and the second step, and keeps the administrators', async () => {
    const uuid = crypto.randomUUID();
    await fetch(`${server.url}/api/base/captchas/LOGIN/${uuid}`);
    const login0 = await fetch(`${server.url}/api/admin/systems/admin-users/login?${new URLSearchParams({ username: FOUNDER.username, password: md5(FOUNDER.password), captcha: CAPTCHA, uuid })}`);
    const auth = ((await login0.json()) as { access_token: string }).access_token;
    await own('PUT', ENDPOINTS.verification.setPassword.path, auth, { password: md5(VERIFY_PASSWORD) });
    await own('PUT', ENDPOINTS.verification.save.path, auth, { message_auth: 0, password_auth: 1 });
    await own('POST', ENDPOINTS.members.create.path, auth, { uname: 'cleanme01', password: md5('member123'), mobile: '13700001111', sex: 1 });
    expect((await own<{ data_total: number }>('GET', ENDPOINTS.members.list.path, auth)).data_total).toBe(1);

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await login(page);
    await page.goto('/admin/setting/system-params/clearing-data');
    await page.getByText('管理员与角色、系统设置').waitFor();
    const submit = page.getByRole('button', { name: '清除所有业务数据' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('请输入“确认清除”以确认').fill('确认清除');
    await submit.click();
    await confirmPopconfirm(page, '确定清除所有业务数据吗？');
    await passSecondStep(page);
    await page.getByText('业务数据已清除').waitFor();
    await page.getByText('本次清除结果').waitFor();

    expect((await own<{ data_total: number }>('GET', ENDPOINTS.members.list.path, auth)).data_total).toBe(0);
    const logs = await own<{ data: { operate_detail: string; level: string }[] }>('GET', `${ENDPOINTS.systemLogs.list.path}?level=important`, auth);
    expect(logs.data[0]).toMatchObject({ operate_detail: '清除所有业务数据', level: 'important' });
    // The administrators and their roles stay: the founder still reads the admin list.
    expect((await own<{ data_total: number }>('GET', ENDPOINTS.admins.list.path, auth)).data_total).toBeGreaterThan(0);
    await context.close();
  }, 120_000);
});
