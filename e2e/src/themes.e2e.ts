import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, maskPhone } from '@agora/contract';
import { apiLogin, call, CAPTCHA, confirmPopconfirm, FOUNDER, launchBrowser, login, md5, newPage, read } from './browser.js';

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let browser: Browser;
let token: string;
const restore: (() => Promise<void>)[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  // other files open shops with the demo defaults: they are put back, the added theme goes
  for (const undo of restore.reverse()) await undo();
  await browser?.close();
});

const wapThemes = async () => (await read(token, ENDPOINTS.themes.list, { query: { type: 'WAP', page_size: 100 } })).data;

describe('shop themes', () => {
  it('adds a WAP theme and makes it the default of its type', async () => {
    const before = (await wapThemes()).find((theme) => theme.is_default === 1)!;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/shop/themes?type=WAP');
    await page.getByRole('button', { name: '添加模版' }).click();
    const dialog = page.getByRole('dialog');
    const mark = `e2e_wap_${Date.now() % 100000}`;
    await dialog.getByLabel('模版名称').fill('E2E移动模版');
    await dialog.getByLabel('模版标识').fill(mark);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'theme.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    await dialog.locator('img[src^="/files/"]').waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('模版已保存').waitFor();
    const added = (await wapThemes()).find((theme) => theme.mark === mark)!;
    expect(added).toMatchObject({ type: 'WAP', is_default: 0 });
    restore.push(async () => {
      await call(token, ENDPOINTS.themes.makeDefault, { params: { id: before.id } });
      await call(token, ENDPOINTS.themes.remove, { params: { id: added.id } });
    });

    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: mark });
    await row.getByRole('button', { name: '设为默认' }).click();
    await confirmPopconfirm(page);
    await page.getByText('已设为默认模版').waitFor();
    await row.getByText('默认', { exact: true }).waitFor();
    const after = await wapThemes();
    expect(after.filter((theme) => theme.is_default === 1).map((theme) => theme.mark)).toEqual([mark]);
    // the old default, used by the demo shops, may not be deleted
    const old = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: before.mark });
    expect(await old.getByRole('button', { name: /删\s*除/ }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('forgotten password', () => {
  it('resets an administrator’s password from the login page with the code sent to the bound mobile', async () => {
    const username = `e2efind${Date.now() % 100000}`;
    const mobile = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    await read(token, ENDPOINTS.admins.create, { body: { username, password: md5('old123'), founder: 1, mobile } });
    const created = (await read(token, ENDPOINTS.admins.list, { query: { keyword: username } })).data[0];
    restore.push(async () => {
      await call(token, ENDPOINTS.admins.remove, { params: { id: created.id } });
    });
    const { context, page } = await newPage(browser);
    await page.goto('/admin/login');
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL(/\/setting\/find-password/);
    await page.getByLabel('管理员名称').fill(username);
    await page.getByLabel('图片验证码').fill(CAPTCHA);
    await page.getByRole('button', { name: '获取短信验证码' }).click();
    await page.getByText(`验证码已发送至 ${maskPhone(mobile)}`).waitFor();
    const outbox = await read(token, ENDPOINTS.verification.outbox, { query: { page_size: 20 } });
    const code = /(\d{6})/.exec(outbox.data.find((row) => row.mobile === maskPhone(mobile))!.content)![1];
    await page.getByLabel('短信验证码').fill(code);
    await page.getByLabel('新密码', { exact: true }).fill('new12345');
    await page.getByLabel('确认新密码').fill('new12345');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.getByText('密码已重置，请使用新密码登录').waitFor();
    await page.waitForURL(/\/login/);
    await login(page, username, 'new12345');
    await context.close();
  });
});
