import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './browser.js';

/** Every list page of the console, as the operator opens it. */
const LISTS: { name: string; path: string }[] = [
  { name: 'goods list', path: '/admin/goods/goods-list' },
  { name: 'goods audit', path: '/admin/goods/goods-audit' },
  { name: 'brands', path: '/admin/goods/goods-setting/brand-list' },
  { name: 'categories', path: '/admin/goods/goods-setting/category-list' },
  { name: 'orders', path: '/admin/order/order-list' },
  { name: 'after-sales services', path: '/admin/sale/service-list' },
  { name: 'refunds', path: '/admin/finance/refund-list' },
  { name: 'collections', path: '/admin/finance/collection-list' },
  { name: 'members', path: '/admin/member/member-list' },
  { name: 'member recycle bin', path: '/admin/member/member-recycle' },
  { name: 'member levels', path: '/admin/member/member-level' },
  { name: 'shops', path: '/admin/shop/shop-list' },
  { name: 'shop audit', path: '/admin/shop/shop-audit' },
  { name: 'shop themes', path: '/admin/shop/themes' },
  { name: 'shop contracts', path: '/admin/shop/contracts' },
  { name: 'live rooms', path: '/admin/promotions/live-video' },
  { name: 'margin audit', path: '/admin/finance/earnest-money/examine-list' },
  { name: 'margin records', path: '/admin/finance/earnest-money/commit-record' },
  { name: 'settlement bills', path: '/admin/finance/settlement' },
  { name: 'recharges', path: '/admin/finance/preDeposit' },
  { name: 'wallet log', path: '/admin/finance/preDeposit?tab=log' },
  { name: 'invoice qualifications', path: '/admin/finance/receipt-examine' },
  { name: 'order statistics', path: '/admin/statistics/other-statistics/order' },
  { name: 'sales revenue statistics', path: '/admin/statistics/other-statistics/sales-revenue' },
  { name: 'best sellers', path: '/admin/statistics/goods-statistics/hot-goods' },
  { name: 'top buyers', path: '/admin/statistics/member-analysis/order-amount' },
  { name: 'price-band sales', path: '/admin/statistics/goods-statistics/price-sales' },
  { name: 'goods sales details', path: '/admin/statistics/goods-statistics/goods-sales-details?cycle_type=YEAR' },
  { name: 'category overview', path: '/admin/statistics/industry-analysis/generality-overview' },
  { name: 'regional analysis', path: '/admin/statistics/other-statistics/regionalAnalysis' },
  { name: 'invoice history', path: '/admin/finance/receipt-history' },
  { name: 'administrators', path: '/admin/operations/auth-settings/administrator-manage' },
  { name: 'roles', path: '/admin/operations/auth-settings/role-manage' },
  { name: 'system logs', path: '/admin/operations/auth-settings/system-logs' },
  { name: 'OAuth2 clients', path: '/admin/operations/maintain/oauth2-client' },
  { name: 'PC micro pages', path: '/admin/operations/decoration-setting/pc-pages' },
  { name: 'mobile micro pages', path: '/admin/operations/decoration-setting/mobile-pages' },
  { name: 'site navigation', path: '/admin/operations/decoration-setting/pc-site-menu' },
  { name: 'mobile site navigation', path: '/admin/operations/decoration-setting/pc-site-menu?client_type=MOBILE' },
  { name: 'coupons', path: '/admin/promotions/coupon-list' },
  { name: 'new-member coupons', path: '/admin/promotions/coupon-list?coupon_type=NEWCOMER' },
  { name: 'coupon claims', path: '/admin/promotions/receive-list/2' },
  { name: 'seckill', path: '/admin/promotions/seckill-list' },
  { name: 'seckill goods to audit', path: '/admin/promotions/seckill-list/audit/2' },
  { name: 'seckill goods approved', path: '/admin/promotions/seckill-list/pass/1' },
  { name: 'group buys', path: '/admin/promotions/assemble-list' },
  { name: 'exchange categories', path: '/admin/promotions/points-mall/exchange-category' },
  { name: 'exchange goods', path: '/admin/promotions/points-mall/exchange-goods' },
  { name: 'exchange orders', path: '/admin/promotions/points-mall/exchange-orders' },
  { name: 'sign-in activities', path: '/admin/promotions/sign-in/activity-list' },
  { name: 'sign-in records', path: '/admin/promotions/sign-in/record' },
  { name: 'distributors', path: '/admin/distribution/distributor-list' },
  { name: 'distribution settings', path: '/admin/distribution/distributor-message' },
  { name: 'distribution orders', path: '/admin/distribution/distributor-order' },
  { name: 'commission detail', path: '/admin/distribution/brokerage-detail' },
  { name: 'distribution bills', path: '/admin/distribution/bill-list' },
  { name: 'withdrawal requests', path: '/admin/distribution/put-forward-apply' },
  { name: 'currencies', path: '/admin/setting/i18n/currency' },
  { name: 'exchange rates', path: '/admin/setting/i18n/exchange-rate' },
  { name: 'UI dictionary', path: '/admin/setting/i18n/ui-dict' },
  { name: 'languages', path: '/admin/setting/i18n/lang-code' },
  { name: 'data dictionary', path: '/admin/setting/i18n/data-dict' },
  { name: 'translation tasks', path: '/admin/setting/i18n/translation-task' },
  { name: 'failed translations', path: '/admin/setting/i18n/translation-failed' },
  { name: 'logistics companies', path: '/admin/setting/payment-and-delivery/express' },
  { name: 'SMTP accounts', path: '/admin/setting/system-params/smtp' },
  { name: 'SMS signatures', path: '/admin/setting/message-settings/message-sign' },
  { name: 'SMS templates', path: '/admin/setting/message-settings/text-message' },
  { name: 'SMS template audit', path: '/admin/setting/message-settings/add-template-audit' },
  { name: 'SMS send tasks', path: '/admin/setting/message-settings/send-message' },
  { name: 'SMS records', path: '/admin/setting/message-settings/check-message' },
  { name: 'site messages', path: '/admin/setting/message-settings/station-message' },
  { name: 'message templates', path: '/admin/setting/message-settings/station-message?tab=templates&type=SHOP' },
  { name: 'email templates', path: '/admin/setting/message-settings/email' },
  { name: 'WeChat messages', path: '/admin/setting/message-settings/wechat' },
  { name: 'payment methods', path: '/admin/setting/payment-and-delivery/payment' },
  { name: 'complaints', path: '/admin/sale/complaint/complaint-list' },
  { name: 'complaint subjects', path: '/admin/sale/complaint/subject-list' },
  { name: 'goods reviews', path: '/admin/sale/goods-comment-list' },
  { name: 'goods questions', path: '/admin/sale/goods-ask-list' },
  { name: 'notification history', path: '/admin/sale/notification-history' },
  { name: 'articles', path: '/admin/operations/article-manage/article-list' },
  { name: 'article categories', path: '/admin/operations/article-manage/article-category' },
  { name: 'hot keywords', path: '/admin/operations/maintain/hot-keyword' },
  { name: 'sensitive words', path: '/admin/operations/maintain/sensitive-words' },
  { name: 'custom words', path: '/admin/operations/search-settings/search-keyword' },
  { name: 'search history', path: '/admin/operations/search-settings/search-history' },
  { name: 'search tips', path: '/admin/operations/search-settings/search-tips' },
];

