import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, newPage, passSecondStep, read, usePasswordVerification } from './browser.js';

let browser: Browser;
let token: string;
/** puts the second-step settings back as they were */
let restoreVerification: () => Promise<void> = async () => undefined;

async function siteShow(): Promise<{ title: string }> {
  return read('', ENDPOINTS.site.show);
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  // Saving settings needs a second step: password verification with a known password.
  restoreVerification = await usePasswordVerification(token);
});

afterAll(async () => {
  await browser?.close();
  await restoreVerification();
});

describe('system settings', () => {
  it('changes the site title through the page with the second-step dialog; the tab title and sidebar follow; then sets it back', async () => {
    const original = (await siteShow()).title;
    const changed = `星河商城 E2E ${Date.now() % 100000}`;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/system-params/system');
    const title = page.getByLabel('网站标题');
    await expect.poll(() => title.inputValue()).toBe(original);
    await title.fill(changed);
    await page.getByRole('button', { name: '保存设置' }).click();

    // The server answers 428 first: the second-step dialog asks for the verification password, then the save goes through.
    await passSecondStep(page);
    await page.getByText('站点设置已保存').waitFor();

    await expect.poll(() => page.title()).toBe(`系统设置 - ${changed}`);
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain(changed);
    expect((await siteShow()).title).toBe(changed);
    // After a reload it is still the saved title.
    await page.reload();
    await expect.poll(() => page.getByLabel('网站标题').inputValue()).toBe(changed);
    await expect.poll(() => page.title()).toBe(`系统设置 - ${changed}`);

    // Set it back; this session's second step is still fresh, so no dialog this time.
    await page.getByLabel('网站标题').fill(original);
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('站点设置已保存').waitFor();
    await expect.poll(() => page.title()).toBe(`系统设置 - ${original}`);
    await expect.poll(() => page.getByTestId('sidebar').innerText()).not.toContain(changed);
    expect((await siteShow()).title).toBe(original);
    await context.close();
  });
});
