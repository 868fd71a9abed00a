import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleCategoryEndpoints, articleEndpoints, askEndpoints, goodsIndexEndpoints, sensitiveWordEndpoints } from '@agora/contract';
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

describe('content and search', () => {
  it('writes an article in the editor, and a stored <script> or onerror never runs', async () => {
    const { context, page } = await newPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await login(page);
    await page.goto('/admin/operations/article-manage/article-list');
    await page.getByRole('button', { name: '添加文章' }).click();
    await page.waitForURL(/\/operations\/article-manage\/add$/);
    await page.getByLabel('文章名称').fill('积分规则说明');
    await page.getByLabel('文章分类').click();
    await page.locator('.ant-select-tree-title', { hasText: '购物指南' }).click();
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.getByRole('button', { name: '加粗' }).click();
    await editor.pressSequentially('积分可抵现');
    await page.getByRole('button', { name: '加粗' }).click();
    await editor.pressSequentially('，<script>alert(1)</script> 按订单实付金额累计。');
    await page.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.waitForURL(/\/article-manage\/article-list/);
    await page.locator('.ant-table-row', { hasText: '积分规则说明' }).waitFor();
    const written = (await read(token, articleEndpoints.list, { query: { name: '积分规则说明' } })).data[0];
    const stored = await read(token, articleEndpoints.get, { params: { id: written.id } });
    // What was typed is text: the editor escapes it and the server keeps it as text.
    expect(stored.content).toContain('<strong>积分可抵现</strong>');
    expect(stored.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    // An API client sends raw HTML with a script and an event handler: the server drops both.
    const help = (await read(token, articleCategoryEndpoints.tree, {})).find((node) => node.name === '帮助中心')!;
    const attack = await read(token, articleEndpoints.create, {
      body: { article_name: '恶意文章', category_id: help.id, content: '<p>正文</p><script>window.__pwned = 1; alert("x")</script><img src="/nope.png" onerror="window.__pwned = 2; alert(\'y\')"><a href="javascript:alert(3)">链接</a>' },
    });
    expect(attack.content).not.toMatch(/script|onerror|javascript:/i);
    await page.goto(`/admin/operations/article-manage/add?id=${attack.id}`);
    await page.locator('.ProseMirror', { hasText: '正文' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('.ProseMirror script').count()).toBe(0);
    await context.close();
  });

  it('adds a sensitive word and sees it starred in a new answer', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/maintain/sensitive-words');
    await page.getByRole('button', { name: '添加敏感词' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '添加敏感词' });
    await dialog.getByLabel('敏感词').fill('山寨货');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.locator('.ant-table-row', { hasText: '山寨货' }).waitFor();
    expect((await read(token, sensitiveWordEndpoints.list, { query: { keyword: '山寨货' } })).data).toHaveLength(1);

    const open = (await read(token, askEndpoints.list, { query: { reply_status: 'NO', page_size: 50 } })).data.at(-1)!;
    await page.goto(`/admin/sale/ask-detail/${open.ask_id}`);
    await page.getByPlaceholder('3-120个字').fill('正品保障，绝非山寨货，请放心购买');
    await page.getByRole('button', { name: '提交回复' }).click();
    await page.getByText('正品保障，绝非***，请放心购买').waitFor();
    expect((await read(token, askEndpoints.detail, { params: { id: open.ask_id } })).reply_content).toBe('正品保障，绝非***，请放心购买');
    await context.close();
  });

  it('runs the goods re-index and watches its progress to the end', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/maintain/goods-index');
    // The demo queued a first build at start: wait until it is no longer running.
    await expect.poll(async () => (await read(token, goodsIndexEndpoints.status, {})).task?.status, { timeout: 60_000 }).toBe('done');
    await page.reload();
    const before = (await read(token, goodsIndexEndpoints.status, {})).task!.id;
    await page.getByRole('button', { name: '重建索引' }).click();
    await page.getByText('索引任务已开始').first().waitFor();
    await expect.poll(async () => (await read(token, goodsIndexEndpoints.status, {})).task!.id).not.toBe(before);
    const progress = page.getByRole('progressbar', { name: '索引进度' });
    await progress.waitFor();
    await page.getByText(/索引完成，共 \d+ 个商品/).waitFor({ timeout: 60_000 });
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    await page.locator('.ant-tag', { hasText: '成功' }).waitFor();
    const status = await read(token, goodsIndexEndpoints.status, {});
    expect(status.indexed).toBe(status.searchable);
    const hits = await read(token, goodsIndexEndpoints.search, { query: { keyword: '手机' } });
    expect(hits.data_total).toBeGreaterThan(0);
    await context.close();
  });
});
