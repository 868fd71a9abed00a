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

async function editMenuManage(page: Page, change: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByTestId('menu-node-menuManage').getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog');
  await change(dialog);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('menu manager (issue 16)', () => {
  it('renames a menu entry: the side menu, the tab and the breadcrumb follow after save; restoring the default puts it back', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/maintain/menu-manage');
    await page.getByTestId('menu-node-menuManage').waitFor();
    expect(await menuText(page)).toContain('菜单管理');

    await editMenuManage(page, (dialog) => dialog.getByLabel('中文标题').fill('菜单维护'));
    await page.getByTestId('sidebar').getByText('菜单维护').waitFor();
    expect(await page.getByTestId('tab-menuManage').innerText()).toBe('菜单维护');
    expect(await page.locator('.agora-breadcrumb').innerText()).toContain('菜单维护');

    await editMenuManage(page, (dialog) => dialog.getByRole('button', { name: '恢复默认' }).click());
    await page.getByTestId('sidebar').getByText('菜单管理').waitFor();
    expect(await menuText(page)).not.toContain('菜单维护');
    await context.close();
  });
});
