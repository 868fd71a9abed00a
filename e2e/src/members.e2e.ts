import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type ApiInput } from '@agora/contract';
import { apiLogin, confirmPopconfirm, FOUNDER, launchBrowser, login, newPage, passSecondStep, read, usePasswordVerification } from './browser.js';

/** Money as the console shows it (spec §9): ￥1,234.50. */
const yuan = (value: number) => `￥${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface Member {
  member_id: number;
  uname: string;
  balance: number;
}

let browser: Browser;
let token: string;
/** puts the second-step settings back as they were */
let restoreVerification: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  // A top-up needs a second step: password verification with a known password.
  restoreVerification = await usePasswordVerification(token);
});

afterAll(async () => {
  await browser?.close();
  await restoreVerification();
});

async function members(query: ApiInput<typeof ENDPOINTS.members.list>['query']): Promise<Member[]> {
  return (await read(token, ENDPOINTS.members.list, { query })).data;
}

const rowOf = (page: Page, uname: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: uname });

describe('members', () => {
  it('moves a member to the recycle bin from the list, finds it there, restores it and sees it back', async () => {
    const [member] = await members({ page_size: 1, sort: 'create_time', order: 'asc' });
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/member/member-list?keyword=${member.uname}`);
    const row = rowOf(page, member.uname);
    await row.getByRole('button', { name: /^禁\s?用$/ }).click();
    await confirmPopconfirm(page, `确定禁用会员“${member.uname}”吗？禁用后该会员将被强制下线并移入回收站。`);
    await page.getByText('会员已禁用，已移入回收站').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await members({ disabled: -1, keyword: member.uname })).map((m) => m.uname)).toContain(member.uname);

    await page.getByTestId('sidebar').getByText('会员回收站').click();
    await page.waitForURL(/\/admin\/member\/member-recycle/);
    await page.getByPlaceholder('会员名 / 手机号 / 昵称').fill(member.uname);
    await page.getByPlaceholder('会员名 / 手机号 / 昵称').press('Enter');
    const recycled = rowOf(page, member.uname);
    await recycled.waitFor();
    await recycled.getByRole('button', { name: /^恢\s?复$/ }).click();
    await confirmPopconfirm(page);
    await page.getByText('会员已恢复').waitFor();
    await recycled.waitFor({ state: 'detached' });

    await page.goto(`/admin/member/member-list?keyword=${member.uname}`);
    await rowOf(page, member.uname).waitFor();
    expect((await members({ keyword: member.uname })).map((m) => m.uname)).toContain(member.uname);
    await context.close();
  });

  it('tops up a balance through the second-step dialog; the new balance and the ledger row show', async () => {
    const [member] = await members({ page_size: 1, sort: 'create_time', order: 'desc' });
    const before = (await read(token, ENDPOINTS.members.wallet, { params: { member_id: member.member_id } })).balance;
    const reason = `E2E 线下充值 ${Date.now() % 100000}`;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/member/member-list?keyword=${member.uname}`);
    await rowOf(page, member.uname).getByRole('button', { name: /^充\s?值$/ }).click();
    await page.waitForURL(new RegExp(`/admin/member/member-top-up\\?member_id=${member.member_id}`));
    const balance = page.locator('.ant-statistic').filter({ hasText: '预存款余额' });
    await expect.poll(() => balance.innerText()).toContain(yuan(before));

    await page.getByLabel('调整金额').fill('123.45');
    await page.getByLabel('调整原因').fill(reason);
    await page.getByRole('button', { name: /^提\s?交$/ }).click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.getByText(`确定为会员“${member.uname}”调整预存款 +￥123.45 吗？`).waitFor();
    // A click while the confirmation was still opening was once lost on a loaded machine (it stayed
    // open, nothing was sent): click until it closes — its OK button takes one click only.
    await expect
      .poll(
        async () => {
          if (await ask.isVisible()) await ask.getByRole('button', { name: /确\s*定/ }).click({ timeout: 2_000 }).catch(() => undefined);
          return ask.isVisible();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(false);

    // This session has not passed a second step: the server answers 428 and the dialog asks for the verification password.
    await passSecondStep(page);
    await page.getByText('预存款已调整').waitFor();

    const after = Math.round((before + 123.45) * 100) / 100;
    await expect.poll(() => balance.innerText()).toContain(yuan(after));
    const firstEntry = page.locator('.ant-card', { hasText: '资金与积分明细' }).locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => firstEntry.innerText()).toContain(reason);
    expect(await firstEntry.innerText()).toContain('+￥123.45');
    expect(await firstEntry.innerText()).toContain('admin');

    const wallet = await read(token, ENDPOINTS.members.wallet, { params: { member_id: member.member_id } });
    expect(wallet.balance).toBe(after);
    const log = await read(token, ENDPOINTS.members.depositLog, { query: { member_id: member.member_id } });
    expect(log.data[0]).toMatchObject({ reason, amount: 123.45, after, operator_name: 'admin' });
    await context.close();
  });
});

describe('the member list in the URL', () => {
  it('keeps filters, sort and the add dialog across a reload, and the list across a visit to a member', async () => {
    const [member] = await members({ page_size: 1, sort: 'create_time', order: 'asc' });
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/member/member-list?keyword=${member.uname}&sort=balance&order=asc`);
    await rowOf(page, member.uname).waitFor();
    await page.getByRole('button', { name: '添加会员' }).click();
    await page.waitForURL(/dialog=add/);
    await page.reload();
    await page.getByRole('dialog', { name: '添加会员' }).waitFor();
    await page.getByRole('dialog', { name: '添加会员' }).getByRole('button', { name: /取\s*消/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('dialog'));

    await rowOf(page, member.uname).getByRole('button', { name: /^编\s?辑$/ }).click();
    await page.waitForURL(new RegExp(`/admin/member/edit/${member.member_id}$`));
    await page.goBack();
    await rowOf(page, member.uname).waitFor();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ keyword: member.uname, sort: 'balance', order: 'asc' });
    const balanceHeader = page.getByRole('columnheader', { name: /预存款/ });
    expect(await balanceHeader.getAttribute('aria-sort')).toBe('ascending');
    await context.close();
  });
});

