import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, ROUTES, walkRoutes, type AnyEndpoint } from '@agora/contract';
import { DEMO_ADMINS, DEMO_PASSWORD, DEMO_ROLES } from '../../packages/server/src/seed/demo-team.js';
import { apiLogin, confirmPopconfirm, FOUNDER, launchBrowser, login, newPage, passSecondStep, send } from './browser.js';

/** What every signed-in admin holds whatever the role says (the server's ALWAYS_PERMITTED). */
const ALWAYS_PERMITTED = ['dashboard'];

/** Each demo administrator with the route names the seed gives their role. */
const TEAM = DEMO_ADMINS.map((admin) => {
  const role = DEMO_ROLES.find((candidate) => candidate.roleName === admin.role);
  if (!role) throw new Error(`the seed gives ${admin.username} an unknown role ${admin.role}`);
  return { username: admin.username, role: admin.role, held: new Set<string>([...ALWAYS_PERMITTED, ...role.permissions]) };
});

/**
 * What each role's job needs in its menu and must not have (docs/roles.md): the matrix below checks
 * the menu against the seed, these check the seed against the jobs.
 */
const JOBS: Record<string, { sees: string[]; lacks: string[] }> = {
  客服: { sees: ['memberList', 'goodsList', 'orderList', 'serviceList', 'complaintList', 'goodsAskList'], lacks: ['settlement', 'systemLogs', 'statistics'] },
  运营: { sees: ['exchangeGoods', 'exchangeOrders', 'signActivityList', 'liveVideo', 'shopThemes', 'shopContracts', 'deriveRecord'], lacks: ['systemLogs', 'administratorManage', 'settlement'] },
  财务: { sees: ['settlement', 'orderStatistics', 'salesRevenueStatistics', 'refundStatistics', 'deriveRecord'], lacks: ['goodsList', 'systemLogs', 'systemSettings'] },
};

const ROUTE_BY_PATH = new Map<string, string>();
walkRoutes(ROUTES, (route) => ROUTE_BY_PATH.set(route.path, route.name));

let browser: Browser;
/** Route names of the pages in the founder's menu: every page this build has. */
let founderPages: Set<string>;

/** Opens every group of the side menu and reads the route names of the pages it links. */
async function menuPages(page: Page): Promise<Set<string>> {
  const sidebar = page.getByTestId('sidebar');
  await sidebar.locator('a[href]').first().waitFor();
  const closed = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) await closed.first().click();
  const hrefs = await sidebar.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return new Set(
    hrefs.map((href) => {
      const name = ROUTE_BY_PATH.get(href.replace(/^\/admin/, ''));
      if (!name) throw new Error(`the menu links ${href}, which is not in the route table`);
      return name;
    }),
  );
}

/** The pages a role's menu must show: those of the build whose route and every group above it the role holds. */
function expectedPages(held: ReadonlySet<string>): Set<string> {
  const pages = new Set<string>();
  walkRoutes(ROUTES, (route, parents) => {
    if (founderPages.has(route.name) && [...parents, route].every((entry) => entry.hidden || held.has(entry.name))) pages.add(route.name);
  });
  return pages;
}

/** Every path parameter of an endpoint a plausible value. */
const paramsOf = (endpoint: AnyEndpoint) =>
  Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, name === 'mobile' ? '13800138000' : name === 'type' ? 'LOGIN' : '1']));

/** The route names an endpoint accepts; none for public and signed-in ones. */
const namesOf = (endpoint: AnyEndpoint): string[] =>
  endpoint.permission === 'public' || endpoint.permission === 'signed-in' ? [] : typeof endpoint.permission === 'string' ? [endpoint.permission] : [...endpoint.permission];

beforeAll(async () => {
  browser = await launchBrowser();
  const founder = await newPage(browser);
  await login(founder.page, FOUNDER.username, FOUNDER.password);
  founderPages = await menuPages(founder.page);
  await founder.context.close();
  // The founder's menu has the administrator pages: the difference below is the role, not the build.
  expect(founderPages).toContain('administratorManage');
});
afterAll(async () => {
  await browser?.close();
});

describe.each(TEAM)('the demo role $role ($username)', ({ username, role, held }) => {
  it('sees only its own pages in the menu, those its job needs among them, and the chat entry only with chat', async () => {
    const { context, page } = await newPage(browser);
    await login(page, username, DEMO_PASSWORD);
    const menu = await menuPages(page);
    expect([...menu].sort()).toEqual([...expectedPages(held)].sort());
    for (const name of JOBS[role].sees) expect(menu, `${role} sees ${name}`).toContain(name);
    for (const name of JOBS[role].lacks) expect(menu, `${role} lacks ${name}`).not.toContain(name);
    // The demo site has chat switched on (the sign-in page read it already): the entry follows the permission.
    if (held.has('chat')) await page.getByTestId('chat-entry').waitFor();
    else expect(await page.getByTestId('chat-entry').count()).toBe(0);
    await context.close();
  });

  it('is sent to /401 for a page it lacks and stays signed in; its own pages open', async () => {
    const { context, page } = await newPage(browser);
    await login(page, username, DEMO_PASSWORD);
    await page.goto('/admin/operations/auth-settings/administrator-manage');
    await page.waitForURL(/\/admin\/401$/);
    if (!held.has('chat')) {
      // The chat page is hidden from the menu, not free: without chat it is the 401 page too.
      await page.goto('/admin/chat');
      await page.waitForURL(/\/admin\/401$/);
    }
    const own = [...expectedPages(held)].find((name) => name !== 'dashboard');
    if (own) {
      const path = [...ROUTE_BY_PATH].find(([, name]) => name === own)![0];
      await page.goto(`/admin${path}`);
      await page.waitForURL((url) => url.pathname === `/admin${path}`);
      await page.getByTestId('sidebar').waitFor();
    }
    await context.close();
  });

  it('is refused with 403 NO_PERMISSION by every endpoint of what it lacks, and let through the rest', async () => {
    const token = await apiLogin(username, DEMO_PASSWORD);
    const guarded = ALL_ENDPOINTS.filter((endpoint) => namesOf(endpoint).length > 0);
    expect(guarded.length).toBeGreaterThan(20);
    for (const endpoint of guarded) {
      const permitted = namesOf(endpoint).some((name) => held.has(name));
      // Writes it holds would change the demo data; the permission check comes before any of that.
      if (permitted && endpoint.method !== 'GET') continue;
      const response = await send(token, endpoint, { params: paramsOf(endpoint), body: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {} });
      const code = response.headers.get('content-type')?.includes('json') ? ((await response.json()) as { code?: string }).code : undefined;
      const call = `${username}: ${endpoint.method} ${endpoint.path}`;
      if (permitted) {
        expect(code, call).not.toBe('NO_PERMISSION');
      } else {
        expect(response.status, call).toBe(403);
        expect(code, call).toBe('NO_PERMISSION');
      }
    }
  });
});

describe('the demo founder', () => {
  it('exports a filtered list at once: the demo has password verification, and the list is the same on coming back', async () => {
    const { context, page } = await newPage(browser);
    await login(page, FOUNDER.username, FOUNDER.password);
    await page.goto('/admin/member/member-list?keyword=138');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    await confirmPopconfirm(page);
    // The demo's verification password, not the redirect to 二次验证 of a console without a method.
    await passSecondStep(page);
    await page.waitForURL(/\/admin\/operations\/backstage-task\/derive-record/);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/member/member-list' && url.searchParams.get('keyword') === '138');
    await context.close();
  });
});
