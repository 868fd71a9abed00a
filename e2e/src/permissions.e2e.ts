import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, DEMO_PASSWORD, FOUNDER, launchBrowser, login, menuText, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('an operations-role administrator', () => {
  it('sees only the menu entries the role permits', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'yunying', DEMO_PASSWORD);
    await page.getByTestId('sidebar').getByText('运营').click();
    await page.getByTestId('sidebar').getByText('权限设置').click();
    await page.getByTestId('sidebar').getByText('系统日志').waitFor();
    const menu = await menuText(page);
    expect(menu).toContain('首页');
    expect(menu).not.toContain('管理员管理');
    expect(menu).not.toContain('角色管理');
    expect(menu).not.toContain('二次验证');

    // The founder's menu has them: the difference is the role, not the build.
    const founder = await newPage(browser);
    await login(founder.page, FOUNDER.username, FOUNDER.password);
    await founder.page.getByTestId('sidebar').getByText('运营').click();
    await founder.page.getByTestId('sidebar').getByText('权限设置').click();
    await founder.page.getByTestId('sidebar').getByText('管理员管理').waitFor();
    await founder.context.close();
    await context.close();
  });

  it('is sent to /401 for a page the role lacks, and stays signed in', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'yunying', DEMO_PASSWORD);
    await page.goto('/admin/operations/auth-settings/administrator-manage');
    await page.waitForURL(/\/admin\/401$/);
    await page.goto('/admin/operations/auth-settings/system-logs');
    await page.waitForURL(/system-logs$/);
    await page.getByRole('columnheader', { name: 'IP' }).waitFor();
    await context.close();
  });

  it('is refused by the API with 403 NO_PERMISSION for what the role lacks', async () => {
    const token = await apiLogin('yunying', DEMO_PASSWORD);
    for (const [method, path] of [
      ['GET', 'admin/systems/manager/admin-users'],
      ['GET', 'admin/systems/roles'],
      ['POST', 'admin/systems/roles'],
      ['DELETE', 'admin/systems/manager/admin-users/1'],
    ] as const) {
      const response = await api(token, method, path, method === 'POST' ? { role_name: 'x', permissions: [] } : undefined);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await response.json()).code).toBe('NO_PERMISSION');
    }
    const allowed = await api(token, 'GET', 'admin/system-logs?page_no=1&page_size=10');
    expect(allowed.status).toBe(200);
  });
});