/**
 * Lists that still scroll sideways at 1440 px since they gained the columns that make a row add up
 * or say who did it (issue 29: the refund's operator, every settlement component, the margin
 * ledger's balance, the level's points; the demo roles' longer descriptions, issue 30). Known and
 * written down in the issues' notes, to be laid out again; every other list must fit, and these
 * must still fit at 800 px by their own scroll and never cut a header or a button.
 */
const STILL_WIDE: Record<string, readonly string[]> = {
  'zh-CN': ['refunds', 'settlement bills'],
  'en-US': ['refunds', 'settlement bills', 'members', 'member recycle bin', 'margin records', 'roles'],
};

const WIDTHS = [1440, 800];
const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en-US', label: 'English' },
];

/**
 * What is wrong with the layout of the list on screen: a header, cell button or toolbar button
 * whose text is cut off or whose word is broken over two lines; at full width a table that needs
 * a sideways scroll; at any width a pinned column that covers another.
 */
function layoutProblems(wide: boolean): string[] {
  const problems: string[] = [];
  const content = document.querySelector('.agora-content');
  const table = content?.querySelector('.ant-table');
  if (!content || !table) return ['no table on the page'];
  const brokenWord = (element: Element): string | undefined => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        // CJK text may wrap between characters; a Latin word may not.
        if (!/[A-Za-z]{2,}/.test(match[0])) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) return match[0];
      }
    }
    return undefined;
  };
  const label = (element: Element) => (element as HTMLElement).innerText.trim().replace(/\s+/g, ' ');
  // Text is cut off when it reaches past its cell (a pinned cell's shadow is not text).
  const textCutOff = (element: Element): boolean => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return text.width > 0 && (text.right > box.right + 1 || text.left < box.left - 1);
  };
  for (const th of table.querySelectorAll('thead th')) {
    const title = th.querySelector('.ant-table-column-title') ?? th;
    if (label(th) && textCutOff(title)) problems.push(`header "${label(th)}" is cut off`);
    const word = brokenWord(th);
    if (word) problems.push(`header "${label(th)}" breaks the word "${word}"`);
  }
  for (const button of content.querySelectorAll('.ant-btn')) {
    if (!(button as HTMLElement).offsetParent) continue;
    if (textCutOff(button)) problems.push(`button "${label(button)}" is cut off`);
    const word = brokenWord(button);
    if (word) problems.push(`button "${label(button)}" breaks the word "${word}"`);
  }
  const scroller = table.querySelector('.ant-table-content, .ant-table-body');
  if (wide && scroller && scroller.scrollWidth > scroller.clientWidth + 1) {
    problems.push(`needs a sideways scroll at full width (${scroller.scrollWidth} > ${scroller.clientWidth})`);
  }
  // Pinned cells of the first row: nothing pinned at the end may cover what is pinned at the start,
  // and at full width nothing may sit under a pinned cell.
  const row = table.querySelector('tbody tr.ant-table-row');
  if (row) {
    const cells = [...row.children] as HTMLElement[];
    const startPinned = cells.filter((cell) => /ant-table-cell-fix-(left|start)/.test(cell.className));
    const endPinned = cells.filter((cell) => /ant-table-cell-fix-(right|end)/.test(cell.className));
    const firstEnd = endPinned[0]?.getBoundingClientRect();
    const lastStart = startPinned.at(-1)?.getBoundingClientRect();
    if (firstEnd && lastStart && lastStart.right > firstEnd.left + 1) problems.push('the pinned action column covers the pinned key columns');
    if (wide && firstEnd) {
      for (const cell of cells) {
        if (endPinned.includes(cell)) continue;
        const rect = cell.getBoundingClientRect();
        if (rect.right > firstEnd.left + 1 && rect.left < firstEnd.left) problems.push(`the pinned action column covers "${label(table.querySelectorAll('thead th')[cells.indexOf(cell)] ?? cell)}"`);
      }
    }
  }
  return problems;
}

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

