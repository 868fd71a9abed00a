import { describe, expect, it } from 'vitest';
import { ENDPOINTS, ROUTE_BY_NAME, ROUTES, type RouteDef } from '@agora/contract';
import { md5 } from '../platform/passwords.js';
import { type Session, type TestApp, withTestApp } from '../test/harness.js';
import { seedDemo } from './demo.js';
import { DEMO_PASSWORD, DEMO_ROLES, DEMO_VERIFY_PASSWORD } from './demo-team.js';

/** Each route's parent's name, so a held page's menu group can be checked. */
const parentOf = new Map<string, string>();
const walk = (routes: readonly RouteDef[], parent?: string) => {
  for (const route of routes) {
    if (parent) parentOf.set(route.name, parent);
    walk(route.children ?? [], route.name);
  }
};
walk(ROUTES);

const held = (roleName: string) => new Set<string>(DEMO_ROLES.find((role) => role.roleName === roleName)!.permissions);

describe('the demo roles (docs/roles.md)', () => {
  it('name routes of the tree, each with its menu group', () => {
    for (const role of DEMO_ROLES) {
      for (const name of role.permissions) {
        expect(ROUTE_BY_NAME.has(name as never), `${role.roleName}: ${name}`).toBe(true);
        const parent = parentOf.get(name);
        if (parent) expect(role.permissions as readonly string[], `${role.roleName}: ${name} without ${parent}`).toContain(parent);
      }
    }
  });

  it('fit their jobs: 客服 sees members, orders and goods; 运营 runs the campaigns but not the audit log; 财务 reads statistics and its exports', () => {
    expect([...held('客服')]).toEqual(expect.arrayContaining(['chat', 'memberList', 'orderList', 'orderDetail', 'goodsList', 'serviceList', 'complaintList']));
    expect([...held('运营')]).toEqual(expect.arrayContaining(['pointsMall', 'exchangeGoods', 'signIn', 'signActivityList', 'liveVideo', 'shopThemes', 'shopContracts', 'deriveRecord']));
    expect(held('运营').has('systemLogs')).toBe(false);
    expect(held('运营').has('administratorManage')).toBe(false);
    expect([...held('财务')]).toEqual(expect.arrayContaining(['statistics', 'orderStatistics', 'salesRevenueStatistics', 'deriveRecord', 'settlement']));
  });
});

describe('a fresh demo', () => {
  let t: TestApp;
  let founder: Session;
  withTestApp((app, session) => {
    t = app;
    founder = session;
  });
  const get = (session: Session, path: string) => t.inject({ method: 'GET', url: `/api/${path}`, session });

  it('seeds the team whose calls the server answers by role, and password verification its founder can pass', async () => {
    expect(await seedDemo(t.ctx)).toBe(true);
    const kefu = await t.login('kefu', DEMO_PASSWORD);
    for (const path of [ENDPOINTS.members.list.path, ENDPOINTS.orders.list.path, ENDPOINTS.goods.list.path, ENDPOINTS.chat.conversations.path]) {
      expect((await get(kefu, path)).statusCode, `客服 ${path}`).toBe(200);
    }
    for (const path of [ENDPOINTS.finance.bills.path, ENDPOINTS.systemLogs.list.path, ENDPOINTS.statistics.orderNum.path]) {
      expect((await get(kefu, path)).statusCode, `客服 ${path}`).toBe(403);
    }

    const yunying = await t.login('yunying', DEMO_PASSWORD);
    for (const path of [ENDPOINTS.pointsMall.goods.path, ENDPOINTS.signIn.list.path, ENDPOINTS.live.list.path, ENDPOINTS.themes.list.path, ENDPOINTS.contracts.list.path]) {
      expect((await get(yunying, path)).statusCode, `运营 ${path}`).toBe(200);
    }
    expect((await get(yunying, ENDPOINTS.systemLogs.list.path)).statusCode).toBe(403);

    const caiwu = await t.login('caiwu', DEMO_PASSWORD);
    expect((await get(caiwu, `${ENDPOINTS.statistics.orderNum.path}?cycle_type=YEAR&year=2026`)).statusCode).toBe(200);
    expect((await get(caiwu, `${ENDPOINTS.tasks.list.path}?operate_type=EXPORT`)).statusCode).toBe(200);
    // The export it starts: the second step first, with the demo's verification password, then queued.
    const exportBills = (session: Session) => t.inject({ method: 'POST', url: `/api/${ENDPOINTS.finance.billExport.path}`, session, payload: {} });
    expect((await exportBills(caiwu)).statusCode).toBe(428);
    const check = await t.inject({ method: 'POST', url: `/api/${ENDPOINTS.verification.checkPassword.path}`, session: caiwu, payload: { password: md5(DEMO_VERIFY_PASSWORD) } });
    expect(check.statusCode, check.body).toBe(200);
    expect((await exportBills(caiwu)).statusCode).toBe(200);

    const settings = (await get(founder, ENDPOINTS.verification.settings.path)).json();
    expect(settings).toMatchObject({ password_auth: 1, has_password: true });
    expect((await t.inject({ method: 'POST', url: `/api/${ENDPOINTS.verification.checkPassword.path}`, session: founder, payload: { password: md5(DEMO_VERIFY_PASSWORD) } })).statusCode).toBe(200);
  });
});
