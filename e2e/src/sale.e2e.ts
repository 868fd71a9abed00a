import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askEndpoints, commentEndpoints, complaintEndpoints, notificationEndpoints, orderEndpoints } from '@agora/contract';
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

const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s?定$/ }).click();

describe('customer voice', () => {
  it('arbitrates a complaint from the list: the decision closes it, both parties are told, a second arbitration is refused', async () => {
    const waiting = (await read(token, complaintEndpoints.list, { query: { tag: 'COMPLAINING', page_size: 50 } })).data.find((row) => row.status === 'WAIT_ARBITRATION');
    expect(waiting).toBeDefined();
    const lineOf = async () => (await read(token, orderEndpoints.detail, { params: { sn: waiting!.order_sn } })).items.find((item) => item.name === waiting!.goods_name);
    expect((await lineOf())?.complain_status).toBe('APPLYING');
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/sale/complaint/complaint-list?tag=COMPLAINING');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: waiting!.order_sn });
    await row.getByRole('button', { name: '处理' }).click();
    await page.waitForURL(new RegExp(`/complaint-detail/${waiting!.complain_id}$`));
    await page.getByText('对话记录').waitFor();
    await page.getByPlaceholder('最多500个字').fill('商家为买家办理退货退款，运费由商家承担');
    await page.getByRole('button', { name: '仲裁并完成' }).click();
    await confirmDialog(page);
    await page.getByText('投诉已仲裁').first().waitFor();
    await page.getByText('仲裁结果：商家为买家办理退货退款，运费由商家承担').waitFor();
    await page.getByRole('button', { name: '仲裁并完成' }).waitFor({ state: 'detached' });

    const again = await call(token, complaintEndpoints.arbitrate, { params: { id: waiting!.complain_id }, query: { arbitration_result: '再次仲裁' } });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe('投诉已完成状态不能进行仲裁操作');
    const told = await read(token, notificationEndpoints.list, { query: { receiver: waiting!.member_name, channel: 'STATION' } });
    expect(told.data.some((sent) => sent.content.includes('商家为买家办理退货退款'))).toBe(true);
    // the order's line shows the ended complaint
    await page.goto(`/admin/order/detail/${waiting!.order_sn}`);
    await page.locator('.ant-table-row', { hasText: waiting!.goods_name }).getByTestId('complain-status').filter({ hasText: '已投诉' }).waitFor();
    await context.close();
  });

  it('replies to a bad review from the comment list', async () => {
    const bad = (await read(token, commentEndpoints.list, { query: { grade: 'bad', audit_status: 'PASS_AUDIT', page_size: 100 } })).data.find((row) => row.reply_content === '' && row.status === 1);
    expect(bad).toBeDefined();
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/sale/goods-comment-list?grade=bad&audit_status=PASS_AUDIT&page_size=100');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { has: page.getByText(bad!.goods_name, { exact: true }) }).filter({ hasText: bad!.member_name }).first();
    await row.getByRole('button', { name: '回复' }).click();
    await page.waitForURL(new RegExp(`reply=${bad!.comment_id}`));
    const dialog = page.locator('.ant-modal').filter({ hasText: '回复评论' });
    await dialog.getByRole('textbox').fill('非常抱歉，平台已督促商家为您处理');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByText('回复成功').first().waitFor();
    await expect.poll(async () => (await read(token, commentEndpoints.list, { query: { grade: 'bad', audit_status: 'PASS_AUDIT', page_size: 100 } })).data.find((row) => row.comment_id === bad!.comment_id)?.reply_content).toBe('非常抱歉，平台已督促商家为您处理');
    await page.getByText('平台回复：非常抱歉，平台已督促商家为您处理').waitFor();
    await context.close();
  });

  it('answers an unanswered question on its detail page', async () => {
    const open = (await read(token, askEndpoints.list, { query: { reply_status: 'NO', page_size: 50 } })).data[0];
    expect(open).toBeDefined();
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/sale/goods-ask-list?reply_status=NO');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: '查看' }).click();
    await page.waitForURL(new RegExp(`/sale/ask-detail/${open.ask_id}$`));
    await page.getByPlaceholder('3-120个字').fill('现货，下单后24小时内发货');
    await page.getByRole('button', { name: '提交回复' }).click();
    await page.getByText('回复成功').first().waitFor();
    await page.getByText('现货，下单后24小时内发货').waitFor();
    await page.getByRole('button', { name: '提交回复' }).waitFor({ state: 'detached' });
    expect((await read(token, askEndpoints.detail, { params: { id: open.ask_id } })).reply_status).toBe('YES');
    await context.close();
  });
});
