import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRow } from '@agora/contract';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, confirmPopconfirm, FOUNDER, launchBrowser, login, newPage, read } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

const pcPages = async (): Promise<PageRow[]> => (await read(token, ENDPOINTS.pages.list, { query: { client_type: 'PC', page_size: 200 } })).data;

describe('micro pages', () => {
  it('creates a PC page, publishes it, promotes it, makes it home and back, copies it and deletes both', async () => {
    const name = `E2E专题${crypto.randomBytes(2).toString('hex')}`;
    const formerHome = (await pcPages()).find((p) => p.is_index)!;
    expect(formerHome).toBeDefined();
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/decoration-setting/pc-pages');
    const rowOf = (name: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(name, { exact: true }) });
    // the home page leads the list, marked, and cannot be deleted
    const homeRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await homeRow.getByText(formerHome.page_name).waitFor();
    await homeRow.getByText('首页', { exact: true }).waitFor();
    expect(await homeRow.getByRole('button', { name: /删\s*除/ }).isDisabled()).toBe(true);

    // new: the name is required
    await page.getByRole('button', { name: '新建页面' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请输入页面名称').waitFor();
    await dialog.getByLabel('页面名称').fill(name);
    await dialog.getByLabel('页面描述').fill('端到端测试页');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('页面已保存').waitFor();
    const row = rowOf(name);
    await row.getByText('未发布').waitFor();
    // a draft cannot become home and has nothing to promote
    expect(await row.getByRole('button', { name: '设为首页' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: '推广' }).count()).toBe(0);

    await row.getByRole('button', { name: /发\s*布/ }).click();
    await page.getByText('页面已发布').waitFor();
    await row.getByText('已发布').waitFor();
    const created = (await pcPages()).find((p) => p.page_name === name)!;

    // promote: the buyer-site link and its QR code
    await row.getByRole('button', { name: '推广' }).click();
    const promote = page.getByRole('dialog');
    await expect.poll(() => promote.getByTestId('page-link').innerText()).toMatch(new RegExp(`/topic/${created.page_id}$`));
    await promote.getByTestId('page-qr').locator('canvas').waitFor();
    // the open dialog is in the URL: a reload shows it again
    expect(new URL(page.url()).searchParams.get('promote')).toBe(String(created.page_id));
    await page.reload();
    await expect.poll(() => promote.getByTestId('page-link').innerText()).toMatch(new RegExp(`/topic/${created.page_id}$`));
    await page.keyboard.press('Escape');
    await promote.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('promote')).toBe(false);

    // home: the mark moves, the former home page stays published as an ordinary page
    await row.getByRole('button', { name: '设为首页' }).click();
    await confirmPopconfirm(page, `确定将“${name}”设为PC端首页吗？原首页将成为普通页面。`);
    await page.getByText('已设为首页').waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText(name).waitFor();
    let pages = await pcPages();
    expect(pages.filter((p) => p.is_index).map((p) => p.page_id)).toEqual([created.page_id]);
    expect(pages.find((p) => p.page_id === formerHome.page_id)).toMatchObject({ is_index: 0, publish_status: 'YES' });
    expect(await rowOf(name).getByRole('button', { name: '取消发布' }).isDisabled()).toBe(true);
    // and back, so the demo keeps its home page
    await rowOf(formerHome.page_name).getByRole('button', { name: '设为首页' }).click();
    await confirmPopconfirm(page, `确定将“${formerHome.page_name}”设为PC端首页吗？原首页将成为普通页面。`);
    await expect.poll(async () => (await pcPages()).find((p) => p.is_index)?.page_id).toBe(formerHome.page_id);

    // copy, then delete both in one batch, after confirming
    await rowOf(name).getByRole('button', { name: /复\s*制/ }).click();
    await confirmPopconfirm(page, `确定复制“${name}”吗？`);
    await page.getByText(`已复制为“${name} 副本”`).waitFor();
    await rowOf(`${name} 副本`).waitFor();
    pages = await pcPages();
    const ours = pages.filter((p) => p.page_name.startsWith(name));
    expect(ours).toHaveLength(2);
    for (const own of ours) await rowOf(own.page_name).locator('.ant-checkbox-input').check();
    await page.getByText('已选择 2 个').waitFor();
    await page.getByRole('button', { name: '批量删除' }).click();
    await confirmPopconfirm(page, '确定删除选中的2个页面吗？删除后不可恢复');
    await page.getByText('页面已删除').waitFor();
    await expect.poll(async () => (await pcPages()).filter((p) => p.page_name.startsWith(name))).toEqual([]);
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).not.toContain(name);
    await context.close();
  });

  it('filters by publish status through the URL, and the mobile list holds the mobile pages only', async () => {
    const mobile: PageRow[] = (await read(token, ENDPOINTS.pages.list, { query: { client_type: 'MOBILE', publish_status: 'NO', page_size: 200 } })).data;
    expect(mobile.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/decoration-setting/mobile-pages?publish_status=NO');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().getByText(mobile[0].page_name).waitFor();
    expect(await rows.count()).toBe(mobile.length);
    expect(await page.locator('.ant-table-tbody').getByText('已发布', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
