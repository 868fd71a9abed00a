import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEndpoints, type ApiInput, type OrderRow } from '@agora/contract';
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

async function orders(query: ApiInput<typeof orderEndpoints.list>['query']): Promise<OrderRow[]> {
  return (await read(token, orderEndpoints.list, { query })).data;
}

/** Opens the list, searches the order's sn, and opens its detail from the row. */
async function openFromList(page: Page, sn: string): Promise<void> {
  await page.goto('/admin/order/order-list');
  const keyword = page.getByPlaceholder('订单编号 / 收货人 / 商品名称');
  await keyword.fill(sn);
  // the list keeps showing the unfiltered rows (the order among them) until the search answers
  const searched = page.waitForResponse((response) => response.url().includes(`/api/${orderEndpoints.list.path}?`) && new URL(response.url()).searchParams.get('keyword') === sn);
  await keyword.press('Enter');
  await page.waitForURL(new RegExp(`keyword=${sn}`));
  await searched;
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await rows.filter({ hasText: sn }).waitFor();
  await expect.poll(() => rows.count()).toBe(1);
  await rows.first().getByRole('link', { name: sn }).click();
  await page.waitForURL(new RegExp(`/admin/order/detail/${sn}$`));
  await page.getByText(`订单 ${sn}`).waitFor();
}

const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s?定$/ }).click();

describe('orders', () => {
  it('finds a COD order by sn, opens it and confirms receipt of the money: paid, logged, no more to confirm', async () => {
    const cod = (await orders({ order_status: 'WAIT_PAY', payment_type: 'COD', page_size: 50 })).find((order) => order.order_status === 'ROG');
    expect(cod).toBeDefined();
    const { context, page } = await newPage(browser);
    await login(page);
    await openFromList(page, cod!.sn);
    const actions = page.getByTestId('order-actions');
    await actions.getByRole('button', { name: '确认收款' }).click();
    await page.locator('.ant-modal-confirm').getByText(`确认已收到订单 ${cod!.sn} 的货款`).waitFor();
    await confirmDialog(page);
    await page.getByText('已确认收款').first().waitFor();
    await page.getByTestId('order-log').getByText(/管理员确认收款：/).waitFor();
    await actions.getByRole('button', { name: '确认收款' }).waitFor({ state: 'detached' });
    await expect(page.getByTestId('order-amounts').textContent()).resolves.toContain('管理员收款');
    expect((await orders({ keyword: cod!.sn }))[0]).toMatchObject({ order_status: 'PAID_OFF', pay_status: 'PAY_YES' });
    await context.close();
  });

  it('cancels a new order after a confirmation and shows the cancel in the log; the cancel is refused a second time', async () => {
    const fresh = (await orders({ order_status: 'WAIT_PAY', page_size: 50 })).find((order) => order.order_status === 'NEW');
    expect(fresh).toBeDefined();
    const { context, page } = await newPage(browser);
    await login(page);
    await openFromList(page, fresh!.sn);
    await page.getByTestId('cancel-countdown').waitFor();
    await page.getByTestId('order-actions').getByRole('button', { name: '取消订单' }).click();
    await page.locator('.ant-modal-confirm').getByText(/取消后将释放库存并退还买家使用的预存款/).waitFor();
    await confirmDialog(page);
    await page.getByText('订单已取消').first().waitFor();
    await page.getByTestId('order-log').getByText('订单取消：管理员取消').waitFor();
    await page.getByTestId('order-actions').getByRole('button', { name: '取消订单' }).waitFor({ state: 'detached' });
    const again = await call(token, orderEndpoints.cancel, { params: { sn: fresh!.sn } });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe('订单已取消状态不能进行取消操作');
    // the list's 已取消 tab holds it now
    await page.goto(`/admin/order/order-list?order_status=CANCELLED&keyword=${fresh!.sn}`);
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: fresh!.sn }).waitFor();
    await context.close();
  });
});
