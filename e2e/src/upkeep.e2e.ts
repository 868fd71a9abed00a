import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, call, FOUNDER, launchBrowser, login, md5, newPage, passSecondStep, read } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

const column = (page: Page, level: number) => page.getByTestId(`grade-level-${level}`);
const option = (page: Page, level: number, name: string) => column(page, level).getByRole('option', { name: new RegExp(`^${name}`) });

describe('upkeep screens (issue 16)', () => {
  it('adds a region in regional management and picks it at once in the member editor', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/maintain/regional-management');
    await option(page, 1, '浙江省').click();
    await option(page, 2, '杭州市').click();
    await column(page, 3).getByRole('button', { name: /添加/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('地区名称').fill('未来科技城');
    await dialog.getByLabel('邮编').fill('311121');
    await dialog.getByRole('switch').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await option(page, 3, '未来科技城').waitFor();
    await option(page, 3, '未来科技城').click();
    await page.getByText('311121').waitFor();

    const suffix = crypto.randomBytes(3).toString('hex');
    const created = await call(token, ENDPOINTS.members.create, {
      body: { uname: `upkeep${suffix}`, password: md5('member1'), mobile: `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}` },
    });
    expect(created.status).toBe(200);
    const member = (await created.json()) as { member_id: number; uname: string };
    // The browser holds the region answers from before; they revalidate (no-cache), so the new division is there.
    await page.goto(`/admin/member/edit/${member.member_id}`);
    const field = page.locator('.ant-form-item', { has: page.getByText('所在地区', { exact: true }) });
    await field.getByTestId('region-country').click();
    await page.keyboard.type('中国');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^中国$/ }).first().click();
    await field.locator('.ant-cascader').click();
    const item = (name: string) => page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) });
    await item('浙江省').click();
    await item('杭州市').click();
    await item('未来科技城').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('会员资料已保存').waitFor();
    await expect.poll(async () => (await read(token, ENDPOINTS.members.detail, { params: { id: member.member_id } })).region).toBe('浙江省 杭州市 未来科技城');
    await context.close();
  });

  it('creates an OAuth2 client and sees its secret once', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/maintain/oauth2-client');
    await page.getByRole('button', { name: '添加客户端' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('客户端名称').fill('e2e 开放平台');
    await dialog.getByPlaceholder('https://example.com/oauth/callback').fill('not a url');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请输入以 http:// 或 https:// 开头、不含 # 的完整地址').waitFor();
    await dialog.getByPlaceholder('https://example.com/oauth/callback').fill('https://open.example.com/callback');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    // A client's secret is a credential: creating one asks for the second step.
    await passSecondStep(page);

    const secret = (await page.getByTestId('oauth2-client-secret').innerText()).trim();
    const clientId = (await page.getByTestId('oauth2-client-id').innerText()).trim();
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const listed = await read(token, ENDPOINTS.oauth2Clients.list, { query: { keyword: clientId } });
    expect(listed.data.map((client) => client.client_name)).toEqual(['e2e 开放平台']);
    expect(JSON.stringify(listed)).not.toContain(secret);

    await page.getByRole('button', { name: '我已保存' }).click();
    await page.getByRole('cell', { name: /e2e 开放平台/ }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await page.getByRole('cell', { name: /e2e 开放平台/ }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await context.close();
  });
});
