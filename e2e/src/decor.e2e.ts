import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, FOCUS_PICTURES_MAX, STORAGE_KEYS, type PageDetail } from '@agora/contract';
import { apiLogin, baseUrl, call, FOUNDER, launchBrowser, login, newPage, read } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

/** A real 1×1 PNG: the upload endpoint checks the content, not just the extension. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** The decoration app's own origin: the same server reached under another name (global-setup's DECOR_ORIGIN). */
const decorOrigin = () => baseUrl().replace('127.0.0.1', 'localhost');
const stored = (page: Page, key: string) => page.evaluate((name) => (JSON.parse(localStorage.getItem(name) ?? 'null') as { value?: unknown } | null)?.value, key);

describe('the decoration app', () => {
  it('opens a page from the console on its own origin with the session, adds a carousel picture and a goods floor, publishes, and the public page shows them', async () => {
    const name = `E2E装修${crypto.randomBytes(2).toString('hex')}`;
    const created = await read(token, ENDPOINTS.pages.create, { body: { client_type: 'PC', page_name: name, description: '' } });
    // Room for one more picture in the PC carousel (at most 5 per client).
    const pictures = await read(token, ENDPOINTS.decor.focusList, { query: { client_type: 'PC' } });
    for (const picture of pictures.slice(FOCUS_PICTURES_MAX - 1)) await call(token, ENDPOINTS.decor.focusRemove, { params: { id: picture.id } });

    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/operations/decoration-setting/pc-pages?keyword=${encodeURIComponent(name)}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(name, { exact: true }) });
    const [decor] = await Promise.all([context.waitForEvent('page'), row.getByRole('button', { name: /^编\s*辑$/ }).click()]);

    // Another origin: nothing of the console's storage is there until the console sends it (spec §4).
    await decor.waitForURL(`${decorOrigin()}/decor/pages/${created.page_id}`);
    await expect.poll(() => decor.getByText(`页面装修 · ${name}`).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await stored(decor, STORAGE_KEYS.refreshToken)).toBe(await stored(page, STORAGE_KEYS.refreshToken));

    // The 1200px PC preview beside the floor list in a 1440px window: zoomed to the pane, its right side in sight.
    const previewBox = decor.getByTestId('decor-preview');
    await expect.poll(() => previewBox.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const box = (await previewBox.boundingBox())!;
    const previewed = (await previewBox.getByTestId('page-view').boundingBox())!;
    expect(previewed.x + previewed.width).toBeLessThanOrEqual(box.x + box.width);
    expect(previewed.width).toBeGreaterThan(800);

    // A carousel: a picture uploaded through the image picker, linking to a keyword.
    await decor.getByRole('button', { name: '轮播图' }).click();
    await decor.getByRole('button', { name: /添加图片/ }).click();
    const imagePicker = decor.getByRole('dialog').filter({ hasText: '图片选择器' });
    await imagePicker.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    await imagePicker.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(async () => (await read(token, ENDPOINTS.decor.focusList, { query: { client_type: 'PC' } })).length).toBe(Math.min(pictures.length, FOCUS_PICTURES_MAX - 1) + 1);

    // A goods floor: two goods from the goods picker.
    await decor.getByRole('button', { name: '商品楼层' }).click();
    await decor.getByRole('button', { name: /选择商品/ }).click();
    const goodsPicker = decor.getByRole('dialog').filter({ hasText: '选择商品' });
    const goodsRows = goodsPicker.locator('.ant-table-tbody tr.ant-table-row');
    await goodsRows.first().waitFor();
    const chosen = (await goodsRows.first().locator('td').nth(1).innerText()).split('\n')[0].trim();
    await goodsRows.first().locator('.ant-checkbox-input').check();
    await goodsPicker.getByRole('button', { name: /^确\s*定$|^OK$/ }).click();
    await expect.poll(() => decor.getByTestId('decor-preview').locator('[data-floor="GOODS"]').innerText()).toContain(chosen);
    expect(await decor.getByTestId('floor-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-type')))).toEqual(['CAROUSEL', 'GOODS']);

    await decor.getByRole('button', { name: /保存并发布/ }).click();
    await expect.poll(() => decor.getByTestId('publish-status').innerText()).toBe('已发布');
    // saved: nothing is left to save, nothing asks before leaving
    await decor.getByText('有未保存的修改').waitFor({ state: 'detached' });
    const saved = (await read(token, ENDPOINTS.pages.detail, { params: { id: created.page_id } })) as PageDetail;
    expect(saved.publish_status).toBe('YES');
    expect(saved.page_data.map((floor) => floor.type)).toEqual(['CAROUSEL', 'GOODS']);

    // The public page: no sign-in, the floors as buyers see them.
    const visitor = await newPage(browser);
    await visitor.page.goto(`${decorOrigin()}/topic/${created.page_id}`);
    const view = visitor.page.getByTestId('page-view');
    await expect.poll(() => view.locator('[data-floor="GOODS"]').innerText(), { timeout: 30_000 }).toContain(chosen);
    expect(await view.locator('[data-floor="CAROUSEL"] img').count()).toBeGreaterThan(0);
    await visitor.context.close();

    // The decoration window renews its tokens: it sends them back, and the console keeps working with them.
    const spent = await stored(page, STORAGE_KEYS.refreshToken);
    await decor.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.accessToken);
    // the next request of the window (the preview of a floor added) renews them
    await decor.getByRole('button', { name: '楼层标题' }).click();
    await expect.poll(() => stored(decor, STORAGE_KEYS.refreshToken)).not.toBe(spent);
    const renewed = await stored(decor, STORAGE_KEYS.refreshToken);
    await expect.poll(() => stored(page, STORAGE_KEYS.refreshToken)).toBe(renewed);
    await page.reload();
    await expect.poll(() => page.getByText(name, { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await context.close();

    await call(token, ENDPOINTS.pages.publish, { params: { id: created.page_id } });
    await call(token, ENDPOINTS.pages.remove, { params: { ids: [created.page_id] } });
  });

  it('serves no draft publicly', async () => {
    const draft = await read(token, ENDPOINTS.pages.create, { body: { client_type: 'MOBILE', page_name: `E2E草稿${crypto.randomBytes(2).toString('hex')}`, description: '' } });
    const { context, page } = await newPage(browser);
    await page.goto(`/m/topic/${draft.page_id}`);
    await expect.poll(() => page.getByText('页面不存在或尚未发布').isVisible(), { timeout: 30_000 }).toBe(true);
    await context.close();
    await call(token, ENDPOINTS.pages.remove, { params: { ids: [draft.page_id] } });
  });
});
