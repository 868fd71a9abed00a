import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, SHOP_LIST_STATES } from '@agora/contract';
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

const shopsIn = async (state: (typeof SHOP_LIST_STATES)[number]) =>
  (await read(token, ENDPOINTS.shops.list, { query: { shop_disable: state, page_size: 200 } })).data;

describe('shops', () => {
  it('closes an open shop and opens it again, asking first each time', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/shop/shop-list?shop_disable=OPEN');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').nth(1);
    const name = (await row.locator('strong').innerText()).trim();
    await row.getByRole('button', { name: /关\s*闭/ }).click();
    await confirmPopconfirm(page, `关闭后“${name}”的全部商品将下架，确定关闭吗？`);
    await page.getByText('店铺已关闭').waitFor();
    expect((await shopsIn('CLOSED')).some((shop) => shop.shop_name === name)).toBe(true);

    await page.goto(`/admin/shop/shop-list?shop_disable=CLOSED&keyword=${encodeURIComponent(name)}`);
    const closedRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    await closedRow.getByText('已关闭').waitFor();
    await closedRow.getByRole('button', { name: /开\s*启/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('店铺已开启').waitFor();
    expect((await shopsIn('OPEN')).some((shop) => shop.shop_name === name)).toBe(true);
    await context.close();
  });

  it('keeps the detail drawer and the settlement-day dialog through a reload, and sets two shops’ days at once', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/shop/shop-list?shop_disable=CLOSED');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    const first = (await rows.nth(0).locator('strong').innerText()).trim();
    const second = (await rows.nth(1).locator('strong').innerText()).trim();
    const closed = await shopsIn('CLOSED');
    const ids = [first, second].map((name) => closed.find((shop) => shop.shop_name === name)!.shop_id);

    await rows.nth(0).getByText(first).click();
    await page.waitForURL(new RegExp(`detail=${ids[0]}`));
    await page.reload();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('公司与资质').waitFor();
    await drawer.getByText(first).first().waitFor();
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    await rows.nth(0).locator('.ant-checkbox-input').check();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '设置结算日' }).click();
    await page.waitForURL(/settlement_days=/);
    await page.reload();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('设置结算日（2 个店铺）').waitFor();
    // the days, then (left empty: each shop keeps its own) the settlement status
    await dialog.getByRole('combobox').first().click();
    await page.locator('.ant-select-item-option', { hasText: /^每月3日$/ }).click();
    await page.locator('.ant-select-item-option', { hasText: /^每月6日$/ }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('结算日已设置').waitFor();
    await expect.poll(() => page.url()).not.toContain('settlement_days');
    for (const id of ids) expect((await read(token, ENDPOINTS.shops.detail, { params: { id } })).settlement_days).toEqual([3, 6]);
    await context.close();
  });

  it('approves a shop application in shop-audit; the shop is then open', async () => {
    const waiting = await shopsIn('APPLY');
    expect(waiting.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/shop/shop-audit');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const name = (await row.locator('strong').innerText()).trim();
    // the auditor reads the whole application first, then decides from the same drawer
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('公司与资质').waitFor();
    const detail = await read(token, ENDPOINTS.shops.detail, { params: { id: waiting.find((s) => s.shop_name === name)!.shop_id } });
    await drawer.getByText(detail.company_name).waitFor();
    await drawer.getByRole('button', { name: /通\s*过/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('已通过开店申请').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).not.toContain(name);
    const opened = (await shopsIn('OPEN')).find((shop) => shop.shop_name === name);
    expect(opened?.shop_disable).toBe('OPEN');
    await context.close();
  });
});