async function switchLanguage(label: string): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: label }).click();
  await page.waitForFunction((text) => document.querySelector('[data-testid="lang-switch"]') !== null && document.documentElement.lang !== text, '');
}

/**
 * Opens a list inside the running console, as the side menu does (a full page load per list cost
 * most of this file's time): the router follows a pushed address. What the previous page showed is
 * marked first, so only the new page's rows count; a page that does not show them in time is
 * loaded in full.
 */
async function openList(path: string): Promise<boolean> {
  const rows = '.agora-content .ant-table-tbody tr.ant-table-row:not([data-seen]), .agora-content .ant-table-placeholder:not([data-seen])';
  await page.evaluate((to) => {
    for (const element of document.querySelectorAll('.agora-content .ant-table-tbody tr')) element.setAttribute('data-seen', '');
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2), idx: (window.history.state?.idx ?? 0) + 1 }, '', `/admin${to.replace(/^\/admin/, '')}`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  if (await page.locator(rows).first().waitFor({ timeout: 5_000 }).then(() => true, () => false)) return true;
  await page.goto(path);
  return page.locator(rows).first().waitFor({ timeout: 15_000 }).then(() => true, () => false);
}

describe('every list fits its window in both languages', () => {
  for (const language of LANGUAGES) {
    it(`${language.code} at ${WIDTHS.join(' and ')} px`, async () => {
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await page.goto('/admin/dashboard');
      const current = await page.evaluate(() => JSON.parse(localStorage.getItem('adminLanguage') ?? '{"value":"zh-CN"}').value as string);
      if (current !== language.code) await switchLanguage(language.label);
      const found: string[] = [];
      for (const list of LISTS) {
        if (!(await openList(list.path))) {
          found.push(`${list.name}: no table rows shown`);
          continue;
        }
        await page.locator('.agora-content .ant-spin-spinning').waitFor({ state: 'detached' }).catch(() => undefined);
        // Both widths on the one page: the table lays itself out again when the window changes.
        for (const width of WIDTHS) {
          if (page.viewportSize()?.width !== width) {
            await page.setViewportSize({ width, height: 900 });
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          }
          const wide = width >= 1440 && !STILL_WIDE[language.code].includes(list.name);
          for (const problem of await page.evaluate(layoutProblems, wide)) found.push(`${list.name} at ${width} px: ${problem}`);
        }
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      }
      expect(found).toEqual([]);
      // every list is a navigation and two layout checks: the budget grows with the list
    }, LISTS.length * 8_000);
  }
});
