import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, confirmPopconfirm, DEMO_PASSWORD, FOUNDER, launchBrowser, login, md5, newPage, read } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as the range picker takes it typed: YYYY-MM-DD HH:mm. */
const typed = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

describe('points mall', () => {
  it('sets a goods item chosen in the goods picker as exchange goods, then removes it', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/promotions/points-mall/exchange-goods');
    await page.getByRole('button', { name: '添加积分商品' }).click();
    const picker = page.getByRole('dialog', { name: '选择商品' });
    const rows = picker.locator('tr[data-row-key]');
    await rows.first().waitFor();
    await rows.first().locator('input[type=checkbox]').check();
    await picker.getByRole('button', { name: /确\s*定|OK/ }).click();
    await picker.waitFor({ state: 'hidden' });

    const dialog = page.getByRole('dialog', { name: '添加积分商品' });
    const goodsName = (await dialog.locator('.ant-typography').first().innerText()).trim();
    await dialog.getByLabel('积分分类').click();
    await page.locator('.ant-select-item-option', { hasText: '家居日用' }).click();
    await dialog.getByLabel('兑换积分').fill('666');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('积分商品已保存').waitFor();

    const listed = (await read(token, ENDPOINTS.pointsMall.goods, { query: { goods_name: goodsName } })).data;
    expect(listed.find((row) => row.exchange_point === 666)).toMatchObject({ cat_name: '家居日用', exchange_money: 0 });
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '666 积分' });
    await row.getByRole('button', { name: '移除' }).click();
    await confirmPopconfirm(page);
    await page.getByText('已移出积分商城').waitFor();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('exchange orders', () => {
  it('an exchange a demo member makes through the buyer API shows in the order list with its type, and in the exchange order list', async () => {
    // the demo member with the most points, and a demo exchange item paid in points alone
    const [buyer] = (await read(token, ENDPOINTS.members.list, { query: { sort: 'consum_point', order: 'desc', page_size: 1 } })).data;
    const item = (await read(token, ENDPOINTS.pointsMall.goods, { query: { page_size: 50 } })).data.find((row) => row.exchange_money === 0 && row.exchange_point <= buyer.consum_point && row.enable_quantity > 0);
    expect(item).toBeDefined();
    const [goods] = await read(token, ENDPOINTS.goods.details, { params: { ids: [item!.goods_id] } });
    const sku = goods.skus.find((candidate) => candidate.enable_quantity > 0)!;
    const order = await read('', ENDPOINTS.pointsMall.exchange, {
      body: { uname: buyer.uname, password: md5(DEMO_PASSWORD), goods_id: item!.goods_id, sku_id: sku.sku_id, num: 1, ship_name: '端到端', ship_mobile: '13800138000', ship_region: '上海 浦东新区', ship_addr: '世纪大道1号' },
    });
    expect(order).toMatchObject({ order_status: 'PAID_OFF', point: item!.exchange_point });

    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/order/order-list?order_type=EXCHANGE');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: order.order_sn });
    await row.getByText('积分兑换订单').waitFor();
    await row.getByText('待发货').waitFor();
    // and in the points mall's own list, found by its member, paid in points alone; it opens the order detail
    await page.goto(`/admin/promotions/points-mall/exchange-orders?keyword=${encodeURIComponent(buyer.uname)}`);
    const exchanged = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: order.order_sn });
    await exchanged.getByText('纯积分').waitFor();
    await exchanged.getByRole('link', { name: order.order_sn }).click();
    await page.waitForURL(`**/order/detail/${order.order_sn}`);
    await context.close();
  });
});

describe('sign-in activities', () => {
  it('adds an activity with a points day, sees it waiting, closes and deletes it; the demo check-ins are listed', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/promotions/sign-in/activity-list');
    await page.getByRole('button', { name: '新增签到活动' }).click();
    await page.waitForURL(/\/promotions\/sign-in\/activity$/);
    await page.getByLabel('活动名称').fill('端到端签到');
    // after the demo's running and waiting activities, which no other may overlap
    const start = new Date(Date.now() + 90 * 86_400_000);
    start.setHours(9, 0, 0, 0);
    const end = new Date(start.getTime() + 7 * 86_400_000);
    const range = page.locator('.ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill(typed(start));
    await page.keyboard.press('Enter');
    await range.locator('input').nth(1).fill(typed(end));
    // Enter in the end field confirms the range and submits the form (the panel covers the save button)
    await page.keyboard.press('Enter');
    await page.getByText('签到活动已保存').waitFor();
    await page.waitForURL(/\/promotions\/sign-in\/activity-list/);

    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '端到端签到' });
    await row.getByText('未开始').waitFor();
    await row.getByRole('button', { name: '关闭' }).click();
    await confirmPopconfirm(page);
    await row.getByText('已关闭').waitFor();
    await row.getByRole('button', { name: '删除' }).click();
    await confirmPopconfirm(page);
    await row.waitFor({ state: 'detached' });
    expect((await read(token, ENDPOINTS.signIn.list, { query: { title: '端到端签到' } })).data).toHaveLength(0);

    const running = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '每日签到领积分' });
    await running.getByRole('button', { name: '签到记录' }).click();
    await page.waitForURL(/\/promotions\/sign-in\/record\?activity_id=\d+/);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await context.close();
  });
});