describe('shop edit, add, settlement and earnest money', () => {
  it('renames a shop on its edit page and the goods list shows the new name', async () => {
    const shop = (await shopsIn('OPEN')).filter((s) => s.goods_num > 0).at(-1)!;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/shop/edit/${shop.shop_id}`);
    const name = page.getByLabel('店铺名称');
    await expect.poll(() => name.inputValue()).toBe(shop.shop_name);
    const renamed = `改名${Date.now() % 100000}`;
    await name.fill(renamed);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('店铺信息已保存').waitFor();
    await page.getByRole('heading', { name: renamed }).waitFor();

    await page.goto(`/admin/goods/goods-list?seller_id=${shop.shop_id}`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText(renamed).waitFor();
    await context.close();
  });

  it('refuses a bad edit with the field message and saves nothing', async () => {
    const [shop] = await shopsIn('OPEN');
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/shop/edit/${shop.shop_id}`);
    await expect.poll(() => page.getByLabel('店铺名称').inputValue()).toBe(shop.shop_name);
    await page.getByRole('tab', { name: '结算账户' }).click();
    await page.getByLabel('银行账号').fill('12ab');
    await page.getByRole('tab', { name: '基本信息' }).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    // the refused field's tab comes to the front with the contract's message
    await page.getByText('银行账号为8到30位数字').waitFor();
    const detail = await read(token, ENDPOINTS.shops.detail, { params: { id: shop.shop_id } });
    expect(detail.bank_number).not.toBe('12ab');
    await context.close();
  });

  it('cuts a bill now from the settlement tab', async () => {
    const open = await shopsIn('OPEN');
    const shop = open[0];
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/shop/edit/${shop.shop_id}`);
    await page.getByRole('tab', { name: '结算', exact: true }).click();
    await page.getByRole('button', { name: /立即结算/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('结算单已生成').waitFor();
    const bills = await read(token, ENDPOINTS.finance.bills, { query: { seller_id: shop.shop_id } });
    expect(bills.data_total).toBeGreaterThan(0);
    await page.getByText(bills.data[0].bill_sn).waitFor();
    await context.close();
  });

  it('passes a margin payment: it leaves the queue, the dashboard count drops, the shop’s margin grows', async () => {
    const queue = await read(token, ENDPOINTS.finance.marginFlows, { query: { auth_status: 'WAIT_AUDIT', page_size: 100 } });
    expect(queue.data_total).toBeGreaterThan(0);
    const todoBefore = (await read(token, ENDPOINTS.dashboard.page)).todo.margin_audit!;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/finance/earnest-money/examine-list');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const shopName = (await row.locator('td').first().innerText()).trim();
    const flow = queue.data.find((f) => f.shop_name === shopName)!;
    const before = (await read(token, ENDPOINTS.shops.detail, { params: { id: flow.shop_id } })).remaining_margin;
    await row.getByRole('button', { name: /审\s*核/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(shopName).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已通过保证金缴纳').waitFor();
    await expect.poll(async () => (await read(token, ENDPOINTS.dashboard.page)).todo.margin_audit).toBe(todoBefore - 1);
    const after = (await read(token, ENDPOINTS.shops.detail, { params: { id: flow.shop_id } })).remaining_margin;
    expect(after).toBeCloseTo(before + flow.actual_pay_amount, 2);

    // and the operator can take part of it back from the shop's earnest-money tab
    await page.goto(`/admin/shop/edit/${flow.shop_id}`);
    await page.getByRole('tab', { name: '保证金' }).click();
    await page.getByPlaceholder('金额').fill(String(after + 1));
    await page.getByPlaceholder('原因（必填）').fill('违规罚款');
    await page.getByRole('button', { name: /^扣\s*除$/ }).click();
    await confirmPopconfirm(page);
    await page.getByText(/扣除金额不能大于剩余保证金/).first().waitFor();
    await page.getByPlaceholder('金额').fill('100');
    await page.getByRole('button', { name: /^扣\s*除$/ }).click();
    await confirmPopconfirm(page);
    await page.getByText(/操作成功，剩余保证金/).waitFor();
    expect((await read(token, ENDPOINTS.shops.detail, { params: { id: flow.shop_id } })).remaining_margin).toBeCloseTo(after - 100, 2);
    await page.locator('.ant-table-tbody').getByText('违规罚款').waitFor();
    await context.close();
  });

  it('opens a shop for a member from shop-add and lands on its edit page', async () => {
    const candidates = (await read(token, ENDPOINTS.shops.members, { query: { page_size: 50 } })).data;
    const member = candidates.find((m) => m.have_shop === 0);
    const owner = candidates.find((m) => m.have_shop === 1);
    expect(member).toBeDefined();
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/shop/shop-list');
    await page.getByRole('button', { name: '添加店铺' }).click();
    await page.waitForURL(/shop-add/);
    // the owner is chosen in the member picker, one member only; members with a shop cannot be chosen
    await page.getByLabel('店主会员').click();
    const picker = page.getByRole('dialog', { name: '选择会员' });
    await picker.getByText(/最多可选:\s*1个/).waitFor();
    if (owner) {
      await picker.getByPlaceholder('会员名称/手机号/昵称').fill(owner.uname);
      const taken = picker.locator('tr[data-row-key]', { hasText: owner.uname });
      await taken.getByText('已有店铺').waitFor();
      expect(await taken.locator('input').isDisabled()).toBe(true);
    }
    await picker.getByPlaceholder('会员名称/手机号/昵称').fill(member!.uname);
    await picker.locator('tr[data-row-key]', { hasText: member!.uname }).first().click();
    await picker.getByText(/已选:\s*1个/).waitFor();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('chosen-member').getByText(member!.uname).waitFor();
    const name = `新店${Date.now() % 100000}`;
    await page.getByLabel('店铺名称').fill(name);
    await page.getByRole('button', { name: '开通店铺' }).click();
    await page.getByText('店铺已开通，请完善店铺资料').waitFor();
    await page.waitForURL(/\/shop\/edit\/\d+/);
    await page.getByRole('heading', { name }).waitFor();
    expect((await shopsIn('OPEN')).some((shop) => shop.shop_name === name)).toBe(true);
    await context.close();
  });
});
