import { chromium } from 'playwright-core';
const [,, path, out, lang] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto('http://127.0.0.1:3977/admin/login');
await page.getByPlaceholder(/账号|用户名|管理员/).fill('admin');
await page.getByPlaceholder(/密码/).fill('admin123');
await page.getByPlaceholder(/验证码/).fill('1234');
await page.getByRole('button', { name: /登\s*录/ }).click();
await page.waitForURL(/dashboard/, { timeout: 30000 });
if (lang === 'en-US') {
  await page.getByTestId('lang-switch').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'English' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'en-US');
}
await page.goto('http://127.0.0.1:3977/admin' + path);
await page.waitForSelector('.ant-table-row', { timeout: 30000 });
if (process.argv[5] === 'edit') { await page.locator('.ant-table-row').first().getByRole('button').first().click(); await page.waitForTimeout(800); }
await page.waitForTimeout(800);
await page.screenshot({ path: out });
await browser.close();
