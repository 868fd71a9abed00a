import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, newPage, passSecondStepByApi, read } from './browser.js';

let browser: Browser;
let token: string;

/** A real SMTP server on loopback: where the template's test mail arrives. */
const delivered: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpId = 0;

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
  const port = (smtp.server.address() as AddressInfo).port;
  // An SMTP account is a credential: adding and removing one asks for the second step.
  await passSecondStepByApi(token);
  smtpId = (await read(token, ENDPOINTS.smtp.create, { body: { host: '127.0.0.1', port, username: 'notices', password: 'x', max_count: 10, mail_from: 'notices@agora.test' } })).id;
});

afterAll(async () => {
  if (smtpId) {
    await passSecondStepByApi(token);
    await read(token, ENDPOINTS.smtp.remove, { params: { id: smtpId } });
  }
  await browser?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('message settings', () => {
  it('rewrites a shop template: the shop audit that follows leaves that site message and mails the shop; the email screen sends a test', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/message-settings/station-message?tab=templates&type=SHOP');
    const row = page.getByRole('row').filter({ hasText: '店铺审核提醒' });
    await row.getByRole('button', { name: '站内信' }).click();
    const dialog = page.getByRole('dialog', { name: '店铺审核提醒 · 站内信' });
    await dialog.getByLabel('模板内容').fill('恭喜，店铺${shop_name}审核${audit_result}（e2e）');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('模板已保存').waitFor();

    const waiting = (await read(token, ENDPOINTS.shops.list, { query: { shop_disable: 'APPLY', page_size: 50 } })).data;
    expect(waiting.length).toBeGreaterThan(0);
    const shop = waiting.at(-1)!;
    await read(token, ENDPOINTS.shops.update, { params: { id: shop.shop_id }, query: { pass: 1, audit_remark: '资料齐全' }, body: undefined });
    const history = await read(token, ENDPOINTS.notifications.list, { query: { receiver: shop.shop_name, channel: 'STATION' } });
    expect(history.data[0]).toMatchObject({ receiver_type: 'SHOP', title: '店铺审核提醒', content: `恭喜，店铺${shop.shop_name}审核通过（e2e）` });

    // The email screen sends the template's mail for real, its variables filled with sample values.
    await page.goto('/admin/setting/message-settings/email');
    await page.getByRole('row').filter({ hasText: '店铺审核提醒' }).getByRole('button', { name: '发送测试' }).click();
    const test = page.getByRole('dialog', { name: '发送测试邮件：店铺审核提醒' });
    await test.getByLabel('收件地址').fill('ops@agora.test');
    await test.getByRole('button', { name: /发\s*送/ }).click();
    await page.getByText('测试邮件已发送').waitFor();
    // Two mails arrived: the audit's own (the demo has the shop template's email on) and the test.
    await expect.poll(() => delivered.length).toBe(2);
    expect(delivered.map((mail) => mail.subject)).toEqual(['【Agora】店铺审核提醒', '【Agora】店铺审核提醒']);
    expect(delivered.some((mail) => mail.text?.includes(`您的店铺“${shop.shop_name}”开店申请审核通过。资料齐全`))).toBe(true);
    expect(delivered.some((mail) => mail.text?.includes('您的店铺“【店铺名称】”开店申请审核【审核结果】。【备注】'))).toBe(true);
    await context.close();
  });

  it('sends a site message to members chosen in the member picker', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/message-settings/station-message');
    await page.getByRole('button', { name: '发送站内消息' }).click();
    const dialog = page.getByRole('dialog', { name: '发送站内消息' });
    const title = `e2e通知${Date.now() % 100000}`;
    await dialog.getByLabel('消息标题').fill(title);
    await dialog.getByLabel('消息内容').fill('您的订单已准备发货');
    await dialog.getByRole('button', { name: '选择会员' }).click();
    const picker = page.getByRole('dialog', { name: '选择会员' });
    const first = picker.locator('tr[data-row-key]').first();
    await first.waitFor();
    await first.click();
    await picker.getByText(/已选:\s*1个/).waitFor();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByRole('button', { name: /^发\s*送$/ }).click();
    await page.getByText('站内消息已发送').waitFor();
    const sent = page.getByRole('row').filter({ hasText: title });
    await sent.getByText('1 位会员').waitFor();
    const [message] = (await read(token, ENDPOINTS.siteMessages.list, { query: { send_type: 1 } })).data;
    expect(message).toMatchObject({ title, status: 'SENT', sent_count: 1 });
    const history = await read(token, ENDPOINTS.notifications.list, { query: { receiver: message.member_names[0], channel: 'STATION' } });
    expect(history.data[0]).toMatchObject({ title, content: '您的订单已准备发货' });
    await context.close();
  });
});
