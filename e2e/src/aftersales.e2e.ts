import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, afterSaleEndpoints } from '@agora/contract';
import { apiLogin, call, FOUNDER, launchBrowser, login, newPage, read } from './browser.js';

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

describe('after-sales', () => {
  it('refunds a service waiting for the platform to the pre-deposit: the service completes, the ledger and the refund list show it', async () => {
    const waiting = await read(token, afterSaleEndpoints.list, { query: { service_status: 'WAIT_FOR_MANUAL', page_size: 50 } });
    let found: Awaited<ReturnType<typeof read<typeof afterSaleEndpoints.detail>>> | undefined;
    for (const row of waiting.data) {
      const detail = await read(token, afterSaleEndpoints.detail, { params: { service_sn: row.sn } });
      if (detail.refund?.refund_way === 'BALANCE') {
        found = detail;
        break;
      }
    }
    expect(found).toBeDefined();
    const service = found!;
    const amount = service.refund!.agree_price;
    const before = (await read(token, ENDPOINTS.members.wallet, { params: { member_id: service.member_id } })).balance;

    const { context, page } = await newPage(browser);
    await login(page);
    // the dashboard's to-do opens the list filtered to what waits for the platform
    await page.goto('/admin/dashboard');
    await page.getByTestId('todo-service_manual').click();
    await page.waitForURL(/\/admin\/sale\/service-list\?service_status=WAIT_FOR_MANUAL/);
    const keyword = page.getByPlaceholder('售后单号/订单号/商品名称');
    await keyword.fill(service.sn);
    await keyword.press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: service.sn });
    await row.getByText('待人工处理').waitFor();
    await row.getByRole('button', { name: /^退\s?款$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('refund-price').inputValue()).toBe(amount.toFixed(2));
    await dialog.getByLabel('备注').fill('E2E 平台退款');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByText('退款成功').first().waitFor();
    await row.getByRole('button', { name: /^退\s?款$/ }).waitFor({ state: 'detached' });

    // the detail: completed, paid out, logged
    await page.goto(`/admin/finance/service-detail/${service.sn}`);
    await page.getByTestId('service-log').getByText('已成功将退款退还给买家').waitFor();
    await expect.poll(() => page.getByTestId('service-refund-info').innerText()).toContain('退款完成');
    expect(await page.getByTestId('service-refund').count()).toBe(0);

    // the member's ledger
    await page.goto(`/admin/member/member-top-up?member_id=${service.member_id}`);
    const firstEntry = page.locator('.ant-card', { hasText: '资金与积分明细' }).locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => firstEntry.innerText()).toContain(`售后服务单${service.sn}`);
    expect((await firstEntry.innerText()).replace(/,/g, '')).toContain(`+￥${amount.toFixed(2)}`);
    const wallet = await read(token, ENDPOINTS.members.wallet, { params: { member_id: service.member_id } });
    expect(wallet.balance).toBe(Math.round((before + amount) * 100) / 100);

    // the refund list
    await page.goto(`/admin/finance/refund-list?keyword=${service.sn}`);
    const refundRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: service.sn });
    await refundRow.getByText('退款完成').waitFor();
    expect((await refundRow.innerText()).replace(/,/g, '')).toContain(amount.toFixed(2));
    await context.close();

    // a second refund is refused and changes nothing
    const again = await call(token, afterSaleEndpoints.refund, { params: { service_sn: service.sn }, query: { refund_price: 1, remark: '' } });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe('售后服务单已完成状态不能进行平台退款操作');
  });
});
