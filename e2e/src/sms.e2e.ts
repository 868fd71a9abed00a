import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, newPage, passSecondStepByApi, read } from './browser.js';

let browser: Browser;
let token: string;

/**
 * The SMS provider behind the HTTP gateway (docs/sms.md), on loopback in this process: it takes
 * templates for audit, answers AUDITING until the test lets it pass them, and keeps every text.
 */
const texts: { mobile: string; content: string; sign_name: string }[] = [];
let passing = false;
let provider: http.Server;
let providerUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  provider = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += String(chunk)));
    req.on('end', () => {
      const body = JSON.parse(raw);
      const json = (answer: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (req.url === '/sms/send') return (texts.push(body), json({ code: 0 }));
      if (req.url === '/sms/templates' || req.url === '/sms/signs') return json({ biz_id: `e2e-${Date.now()}` });
      if (req.url === '/sms/audit-status') return json({ results: (body.biz_ids as string[]).map((biz_id) => ({ biz_id, status: passing ? 'PASS' : 'AUDITING' })) });
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sms/send`;
  // A gateway's settings are credentials: changing them asks for the second step.
  await passSecondStepByApi(token);
  await read(token, ENDPOINTS.smsPlatforms.save, {
    params: { plugin_id: 'smsHttpGatewayPlugin' },
    body: { config: { url: providerUrl, app_key: 'agora-e2e' }, secrets: { app_secret: 'e2e-secret' } },
  });
  await read(token, ENDPOINTS.smsPlatforms.open, { params: { plugin_id: 'smsHttpGatewayPlugin' } });
});

afterAll(async () => {
  // Codes of the other spec files go to the outbox again.
  await passSecondStepByApi(token);
  await read(token, ENDPOINTS.smsPlatforms.open, { params: { plugin_id: 'smsOutboxPlugin' } });
  await browser?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

describe('SMS centre', () => {
  it('a new template is audited by the provider, enabled, and sent to two mobiles whose records show', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    const name = `到货通知${Date.now() % 100_000}`;
    await page.goto('/admin/setting/message-settings/add-message-template');
    await page.getByLabel('模板名称').fill(name);
    await page.getByLabel('模板内容').fill('您关注的商品已到货，欢迎选购。');
    await page.getByLabel('申请说明').fill('到货提醒');
    await page.getByRole('button', { name: '保存并提交审核' }).click();

    await page.waitForURL(/add-template-audit/);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('审核中').waitFor();
    passing = true;
    await page.getByRole('button', { name: /立即同步/ }).click();
    await row.getByText('审核通过').waitFor();

    await page.goto('/admin/setting/message-settings/text-message');
    await page.getByRole('row').filter({ hasText: name }).getByRole('switch').click();
    await page.getByRole('row').filter({ hasText: name }).locator('.ant-switch-checked').waitFor();

    await page.goto('/admin/setting/message-settings/send-message');
    await page.getByRole('button', { name: '新建发送' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('短信签名').click();
    await page.getByTitle('Agora商城', { exact: true }).click();
    await dialog.getByLabel('短信模板').click();
    await page.getByTitle(`${name}（通知短信）`, { exact: true }).click();
    await dialog.getByPlaceholder('13800000001, 13800000002').fill('13812345601\n13812345602');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    const task = page.getByRole('row').filter({ hasText: '您关注的商品已到货' }).first();
    await task.getByText('成功 2 / 失败 0 / 共 2').waitFor();
    await task.getByText('发送记录').click();
    await page.waitForURL(/check-message\?task_id=\d+/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: '发送成功' }).count()).toBe(2);
    expect(texts.map((text) => [text.mobile, text.sign_name, text.content])).toEqual([
      ['13812345601', 'Agora商城', '【Agora商城】您关注的商品已到货，欢迎选购。'],
      ['13812345602', 'Agora商城', '【Agora商城】您关注的商品已到货，欢迎选购。'],
    ]);
    await context.close();
  });
});
