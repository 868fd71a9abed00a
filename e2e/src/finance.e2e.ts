import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, confirmPopconfirm, FOUNDER, launchBrowser, login, newPage, passSecondStep, read, usePasswordVerification } from './browser.js';

let browser: Browser;
let token: string;
let restoreVerification: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  // Paying a bill needs the second step: password verification with a known password.
  restoreVerification = await usePasswordVerification(token);
});

afterAll(async () => {
  await browser?.close();
  await restoreVerification();
});

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe('finance', () => {
  it('settles a shop now, sees the bill with its orders, takes it to settled through the second step and exports it', async () => {
    // the shop of the newest paid order among those billing orders once paid (the default settlement
    // status; the others wait for completion or the after-sale window): it has orders no bill has taken yet
    const paid = (await read(token, ENDPOINTS.orders.list, { query: { page_size: 20, order_status: 'WAIT_SHIP' } })).data;
    let shopId = 0;
    for (const order of paid) {
      if ((await read(token, ENDPOINTS.shops.detail, { params: { id: order.shop_id } })).settlement_status !== 'PAID') continue;
      shopId = order.shop_id;
      break;
    }
    expect(shopId).toBeGreaterThan(0);
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/shop/edit/${shopId}`);
    await page.getByRole('tab', { name: '结算', exact: true }).click();
    await page.getByRole('button', { name: '立即结算' }).click();
    await confirmPopconfirm(page);
    await page.getByText('结算单已生成').waitFor();

    const [bill] = (await read(token, ENDPOINTS.finance.bills, { query: { seller_id: shopId, page_size: 1 } })).data;
    expect(bill.order_count).toBeGreaterThan(0);
    await page.goto(`/admin/finance/settlement?seller_id=${shopId}`);
    await rows(page).first().getByText(bill.bill_sn).click();
    await page.waitForURL(new RegExp(`/admin/finance/detail/${bill.id}`));
    await page.getByRole('tab', { name: `订单（${bill.order_count}）` }).waitFor();
    const [first] = (await read(token, ENDPOINTS.finance.billItems, { params: { id: bill.id, bill_type: 'PAYMENT' }, query: { page_size: 1 } })).data;
    await page.getByRole('tabpanel').getByText(first.order_sn).waitFor();
    await page.getByRole('tab', { name: `退款（${bill.refund_count}）` }).click();

    for (const [button, done] of [['确认对账', '已确认对账'], ['审核通过', '账单已审核']] as const) {
      await page.getByRole('button', { name: button }).click();
      await confirmPopconfirm(page);
      await page.getByText(done).waitFor();
    }
    await page.getByRole('button', { name: '设为已结算' }).click();
    await confirmPopconfirm(page);
    await passSecondStep(page);
    await page.getByText('已设为已结算').waitFor();
    expect((await read(token, ENDPOINTS.finance.bill, { params: { id: bill.id } })).status).toBe('PAY');
    await page.locator('.ant-card-head').getByText('已结算').waitFor();

    await page.getByRole('button', { name: /导\s?出/ }).click();
    await confirmPopconfirm(page);
    await page.waitForURL(/\/admin\/operations\/backstage-task\/derive-record/);
    const [task] = (await read(token, ENDPOINTS.tasks.list, { query: { operate_type: 'EXPORT', page_size: 1 } })).data;
    expect(task.filter_summary).toContain(bill.bill_sn);
    await context.close();
  });

  it('audits a VAT invoice qualification and finds a member’s recharge', async () => {
    const [waiting] = (await read(token, ENDPOINTS.finance.zpzzList, { query: { status: 'NEW_APPLY', page_size: 1 } })).data;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/finance/receipt-examine?status=NEW_APPLY&member_name=${waiting.member_name}`);
    await rows(page).first().getByRole('button', { name: /审\s?核/ }).click();
    const dialog = page.getByRole('dialog', { name: '审核增票资质' });
    await dialog.getByText(waiting.company_name).waitFor();
    await dialog.getByText('拒绝').click();
    await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
    await dialog.getByText('请填写拒绝原因').waitFor();
    await dialog.getByLabel('审核备注').fill('开户许可证不清晰');
    await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
    await page.getByText('增票资质已拒绝').waitFor();
    expect((await read(token, ENDPOINTS.finance.zpzz, { params: { id: waiting.id } })).status).toBe('AUDIT_REFUSE');

    const [recharge] = (await read(token, ENDPOINTS.finance.recharges, { query: { page_size: 1 } })).data;
    await page.goto('/admin/finance/preDeposit');
    await page.getByPlaceholder('会员名称').fill(recharge.member_name);
    await page.getByPlaceholder('会员名称').press('Enter');
    await page.waitForURL(new RegExp(`member_name=${recharge.member_name}`));
    await rows(page).filter({ hasText: recharge.recharge_sn }).waitFor();
    await page.getByRole('tab', { name: '预存款明细' }).click();
    await page.waitForURL(/tab=log/);
    await rows(page).first().waitFor();
    await context.close();
  });
});
