import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, menuText, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openFromMenu(page: Page, ...path: string[]) {
  const sidebar = page.getByTestId('sidebar');
  for (const label of path) await sidebar.getByText(label, { exact: true }).click();
}

/** An item of the dropdown menu that is open now (a closed one may still be fading out). */
const openMenuItem = (page: Page, name: string) =>
  page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-leave"])').getByRole('menuitem', { name });

const tabNames = async (page: Page) =>
  page.getByTestId('tabs-bar').locator('[data-testid^="tab-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));

describe('the console shell', () => {
  it('switches to English and back; the choice survives a reload and antd follows', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.getByTestId('lang-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByTestId('sidebar').getByText('Dashboard').waitFor();
    expect(await menuText(page)).toContain('Operations');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('adminLanguage')!).value)).toBe('en-US');

    await page.reload();
    await page.getByTestId('sidebar').getByText('Dashboard').waitFor();
    await page.goto('/admin/operations/auth-settings/role-manage');
    await page.getByText('/ page').waitFor(); // antd's own en-US pagination text

    await page.getByTestId('lang-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByTestId('sidebar').getByText('首页').waitFor();
    await page.getByText('条/页').waitFor();
    await context.close();
  });

  it('changes the theme colour, says 换肤成功, and keeps it across a reload', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/auth-settings/role-manage');
    const addButton = page.getByRole('button', { name: /添加角色/ });
    await addButton.waitFor();
    const before = await addButton.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(before).toBe('rgb(64, 158, 255)'); // #409EFF, the default

    await page.getByTestId('theme-picker').locator('.ant-color-picker-trigger').click();
    await page.locator('.ant-color-picker-presets-color').nth(2).click(); // #722ED1
    await page.getByText('换肤成功').waitFor();
    await expect.poll(() => addButton.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(114, 46, 209)');
    // The colour reaches the links too (a table's row actions), not only primary buttons and the menu.
    const rowLink = page.locator('.ant-table-row .ant-btn-link:not([disabled]):not(.ant-btn-dangerous)').first();
    expect(await rowLink.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(114, 46, 209)');

    await page.reload();
    await addButton.waitFor();
    expect(await addButton.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(114, 46, 209)');
    await context.close();
  });

  it('closes the other tabs and then all tabs; the dashboard tab stays', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    // Quick clicks, each before the previous page has settled: every page still gets its tab.
    await openFromMenu(page, '运营', '权限设置', '管理员管理');
    await page.waitForURL(/administrator-manage$/);
    await openFromMenu(page, '角色管理');
    await page.waitForURL(/role-manage$/);
    await openFromMenu(page, '系统日志');
    await page.waitForURL(/system-logs$/);
    await expect.poll(() => tabNames(page)).toEqual(['tab-dashboard', 'tab-administratorManage', 'tab-roleManage', 'tab-systemLogs']);

    await page.getByTestId('tab-roleManage').click({ button: 'right' });
    await openMenuItem(page, '关闭其他').click();
    await expect.poll(() => tabNames(page)).toEqual(['tab-dashboard', 'tab-roleManage']);
    expect(new URL(page.url()).pathname).toBe('/admin/operations/auth-settings/role-manage');

    await page.getByTestId('tabs-bar').getByRole('button', { name: '标签操作' }).click();
    await openMenuItem(page, '关闭所有').click();
    await expect.poll(() => tabNames(page)).toEqual(['tab-dashboard']);
    await page.waitForURL(/\/admin\/dashboard$/);
    await context.close();
  });

  it('keeps the sidebar collapsed across a reload', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    const sidebarWidth = () => page.getByTestId('sidebar').evaluate((node) => node.getBoundingClientRect().width);
    const wide = await sidebarWidth();
    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await expect.poll(sidebarWidth).toBeLessThan(100);
    await page.reload();
    await page.getByTestId('tabs-bar').waitFor();
    expect(await sidebarWidth()).toBeLessThan(100);
    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await expect.poll(sidebarWidth).toBe(wide);
    await context.close();
  });
});
