import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, confirmPopconfirm, FOUNDER, launchBrowser, login, newPage, passSecondStep, read, usePasswordVerification } from './browser.js';

let browser: Browser;
let token: string;
let restoreVerification: () => Promise<void> = async () => undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-tasks-'));

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
  // Exports of records ask for the second step (DOMAIN §1.4): by the verification password here.
  restoreVerification = await usePasswordVerification(token);
});

afterAll(async () => {
  await restoreVerification();
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The first sheet of a downloaded workbook, header included. */
async function sheetRows(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Clicks a download button in the record's row and keeps the file. */
async function download(page: Page, rowText: string, button: RegExp): Promise<string> {
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: rowText }).first();
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: button }).click()]);
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

describe('background tasks', () => {
  it('exports the member list filtered by a level, through the second step, and the file holds exactly those members', async () => {
    const levels = await read(token, ENDPOINTS.members.levels);
    const level = levels[levels.length - 1];
    const expected = await read(token, ENDPOINTS.members.list, { query: { level_id: level.level_id, page_size: 200 } });
    expect(expected.data_total).toBeGreaterThan(0);

    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/member/member-list?level_id=${level.level_id}`);
    await page.getByRole('button', { name: /导\s*出/ }).click();
    await confirmPopconfirm(page);
    await passSecondStep(page);
    await page.waitForURL(/\/admin\/operations\/backstage-task\/derive-record/);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `会员等级：${level.level_name}` }).first();
    await row.getByText('成功', { exact: true }).waitFor({ timeout: 30_000 });
    const file = await download(page, `会员等级：${level.level_name}`, /^下\s?载$/);
    const rows = await sheetRows(file);
    expect(rows[0].slice(0, 2)).toEqual(['会员ID', '会员名称']);
    expect(rows.slice(1).map((cells) => cells[0]).sort()).toEqual(expected.data.map((member) => member.member_id).sort());
    expect(new Set(rows.slice(1).map((cells) => cells[6]))).toEqual(new Set([level.level_name]));
    await context.close();
  });

  it('exports the goods list under a filter and sort, through the second step, and the file holds the list’s rows in its order', async () => {
    const filter = { market_enable: 1, is_auth: 1, sort: 'price', order: 'asc' } as const;
    const expected: number[] = [];
    for (let page = 1; ; page++) {
      const listed = await read(token, ENDPOINTS.goods.list, { query: { ...filter, page_size: 200, page_no: page } });
      expected.push(...listed.data.map((goods) => goods.goods_id));
      if (listed.data.length < 200) break;
    }
    expect(expected.length).toBeGreaterThan(0);

    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto(`/admin/goods/goods-list?${new URLSearchParams(Object.entries(filter).map(([key, value]) => [key, String(value)]))}`);
    await page.getByRole('button', { name: /导\s*出/ }).click();
    await confirmPopconfirm(page);
    await passSecondStep(page);
    await page.waitForURL(/\/admin\/operations\/backstage-task\/derive-record/);
    const summary = '上架状态：在售；审核状态：已通过；按价格升序';
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: summary }).first();
    await row.getByText('成功', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain('商品列表导出');
    const rows = await sheetRows(await download(page, summary, /^下\s?载$/));
    expect(rows[0].slice(0, 2)).toEqual(['商品ID', '商品名称']);
    expect(rows.slice(1).map((cells) => cells[0])).toEqual(expected);
    expect(new Set(rows.slice(1).map((cells) => cells[11]))).toEqual(new Set(['在售']));
    await context.close();
  });

  it('imports a member sheet with bad rows and the error report names exactly them', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const header = ['会员名称', '手机号', '初始密码', '昵称', '邮箱', '性别', '生日', '会员等级', '详细地址', '固定电话', '备注'];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('会员');
    sheet.addRow(header);
    for (let i = 0; i < 20; i++) sheet.addRow([`e2e${stamp}${i}`, `1370${stamp.replace(/\D/g, '').padEnd(3, '1').slice(0, 3)}${String(i).padStart(4, '0')}`, '', `导入${i}`, '', '女', '', '', '', '', '']);
    sheet.getRow(6).getCell(2).value = '123'; // row 6: not a mobile
    sheet.getRow(9).getCell(6).value = '未知'; // row 9: not a sex
    const file = path.join(dir, 'members.xlsx');
    await workbook.xlsx.writeFile(file);

    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/operations/backstage-task/import-record');
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByText('文件已上传，正在后台导入').waitFor();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'members.xlsx' }).first();
    // two of twenty rows failed: the import partly succeeded
    await row.getByText('部分成功', { exact: true }).waitFor({ timeout: 30_000 });
    await row.getByText('成功导入 18 条，失败 2 条').waitFor();
    const report = await sheetRows(await download(page, 'members.xlsx', /下载错误报告/));
    expect(report).toEqual([
      ['行号', '列', '错误信息'],
      [6, '手机号', '手机号码格式有误！'],
      [9, '性别', '性别只能填写“男”或“女”'],
    ]);
    const imported = await read(token, ENDPOINTS.members.list, { query: { keyword: `e2e${stamp}`, page_size: 50 } });
    expect(imported.data_total).toBe(18);
    await context.close();
  });
});
