import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, menuText, newPage, read } from './browser.js';

const KEY = 'route.langCode';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  // Back to the build's text (an emptied built-in text is restored) for the files that follow.
  const [entry] = (await read(token, ENDPOINTS.uiDict.list, { query: { keyword: KEY, kind: 'router' } })).data.filter((row) => row.key === KEY);
  if (entry) await read(token, ENDPOINTS.uiDict.update, { params: { id: entry.id }, body: { texts: { 'zh-CN': '' } } });
  await browser?.close();
});

describe('UI dictionary (issue 17)', () => {
  it('an operator edits a menu title in the dictionary, reloads, and the console shows the new text', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/setting/i18n/ui-dict?keyword=${KEY}`);
    const row = page.locator('.ant-table-row').filter({ hasText: KEY });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('简体中文译文').fill('语言开关');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('语言开关').waitFor();
    expect(await menuText(page)).toContain('语言管理');

    await page.reload();
    await page.getByTestId('sidebar').getByText('语言开关').waitFor();
    expect(await menuText(page)).not.toContain('语言管理');
    await context.close();
  });
});