interface Level {
  level_id: number;
  level_name: string;
  min_point: number;
  max_point: number | null;
}
const levels = async (): Promise<Level[]> => read(token, ENDPOINTS.members.levels);

describe('member levels', () => {
  it('caps the top level, adds a level above it (an overlapping range is refused), then deletes it and puts the cap back', async () => {
    const top = (await levels()).find((level) => level.max_point === null)!;
    expect(top).toBeDefined();
    const cap = top.min_point + 80_000;
    const name = `E2E至尊${Date.now() % 10_000}`;
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/member/member-level');
    const rowOfLevel = (levelName: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(levelName, { exact: true }) });

    // cap the open-ended top level
    await rowOfLevel(top.level_name).getByRole('button', { name: /编\s*辑/ }).click();
    await page.waitForURL(new RegExp(`/member/member-level-edit/${top.level_id}$`));
    await page.getByLabel('积分上限（不含）').fill(String(cap));
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('等级已保存').waitFor();
    await page.waitForURL(/\/member\/member-level$/);
    await rowOfLevel(top.level_name).getByText(`${top.min_point} – ${cap}`).waitFor();

    // a new level that overlaps is refused with the server's reason; the form keeps the input
    await page.getByRole('button', { name: '添加等级' }).click();
    await page.waitForURL(/\/member\/member-level-add$/);
    await page.getByLabel('等级名称').fill(name);
    await page.getByLabel('积分下限（含）').fill(String(cap - 1));
    await page.getByRole('button', { name: /保\s*存/ }).click();
    // The refusal shows on the range itself, not only as a toast.
    await page.locator('.ant-form-item-explain-error', { hasText: `积分范围与“${top.level_name}”（${top.min_point} – ${cap}）重叠` }).first().waitFor();
    expect((await levels()).some((level) => level.level_name === name)).toBe(false);
    await page.getByLabel('积分下限（含）').fill(String(cap));
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('等级已添加').waitFor();
    await rowOfLevel(name).getByText(`${cap} – ∞`).waitFor();

    // delete it after confirming, and lift the cap again
    await rowOfLevel(name).getByRole('button', { name: /删\s*除/ }).click();
    await confirmPopconfirm(page, `确定删除等级“${name}”吗？`);
    await page.getByText('等级已删除').waitFor();
    await expect.poll(async () => (await levels()).some((level) => level.level_name === name)).toBe(false);
    await rowOfLevel(top.level_name).getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByLabel('积分上限（不含）').clear();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('等级已保存').waitFor();
    expect((await levels()).find((level) => level.level_id === top.level_id)!.max_point).toBeNull();
    await context.close();
  });
});
