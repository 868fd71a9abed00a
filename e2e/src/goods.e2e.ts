import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, confirmPopconfirm, baseUrl, FOUNDER, launchBrowser, login, newPage, read, send } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

const goodsAwaitingAudit = async () => (await read(token, ENDPOINTS.dashboard.page)).todo.goods_audit!;

describe('goods', () => {
  it('passes a goods item in goods-audit: it leaves the list and the dashboard count drops', async () => {
    const before = await goodsAwaitingAudit();
    expect(before).toBeGreaterThan(0);
    const { context, page } = await newPage(browser);
    await login(page);
    const todo = page.getByTestId('todo-goods_audit');
    await expect.poll(() => todo.innerText()).toContain(String(before));
    // Both charts are drawn (ECharts, SVG renderer).
    await page.getByTestId('turnover-chart').locator('svg').waitFor();
    await page.getByTestId('pv-chart').locator('svg').waitFor();

    await todo.getByRole('link').click();
    await page.waitForURL(/\/admin\/goods\/goods-audit$/);
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const sn = (await firstRow.innerText()).match(/G\d{6}/)![0];
    const name = (await firstRow.locator('.ant-typography-ellipsis').first().innerText()).trim();

    // The auditor reads the item first: its pictures (enlarged), SKUs with stock, and parameters.
    await firstRow.getByRole('button', { name, exact: true }).click();
    const drawer = page.locator('.ant-drawer-section');
    await drawer.locator('.ant-drawer-title', { hasText: name }).waitFor();
    const skuRows = drawer.getByTestId('goods-skus').locator('tr.ant-table-row');
    await skuRows.first().waitFor();
    expect(await skuRows.count()).toBeGreaterThan(0);
    expect(await skuRows.first().innerText()).toMatch(new RegExp(`${sn}-1[\\s\\S]*￥`));
    const pictures = drawer.getByTestId('goods-gallery').locator('img');
    expect(await pictures.count()).toBeGreaterThan(0);
    for (const src of await pictures.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))) {
      expect((await fetch(src)).status).toBe(200);
    }
    await pictures.first().click();
    await page.locator('.ant-image-preview img').first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview').first().waitFor({ state: 'hidden' });
    await drawer.getByText('商品参数 · 主体').waitFor();

    await drawer.getByRole('button', { name: /通\s*过/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('审核已通过').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).not.toContain(sn);

    expect(await goodsAwaitingAudit()).toBe(before - 1);
    await page.getByTestId('sidebar').getByText('首页').click();
    await expect.poll(() => page.getByTestId('todo-goods_audit').innerText()).toContain(String(before - 1));
    await context.close();
  });

  it('refuses a goods item with a reason; the reason is required', async () => {
    const before = await goodsAwaitingAudit();
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/goods/goods-audit');
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.getByRole('button', { name: /驳\s*回/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请填写驳回原因').waitFor();
    await dialog.getByLabel('驳回原因').fill('主图与商品不符');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已驳回').waitFor();
    expect(await goodsAwaitingAudit()).toBe(before - 1);
    await context.close();
  });

  it('takes a goods item down with a reason and puts it back on sale', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/goods/goods-list?market_enable=1&is_auth=1');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const name = (await row.locator('.ant-typography-ellipsis').first().innerText()).trim();
    await row.getByRole('button', { name: /下\s*架/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('下架原因').fill('图片涉嫌侵权');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已下架', { exact: true }).first().waitFor();

    await page.goto(`/admin/goods/goods-list?market_enable=0&is_auth=1&keyword=${encodeURIComponent(name)}`);
    const downRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name }).first();
    await downRow.getByText('已下架').hover();
    await page.getByText('平台下架，原因为：图片涉嫌侵权').first().waitFor();
    await downRow.getByRole('button', { name: /上\s*架/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('已上架').waitFor();
    await context.close();
  });

  it('keeps the goods list filters and the open details in the URL: a reload shows the same list with the same drawer', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/goods/goods-list?market_enable=1&sort=price&order=asc');
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const name = (await firstRow.locator('.ant-typography-ellipsis').first().innerText()).trim();
    await firstRow.getByRole('button', { name, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has('detail'));
    const id = new URL(page.url()).searchParams.get('detail');
    const drawer = page.locator('.ant-drawer-section');
    await drawer.locator('.ant-drawer-title', { hasText: name }).waitFor();

    await page.reload();
    await drawer.locator('.ant-drawer-title', { hasText: name }).waitFor();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ market_enable: '1', sort: 'price', order: 'asc', detail: id });
    await expect.poll(() => page.locator('th[aria-sort="ascending"]').innerText()).toContain('价格');
    await page.keyboard.press('Escape');
    await page.waitForURL((next) => !next.searchParams.has('detail'));
    await context.close();
  });

  it('fits its tables: every column in sight at 1440px in English, nothing clipped; at 800px the goods and actions stay pinned apart', async () => {
    const pages = ['/admin/goods/goods-list?market_enable=1&is_auth=1', '/admin/goods/goods-list?is_auth=0', '/admin/goods/goods-audit', '/admin/goods/goods-setting/brand-list', '/admin/goods/goods-setting/category-list'];
    for (const width of [1440, 800]) {
      const { context, page } = await newPage(browser, { width, height: 900 });
      await login(page);
      await page.evaluate(() => localStorage.setItem('adminLanguage', JSON.stringify({ value: 'en-US', expires: Date.now() + 86_400_000 })));
      for (const url of pages) {
        await page.goto(url);
        await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
        const layout = await page.evaluate(() => {
          const table = document.querySelector('.ant-table-content table') as HTMLElement;
          const box = table.parentElement as HTMLElement;
          const stretched = table.style.width;
          table.style.width = 'max-content';
          const natural = table.getBoundingClientRect().width;
          table.style.width = stretched;
          const clipped = [...document.querySelectorAll('.ant-table-thead .ant-table-column-title, .ant-btn, .ant-tag, .ant-typography-ellipsis')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1 && !el.classList.contains('ant-typography-ellipsis'))
            .map((el) => (el as HTMLElement).innerText);
          const first = (selector: string) => document.querySelector(`.ant-table-tbody tr.ant-table-row ${selector}`)?.getBoundingClientRect();
          const start = first('td.ant-table-cell-fix-start:not(.ant-table-selection-column)');
          const end = first('td.ant-table-cell-fix-end');
          return { natural, room: box.clientWidth, clipped, apart: !start || !end || start.right <= end.left };
        });
        if (width === 1440) expect(layout.natural, url).toBeLessThanOrEqual(layout.room);
        expect(layout.clipped, url).toEqual([]);
        expect(layout.apart, url).toBe(true);
      }
      await context.close();
    }
  });

  it('answers 400 with a clear message, never 500, to ids past the spec maximum', async () => {
    const tooBig = '99999999999999999999';
    for (const [endpoint, params, message] of [
      [ENDPOINTS.goods.details, { ids: tooBig }, '商品id格式有误'],
      [ENDPOINTS.goods.up, { goods_ids: tooBig }, '商品id格式有误'],
      [ENDPOINTS.brands.remove, { ids: tooBig }, '品牌id格式有误'],
    ] as const) {
      const response = await send(token, endpoint, { params });
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
  });

  it('adds a brand with an uploaded logo, finds it, and deletes it', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/goods/goods-setting/brand-list');
    await page.getByRole('button', { name: '添加品牌' }).click();
    const dialog = page.getByRole('dialog');
    const name = `E2E品牌${Date.now() % 100000}`;
    await dialog.getByLabel('品牌名称').fill(name);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请上传品牌图标').waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    await dialog.locator('img[src^="/files/"]').waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('品牌已保存').waitFor();

    await page.getByPlaceholder('品牌名称').fill(name);
    await page.getByPlaceholder('品牌名称').press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    const logo = await row.locator('img').getAttribute('src');
    expect((await fetch(`${baseUrl()}${logo}`)).status).toBe(200);
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('品牌已删除').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await context.close();
  });

  it('adds a subcategory with a parameter group, and refuses to delete a category that has children', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/goods/goods-setting/category-list');
    const root = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const rootName = (await root.locator('td').first().innerText()).trim();
    await root.getByRole('button', { name: '添加子分类' }).click();
    const dialog = page.getByRole('dialog');
    const child = `E2E分类${Date.now() % 100000}`;
    await dialog.getByLabel('分类名称').fill(child);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('分类已保存').waitFor();

    await root.getByRole('button', { name: /删\s*除/ }).click();
    await confirmPopconfirm(page, `确定删除分类“${rootName}”吗？`);
    await page.getByText('此类别下存在子类别不能删除').waitFor();

    await root.locator('.ant-table-row-expand-icon').click();
    const childRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: child });
    await childRow.getByRole('button', { name: '参数' }).click();
    await page.waitForURL(/\/admin\/goods\/goods-setting\/category-params\/\d+$/);
    await page.getByRole('button', { name: '添加参数组' }).click();
    await page.getByRole('dialog').getByLabel('参数组名称').fill('规格');
    await page.getByRole('dialog').getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存', { exact: true }).waitFor();
    await page.getByText('规格', { exact: true }).waitFor();
    await context.close();
  });
});

/** A real 1×1 PNG: the upload endpoint checks the content, not just the extension. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

