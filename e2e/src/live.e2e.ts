import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, newPage, read } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

describe('live video', () => {
  it('refuses a live room waiting for audit with a reason, from the list', async () => {
    const [waiting] = (await read(token, ENDPOINTS.live.list, { query: { state: 'WAIT' } })).data;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/promotions/live-video?state=WAIT');
    const row = page.getByRole('row').filter({ hasText: waiting.title });
    await row.getByText('拒绝', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('拒绝原因').fill('封面含违规内容');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('审核完成').waitFor();
    await row.waitFor({ state: 'detached' });
    const refused = (await read(token, ENDPOINTS.live.list, { query: { state: 'REFUSED', shop_id: waiting.shop_id } })).data.find((room) => room.id === waiting.id);
    expect(refused).toMatchObject({ state: 'REFUSED', refuse_reason: '封面含违规内容', operator: FOUNDER.username });
    await context.close();
  });
});
