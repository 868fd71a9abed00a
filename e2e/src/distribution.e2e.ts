import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, confirmPopconfirm, FOUNDER, launchBrowser, login, newPage, passSecondStep, read, usePasswordVerification } from './browser.js';

let browser: Browser;
let token: string;
/** puts the second-step settings back as they were */
let restoreVerification: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  // Approving a payout needs a second step: password verification with a known password.
  restoreVerification = await usePasswordVerification(token);
});
afterAll(async () => {
  await browser?.close();
  await restoreVerification();
});

describe('withdrawals', () => {
  it('approves two waiting requests at once behind the second step, and their money stays held', async () => {
    const waiting = (await read(token, ENDPOINTS.distribution.withdrawals, { query: { status: 'WAIT_AUDIT' } })).data.slice(0, 2);
    expect(waiting).toHaveLength(2);
    const held = async (memberId: number) => (await read(token, ENDPOINTS.distribution.distributor, { params: { member_id: memberId } })).withdraw_frozen;
    const heldBefore = await Promise.all(waiting.map((row) => held(row.member_id)));

    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/distribution/put-forward-apply?status=WAIT_AUDIT');
    for (const row of waiting) await page.locator(`tr[data-row-key="${row.id}"] input[type=checkbox]`).check();
    await page.getByRole('button', { name: '批量通过 (2)' }).click();
    const remark = page.getByRole('dialog', { name: '审核通过 2 条提现申请' }).getByLabel('审核备注');
    await remark.fill('核对无误，同意提现');
    await page.getByRole('dialog', { name: '审核通过 2 条提现申请' }).getByRole('button', { name: /确\s*定/ }).click();

    // This session has not passed a second step: the server answers 428 and the dialog asks for the verification password.
    await passSecondStep(page);
    await page.getByText('提现申请已审核通过').waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: waiting[0].sn }).waitFor({ state: 'detached' });

    for (const row of waiting) {
      const [after] = (await read(token, ENDPOINTS.distribution.withdrawals, { query: { sn: row.sn } })).data;
      expect(after).toMatchObject({ status: 'AUDIT_PASS', audit_remark: '核对无误，同意提现', operator: 'admin' });
    }
    expect(await Promise.all(waiting.map((row) => held(row.member_id)))).toEqual(heldBefore);
    await context.close();
  });
});

describe('distributors', () => {
  it('opens a distributor from the list, sees their commission and disables them', async () => {
    const [first] = (await read(token, ENDPOINTS.distribution.distributors, { query: { status: 1, sort: 'can_rebate', order: 'desc' } })).data;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/distribution/distributor-list?status=1&sort=can_rebate&order=desc');
    await page.locator(`tr[data-row-key="${first.member_id}"]`).getByRole('button', { name: '查看' }).click();
    await page.waitForURL(new RegExp(`/distribution/distributor-detail/${first.member_id}`));
    await page.getByText(`分销商：${first.member_name}`).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /禁\s?用/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('分销商状态已更新').waitFor();
    expect((await read(token, ENDPOINTS.distribution.distributor, { params: { member_id: first.member_id } })).status).toBe(0);
    await context.close();
  });
});

describe('group buys', () => {
  it('closes a running group buy inside its window; its unformed group waits for a refund', async () => {
    const [running] = (await read(token, ENDPOINTS.pintuans.list, { query: { name: '双十二三人团', status: 'UNDERWAY' } })).data;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/promotions/assemble-list');
    const row = page.locator(`tr[data-row-key="${running.promotion_id}"]`);
    await row.getByText('进行中').waitFor();
    await row.getByRole('button', { name: /关\s?闭/ }).click();
    await confirmPopconfirm(page, '未成团的订单将等待退款');
    await page.getByText('拼团活动已关闭').waitFor();
    await row.getByText('已结束').waitFor();
    await row.getByRole('button', { name: /开\s?启/ }).waitFor();

    const detail = await read(token, ENDPOINTS.pintuans.detail, { params: { id: running.promotion_id } });
    expect(detail).toMatchObject({ status: 'END', option_status: 'CAN_OPEN' });
    expect(detail.groups.filter((group) => group.status === 'FORMING')).toHaveLength(0);
    expect(detail.groups.some((group) => group.status === 'FAILED' && group.refund_pending === 1)).toBe(true);
    await context.close();
  });
});
