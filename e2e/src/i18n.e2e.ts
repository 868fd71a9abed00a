import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, HTTP_TRANSLATION_PLUGIN, NO_TRANSLATION_PLUGIN } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, menuText, newPage, passSecondStepByApi, read } from './browser.js';

const KEY = 'route.langCode';
/** The key the import journey changes (its English text), restored at the end. */
const IMPORTED = 'route.translationTask';

let browser: Browser;
let token: string;
/**
 * A translation platform on loopback: answers `EN:<text>` for every text, and refuses the book
 * categories (图书…), which stay listed as failures (the signature is checked by the server tests).
 */
const platform = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += String(chunk)));
  req.on('end', () => {
    const { texts } = JSON.parse(raw) as { texts: string[] };
    if (texts.some((text) => text.includes('图书'))) return void res.writeHead(422).end('untranslatable');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translations: texts.map((text) => `EN:${text}`) }));
  });
});
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await passSecondStepByApi(token);
  await read(token, ENDPOINTS.translationPlatforms.open, { params: { plugin_id: NO_TRANSLATION_PLUGIN } });
  await new Promise((resolve) => platform.close(resolve));
  // Back to the build's text (an emptied built-in text is restored) for the files that follow.
  const [entry] = (await read(token, ENDPOINTS.uiDict.list, { query: { keyword: KEY, kind: 'router' } })).data.filter((row) => row.key === KEY);
  if (entry) await read(token, ENDPOINTS.uiDict.update, { params: { id: entry.id }, body: { texts: { 'zh-CN': '' } } });
  const [imported] = (await read(token, ENDPOINTS.uiDict.list, { query: { keyword: IMPORTED, kind: 'router' } })).data.filter((row) => row.key === IMPORTED);
  if (imported) await read(token, ENDPOINTS.uiDict.update, { params: { id: imported.id }, body: { texts: { 'en-US': '' } } });
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

  it('an operator imports an edited sheet from the dictionary\'s 导入 dialog and follows it to the import records', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('界面词典');
    sheet.addRow(['词条键', '类型', 'zh-CN', 'en-US', '新增']);
    sheet.addRow([IMPORTED, '菜单标题', '翻译任务', 'Translation jobs', '']);
    sheet.addRow(['custom.e2e.nope', '界面', '没有', '', '']);
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/i18n/ui-dict');
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'ui-dict.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await workbook.xlsx.writeBuffer()) });
    await page.waitForURL(/\/operations\/backstage-task\/import-record/);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'ui-dict.xlsx' }).first();
    await row.getByText('修改 1 条，新增 0 条，未变 0 条，失败 1 条').waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: /下载错误报告/ }).waitFor();
    const texts = await read(token, ENDPOINTS.languages.texts, { query: { lang: 'en-US', type: 'admin' } });
    expect((texts.route as Record<string, string>).translationTask).toBe('Translation jobs');
    await context.close();
  });
});

describe('translation tasks (issue 17)', () => {
  it('an operator starts a category translation task, watches it finish, and finds the English names in the data dictionary', async () => {
    const url = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/translate`;
    // a platform's keys are credentials: changing them asks for the second step
    await passSecondStepByApi(token);
    await read(token, ENDPOINTS.translationPlatforms.save, { params: { plugin_id: HTTP_TRANSLATION_PLUGIN }, body: { config: { url, app_key: 'e2e' }, secrets: { app_secret: 'e2e-secret' } } });
    await read(token, ENDPOINTS.translationPlatforms.open, { params: { plugin_id: HTTP_TRANSLATION_PLUGIN } });

    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/setting/i18n/translation-task');
    await page.getByRole('button', { name: /新建翻译任务/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('翻译范围').click();
    await page.getByTitle('商品分类').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-row').first();
    await row.getByText('已完成').waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('商品分类');
    await row.locator('a').click();
    // the platform's status only: what it wrote stays in the server's log
    await page.locator('.ant-table-row').filter({ hasText: '图书文娱' }).getByText('翻译平台调用失败：HTTP 422').waitFor();

    await page.goto(`/admin/setting/i18n/data-dict?group_sn=CATEGORY&keyword=${encodeURIComponent('智能手机')}`);
    await page.locator('.ant-table-row').filter({ hasText: 'EN:智能手机' }).waitFor();
    await context.close();
  });
});
