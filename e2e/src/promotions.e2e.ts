import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as the range picker takes it typed: YYYY-MM-DD HH:mm. */
const typed = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
/** What a typed time means to the console: that wall-clock time in China (the platform's zone), whatever the browser's. */
const platformSeconds = (date: Date) => Date.parse(`${typed(date).replace(' ', 'T')}:00+08:00`) / 1000;

describe('coupons', () => {
  it('creates a coupon scoped to two goods chosen in the goods picker; it is listed with its scope', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/promotions/coupon-list');
    await page.getByRole('button', { name: '添加优惠券' }).click();
    await page.waitForURL(/\/promotions\/coupon\?/);

    await page.getByLabel('优惠券名称').fill('端到端两品券');
    await page.getByLabel('使用门槛').fill('150');
    await page.getByLabel('优惠券面额').fill('15');
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setHours(10, 0, 0, 0);
    const end = new Date(start.getTime() + 10 * 86_400_000);
    const range = page.locator('.ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill(typed(start));
    await page.keyboard.press('Enter');
    await range.locator('input').nth(1).fill(typed(end));
    await page.keyboard.press('Enter');
    await page.getByLabel('发放总量').fill('50');
    await page.getByLabel('每人限领').fill('1');

    await page.getByLabel('部分商品').check();
    await page.getByRole('button', { name: '选择商品' }).click();
    const picker = page.getByRole('dialog', { name: '选择商品' });
    const rows = picker.locator('tr[data-row-key]');
    await rows.nth(1).waitFor();
    const chosen = [await rows.nth(0).getAttribute('data-row-key'), await rows.nth(1).getAttribute('data-row-key')].map(Number);
    await rows.nth(0).locator('input[type=checkbox]').check();
    await rows.nth(1).locator('input[type=checkbox]').check();
    await picker.getByRole('button', { name: /确\s*定|OK/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByText('已选 2 个商品').waitFor();

    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('优惠券已添加').waitFor();
    await page.waitForURL(/\/promotions\/coupon-list/);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '端到端两品券' });
    await row.getByText('部分商品').waitFor();
    await row.getByText('未生效').waitFor();

    const listed = (await read(token, ENDPOINTS.coupons.list, { query: { keyword: '端到端两品券' } })).data;
    expect(listed).toHaveLength(1);
    const detail = await read(token, ENDPOINTS.coupons.detail, { params: { id: listed[0].coupon_id } });
    expect(detail).toMatchObject({ use_scope: 'SOME_GOODS', coupon_price: 15, coupon_threshold_price: 150, create_num: 50, limit_num: 1, start_time: platformSeconds(start) });
    expect(detail.scope_ids).toEqual(chosen);
    await context.close();
  });

  it('opens the claim records of a demo coupon and voids one claim with a reason', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/promotions/coupon-list');
    const couponRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '全场满99减10' });
    await couponRow.getByRole('button', { name: '领取记录' }).click();
    await page.waitForURL(/\/promotions\/receive-list\/\d+/);
    const couponId = Number(/receive-list\/(\d+)/.exec(page.url())![1]);

    const claim = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '未使用' }).first();
    const member = (await claim.locator('td').first().innerText()).trim();
    await claim.getByRole('button', { name: /作\s*废/ }).click();
    const dialog = page.getByRole('dialog', { name: '作废会员优惠券' });
    await dialog.getByLabel('作废原因').fill('端到端：发放对象有误');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('会员优惠券已作废').waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '端到端：发放对象有误' }).getByText('已作废').waitFor();

    const claims = (await read(token, ENDPOINTS.coupons.claims, { query: { coupon_id: couponId, page_size: 100 } })).data;
    expect(claims.filter((row) => row.cancel_reason === '端到端：发放对象有误')).toEqual([expect.objectContaining({ member_name: member, state: 'VOIDED' })]);
    await context.close();
  });
});

describe('seckill', () => {
  it('creates a flash sale and publishes it at once', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/promotions/seckill-list');
    await page.getByRole('button', { name: '新增活动' }).click();
    await page.waitForURL(/edit=new/);
    const dialog = page.getByRole('dialog', { name: '新增限时抢购' });
    await dialog.getByLabel('活动名称').fill('端到端秒杀日');
    const dayDate = new Date(Date.now() + 3 * 86_400_000);
    const applyEnd = new Date(Date.now() + 2 * 86_400_000);
    applyEnd.setHours(10, 0, 0, 0);
    await dialog.getByLabel('活动日期').click();
    await dialog.getByLabel('活动日期').fill(typed(dayDate).slice(0, 10));
    await page.keyboard.press('Enter');
    await dialog.getByLabel('10:00').check();
    await dialog.getByLabel('20:00').check();
    await dialog.getByLabel('报名截止').click();
    await dialog.getByLabel('报名截止').fill(typed(applyEnd));
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: '立即发布' }).click();
    await page.getByText('活动已发布').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '端到端秒杀日' });
    await row.getByText('未开始').waitFor();
    await row.getByRole('button', { name: '审核商品' }).waitFor();

    const listed = (await read(token, ENDPOINTS.seckills.list, { query: { seckill_name: '端到端秒杀日' } })).data;
    expect(listed).toEqual([expect.objectContaining({ publish_status: 1, range_list: [10, 20], start_day: typed(dayDate).slice(0, 10), apply_end_time: platformSeconds(applyEnd) })]);
    await context.close();
  });

  it('passes one application of a demo sale and refuses another with a reason', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/promotions/seckill-list');
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '明日爆款秒杀' }).getByRole('button', { name: '审核商品' }).click();
    await page.waitForURL(/\/promotions\/seckill-list\/audit\/\d+/);
    const seckillId = Number(/audit\/(\d+)/.exec(page.url())![1]);
    const waiting = (await read(token, ENDPOINTS.seckills.applies, { query: { seckill_id: seckillId, status: 'APPLY' } })).data;
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    const [passed, refused] = waiting;

    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    await page.locator(`tr[data-row-key="${passed.apply_id}"]`).getByRole('button', { name: /通\s*过/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('已审核通过').waitFor();
    await page.locator(`tr[data-row-key="${passed.apply_id}"]`).waitFor({ state: 'detached' });

    await page.locator(`tr[data-row-key="${refused.apply_id}"]`).getByRole('button', { name: /拒\s*绝/ }).click();
    const reasonDialog = page.getByRole('dialog', { name: '拒绝 1 个商品' });
    await reasonDialog.getByLabel('拒绝原因').fill('端到端：抢购价过高');
    await reasonDialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已拒绝', { exact: true }).waitFor();
    await page.locator(`tr[data-row-key="${refused.apply_id}"]`).waitFor({ state: 'detached' });

    await page.goto(`/admin/promotions/seckill-list/pass/${seckillId}`);
    await page.locator(`tr[data-row-key="${passed.apply_id}"]`).waitFor();
    const all = (await read(token, ENDPOINTS.seckills.applies, { query: { seckill_id: seckillId, page_size: 100 } })).data;
    expect(all.find((row) => row.apply_id === passed.apply_id)).toMatchObject({ status: 'PASS' });
    expect(all.find((row) => row.apply_id === refused.apply_id)).toMatchObject({ status: 'FAIL', fail_reason: '端到端：抢购价过高' });
    await context.close();
  });
});
