import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, confirmPopconfirm, FOUNDER, launchBrowser, login, newPage, read } from './browser.js';

/** Today on the platform's calendar (China, UTC+8 all year), whatever the runner's zone: the reports' periods are its. */
function platformToday(): { year: number; month: number } {
  const china = new Date(Date.now() + 8 * 3_600_000);
  return { year: china.getUTCFullYear(), month: china.getUTCMonth() + 1 };
}

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

const { statistics } = ENDPOINTS;
const money = (yuan: number) => `￥${yuan.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The figure's total card shows the API's total for it. */
async function expectTotal(page: Page, figure: string, value: string) {
  await expect.poll(() => page.getByTestId(`stat-total-${figure}`).locator('.ant-statistic-content').innerText(), { timeout: 10_000 }).toBe(value);
}

describe('statistics', () => {
  it('draws the order report, switches month ↔ year, picks a shop and exports the table', async () => {
    const { year, month } = platformToday();
    const platform = await read(token, statistics.orderMoney, { query: { cycle_type: 'MONTH', year, month, seller_id: 0 } });
    const [shop] = await read(token, ENDPOINTS.dashboard.hotShop, { query: { days: 90 } });
    const { context, page } = await newPage(browser, { width: 1440, height: 1400 });
    await login(page);

    await page.goto('/admin/statistics/other-statistics/order');
    await page.getByTestId('statistics-chart').locator('svg').waitFor();
    await expectTotal(page, 'order_amount', money(platform.totals[0].current));
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.first().innerText()).toContain(`${year}-${String(month).padStart(2, '0')}-01`);

    // The year: twelve months, the first one January, and the choice in the URL.
    await page.getByLabel('统计周期').click();
    await page.locator('.ant-select-item-option', { hasText: /^按年$/ }).click();
    await page.waitForURL((url) => url.searchParams.get('cycle_type') === 'YEAR');
    const yearly = await read(token, statistics.orderMoney, { query: { cycle_type: 'YEAR', year, seller_id: 0 } });
    await expectTotal(page, 'order_amount', money(yearly.totals[0].current));
    await expect.poll(() => rows.first().innerText()).toContain(`${year}-01`);

    // One shop: its own figures, in the chart's totals and the table.
    const shopBox = page.locator('.ant-select').filter({ hasText: '平台' });
    await shopBox.click();
    await page.keyboard.type(shop.shop_name);
    await page.locator('.ant-select-item-option', { hasText: shop.shop_name }).click();
    await page.waitForURL((url) => url.searchParams.get('seller_id') === String(shop.shop_id));
    const shopYear = await read(token, statistics.orderMoney, { query: { cycle_type: 'YEAR', year, seller_id: shop.shop_id } });
    expect(shopYear.totals[0].current).not.toBe(yearly.totals[0].current);
    await expectTotal(page, 'order_amount', money(shopYear.totals[0].current));
    const shopTable = await read(token, statistics.ordersPage, { query: { cycle_type: 'YEAR', year, seller_id: shop.shop_id, page_size: 10 } });
    await expect.poll(() => rows.first().innerText()).toContain(money(shopTable.data[0].order_amount ?? 0));

    // A refresh keeps the report as it was.
    await page.reload();
    await expectTotal(page, 'order_amount', money(shopYear.totals[0].current));

    await page.getByRole('button', { name: /导\s?出/ }).click();
    await confirmPopconfirm(page);
    await page.waitForURL(/\/admin\/operations\/backstage-task\/derive-record/);
    const [task] = (await read(token, ENDPOINTS.tasks.list, { query: { operate_type: 'EXPORT', page_size: 1 } })).data;
    expect(task.filter_summary).toContain(shop.shop_name);
    await context.close();
  });

  it('opens the sales revenue, refund, new member, best seller and top buyer and traffic reports with their charts and tables', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    for (const path of [
      '/admin/statistics/other-statistics/sales-revenue',
      '/admin/statistics/other-statistics/refund',
      '/admin/statistics/member-analysis/added-member',
      '/admin/statistics/goods-statistics/hot-goods?cycle_type=YEAR',
      '/admin/statistics/member-analysis/order-amount?cycle_type=YEAR',
      '/admin/statistics/traffic-analysis/shop',
      '/admin/statistics/traffic-analysis/goods',
    ]) {
      await page.goto(path);
      await page.getByTestId('statistics-chart').locator('svg').waitFor();
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    }
    // A best seller's table row is the chart's first bar.
    const [best] = (await read(token, ENDPOINTS.statisticsRankings.hotGoodsPage, { query: { cycle_type: 'YEAR', year: platformToday().year, page_size: 1 } })).data;
    await page.goto('/admin/statistics/goods-statistics/hot-goods?cycle_type=YEAR');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').first().innerText()).toContain(best.name);
    await context.close();
  });

  it('draws price-band sales, re-bands them with the price range picker, the order value distribution by hour, the goods sales details and the favourites', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/statistics/goods-statistics/price-sales?cycle_type=YEAR');
    await page.getByTestId('statistics-chart').locator('svg').waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(6);
    await page.getByRole('button', { name: '价格区间' }).click();
    await page.getByLabel('5-high').fill('3000');
    await page.locator('.ant-modal').getByRole('button', { name: /确\s?定/ }).click();
    await page.waitForURL((url) => url.searchParams.getAll('prices').join(',') === '0,100,500,1000,2000,3000');
    const { year } = platformToday();
    const bands = await read(token, ENDPOINTS.statisticsBands.priceSalesPage, { query: { cycle_type: 'YEAR', year, prices: '0,100,500,1000,2000,3000', page_size: 10 } });
    await expect.poll(() => rows.last().innerText()).toContain('￥3,000+');
    expect(await rows.last().innerText()).toContain(String(bands.data[5].paid_num));

    await page.goto('/admin/statistics/other-statistics/customerPriceDistribution');
    await page.getByTestId('statistics-chart').locator('svg').waitFor();
    await page.getByTestId('statistics-hour-chart').getByText('23:00').waitFor();
    await rows.first().waitFor();

    await page.goto('/admin/statistics/goods-statistics/goods-sales-details?cycle_type=YEAR');
    await page.getByTestId('statistics-chart').locator('svg').waitFor();
    const [top] = (await read(token, ENDPOINTS.statisticsRankings.goodsSalesPage, { query: { cycle_type: 'YEAR', year, page_size: 1 } })).data;
    await expect.poll(() => rows.first().innerText()).toContain(top.name);

    await page.goto('/admin/statistics/goods-statistics/goods-collect?cycle_type=YEAR');
    await page.getByTestId('statistics-chart').locator('svg').waitFor();
    const [loved] = (await read(token, ENDPOINTS.statisticsRankings.goodsCollectPage, { query: { cycle_type: 'YEAR', year, page_size: 1 } })).data;
    await expect.poll(() => rows.first().innerText()).toContain(loved.name);
    await context.close();
  });
  it('compares like for like, colours a change by its meaning, ranks the table as the chart and names what industry shares count', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    // The month under way: marked as such, compared with the same days of the months before.
    const { year, month } = platformToday();
    const current = await read(token, statistics.salesTotal, { query: { cycle_type: 'MONTH', year, month, seller_id: 0 } });
    expect(current.comparison.state).toBe('current');
    await page.goto('/admin/statistics/other-statistics/sales-revenue');
    const note = page.getByTestId('stat-comparison');
    await expect.poll(() => note.innerText()).toContain(`本期进行中：截至 ${current.comparison.through}`);
    expect(await note.innerText()).toContain(`${current.comparison.previous!.from} – ${current.comparison.previous!.to}`);

    // Last month against the one before: fewer refunds is good news, more is bad, whatever the arrow.
    const [lastYear, lastMonth] = month === 1 ? [year - 1, 12] : [year, month - 1];
    const ended = await read(token, statistics.salesTotal, { query: { cycle_type: 'MONTH', year: lastYear, month: lastMonth, seller_id: 0 } });
    await page.goto(`/admin/statistics/other-statistics/sales-revenue?cycle_type=MONTH&year=${lastYear}&month=${lastMonth}`);
    for (const figure of ['refund_amount', 'paid_amount'] as const) {
      const change = ended.totals.find((total) => total.figure === figure)!.period_on_period;
      if (change === null || change === 0) continue;
      const good = figure === 'refund_amount' ? change < 0 : change > 0;
      await expect.poll(() => page.getByTestId(`stat-total-${figure}`).locator('[data-tone]').last().getAttribute('data-tone')).toBe(good ? 'good' : 'bad');
    }

    // A month not begun: an empty state, no chart of zeros, no rows.
    await page.goto(`/admin/statistics/other-statistics/order?cycle_type=MONTH&year=${year + 1}&month=${month}`);
    await page.getByTestId('statistics-chart-empty').getByText('该周期尚未开始').waitFor();
    expect(await page.getByTestId('statistics-chart').count()).toBe(0);

    // Top buyers by order count: the table lists the chart's members in the chart's order.
    const byCount = await read(token, ENDPOINTS.statisticsRankings.memberOrderQuantity, { query: { cycle_type: 'YEAR', year, seller_id: 0 } });
    await page.goto('/admin/statistics/member-analysis/order-amount?cycle_type=YEAR&chart=memberOrderQuantity');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.first().innerText()).toContain(byCount.entries[0].name);
    expect(await rows.nth(1).innerText()).toContain(byCount.entries[1].name);

    // Industry scale: the pie is of paid orders, the table's share of paid value, and both say so.
    await page.goto('/admin/statistics/industry-analysis/industry-scale?cycle_type=YEAR');
    await page.getByTestId('statistics-chart').locator('svg').waitFor();
    const headers = page.locator('.ant-table-thead th');
    await expect.poll(() => headers.allInnerTexts()).toEqual(expect.arrayContaining(['付款订单数', '付款金额', expect.stringMatching(/付款金额占比/)]));
    expect(await page.locator('.ant-card-head-title').first().innerText()).toBe('付款订单数占比');
    await context.close();
  });

  it('draws the industry scale as a pie, the category overview of one category and the China map of the regional analysis', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    const { year } = platformToday();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const scale = await read(token, ENDPOINTS.statisticsIndustry.industryScalePage, { query: { cycle_type: 'YEAR', year, page_size: 10 } });
    await page.goto('/admin/statistics/industry-analysis/industry-scale?cycle_type=YEAR');
    await page.getByTestId('statistics-chart').locator('svg').waitFor();
    await expect.poll(() => rows.first().innerText()).toContain(scale.data[0].name);
    expect(await rows.first().innerText()).toContain(money(scale.data[0].paid_amount));

    const [top] = scale.data;
    const overview = await read(token, ENDPOINTS.statisticsIndustry.industryOverviewPage, { query: { cycle_type: 'YEAR', year, category_id: top.id, page_size: 10 } });
    await page.goto(`/admin/statistics/industry-analysis/generality-overview?cycle_type=YEAR&category_id=${top.id}`);
    await page.getByTestId('statistics-chart').locator('svg').waitFor();
    await expect.poll(() => rows.count()).toBe(overview.data.length);
    expect(await rows.first().innerText()).toContain(overview.data[0].name);

    // The map: the provinces drawn (a path each), the most ordered one first in the table.
    const [region] = (await read(token, ENDPOINTS.statisticsRegions.regionPage, { query: { cycle_type: 'YEAR', year, page_size: 1 } })).data;
    await page.goto('/admin/statistics/other-statistics/regionalAnalysis?cycle_type=YEAR');
    await expect.poll(() => page.getByTestId('statistics-chart').locator('svg path').count(), { timeout: 10_000 }).toBeGreaterThan(30);
    await expect.poll(() => rows.first().innerText()).toContain(region.name);
    expect(await rows.first().innerText()).toContain(money(region.order_amount));
    await context.close();
  });
});
