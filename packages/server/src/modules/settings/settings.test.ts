import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACCOUNT_DEFAULTS,
  NEW_COMER_COUPON_DEFAULTS,
  POINT_DEFAULTS,
  SITE_DEFAULTS,
  type NewComerCouponSettings,
  type PointSettings,
  type SiteSettings,
} from '@agora/contract';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';

const VERIFY_PASSWORD = 'verify1';

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

/** Passes the second step (verification password) for this session. */
async function prove(session: Session): Promise<void> {
  const response = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5(VERIFY_PASSWORD) } });
  if (response.statusCode !== 200) throw new Error(`second step: ${response.body}`);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
  // The platform's verification password, switched on: settings saves need it from here on.
  const password = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/update-password', session: founder, payload: { password: md5(VERIFY_PASSWORD) } });
  expect(password.statusCode).toBe(200);
  const enable = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session: founder, payload: { message_auth: 0, password_auth: 1 } });
  expect(enable.statusCode).toBe(200);
  await prove(founder);
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

const read = (doc: string, session = founder) => t.inject({ method: 'GET', url: `/api/admin/settings/${doc}`, session });
const save = (doc: string, payload: unknown, session = founder) => t.inject({ method: 'PUT', url: `/api/admin/settings/${doc}`, session, payload: payload as object });

const SITE: SiteSettings = {
  ...SITE_DEFAULTS,
  site_name: '星河商城',
  title: '星河商城运营后台',
  keywords: '数码,家电',
  descript: '一站式购物',
  logo: '/files/site/logo.png',
  admin_icon: '/files/site/admin.png',
  seller_icon: 'https://cdn.example.com/seller.png',
  record: '沪ICP备12345678号',
  link: 'https://beian.miit.gov.cn',
  buyer_domain: 'https://www.example.com',
  test_mode: 1,
};

const POINT: PointSettings = {
  ...POINT_DEFAULTS,
  register: { open: 1, consum_point: 200, grade_point: 50 },
  perfect: { open: 1, consum_point: 30, grade_point: 0 },
  parities: 1,
  parities_point: 50,
};

const COUPONS: NewComerCouponSettings = {
  open: 1,
  coupons: [
    { title: '新人立减10元', coupon_price: 10, coupon_threshold_price: 99, effective_days: 7 },
    { title: '新人满减', coupon_price: 20.5, coupon_threshold_price: 199.99, effective_days: 30 },
  ],
};

describe('settings documents', () => {
  it('answer their defaults before anything is saved', async () => {
    expect((await read('site')).json()).toEqual(SITE_DEFAULTS);
    expect((await read('point')).json()).toEqual(POINT_DEFAULTS);
    expect((await read('account')).json()).toEqual({ ...ACCOUNT_DEFAULTS, message_auth: 0, password_auth: 1 });
    expect((await read('new-comer-coupon')).json()).toEqual(NEW_COMER_COUPON_DEFAULTS);
  });

  it('refuse a save without a passed second step (428) and keep the document', async () => {
    const fresh = await t.loginFounder();
    for (const [doc, payload] of [
      ['site', SITE],
      ['point', POINT],
      ['account', { ...ACCOUNT_DEFAULTS, retry_times: 9 }],
      ['new-comer-coupon', COUPONS],
    ] as const) {
      const response = await save(doc, payload, fresh);
      expect(response.statusCode, doc).toBe(428);
      expect(response.json(), doc).toEqual({ code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' });
    }
    expect((await read('site', fresh)).json()).toEqual(SITE_DEFAULTS);
    expect((await read('account', fresh)).json().retry_times).toBe(ACCOUNT_DEFAULTS.retry_times);
  });

  it('site: saves the whole document, drops unknown keys, normalises the buyer domain and logs the change', async () => {
    const response = await save('site', { ...SITE, buyer_domain: 'https://www.example.com/', global_auth_key: 'leak', hacked: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SITE);
    expect((await read('site')).json()).toEqual(SITE);
    const stored = await t.ctx.db.execute(sql`select value from settings where key = 'site'`);
    expect(Object.keys((stored.rows[0] as { value: object }).value).sort()).toEqual(Object.keys(SITE_DEFAULTS).sort());

    const logs = await t.inject({ method: 'GET', url: '/api/admin/system-logs', query: { keyword: '修改站点设置' }, session: founder });
    expect(logs.json().data[0]).toMatchObject({ operate_detail: '修改站点设置', level: 'important', url: '/api/admin/settings/site' });
  });

  it('site: a closed site needs its reason; an invalid field changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ siteon: 0, close_reason: '' }, '关闭站点时请填写关闭原因'],
      [{ title: 'x'.repeat(51) }, '网站标题最多50个字符'],
      [{ site_name: '' }, '请填写站点名称'],
      [{ site_name: 'x'.repeat(31) }, '站点名称最多30个字符'],
      [{ keywords: 'k'.repeat(201) }, '关键字最多200个字符'],
      [{ descript: 'd'.repeat(501) }, '网站描述最多500个字符'],
      [{ buyer_domain: 'www.example.com' }, '买家端域名须为以 http:// 或 https:// 开头的网址'],
      [{ logo: 'javascript:alert(1)' }, '站点Logo须为上传的图片或 http(s) 地址'],
      [{ test_mode: 2 }, '测试模式只能是0或1'],
    ];
    for (const [change, message] of cases) {
      const response = await save('site', { ...SITE, title: '不该保存', ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ code: 'VALIDATION', message });
    }
    expect((await read('site')).json()).toEqual(SITE);

    const closed = await save('site', { ...SITE, siteon: 0, close_reason: '系统升级中' });
    expect(closed.json()).toMatchObject({ siteon: 0, close_reason: '系统升级中' });
    expect((await save('site', SITE)).statusCode).toBe(200);
  });

  it('site-show follows the site document and gives out only its public part', async () => {
    const show = (await t.inject({ method: 'GET', url: '/api/base/site-show' })).json();
    expect(show).toEqual({ title: SITE.title, logo: SITE.logo, admin_icon: SITE.admin_icon, buyer_domain: SITE.buyer_domain, chat_enabled: 0 });
    expect(JSON.stringify(show)).not.toContain('ICP');

    await save('site', { ...SITE, title: '新标题', chat_enabled: 1 });
    const after = (await t.inject({ method: 'GET', url: '/api/base/site-show' })).json();
    expect(after).toMatchObject({ title: '新标题', chat_enabled: 1 });
    expect(Object.keys(after).sort()).toEqual(['admin_icon', 'buyer_domain', 'chat_enabled', 'logo', 'title']);
    await save('site', SITE);
  });

  it('point: saves per trigger; negative, fractional or missing amounts change nothing', async () => {
    const response = await save('point', { ...POINT, login: { ...POINT.login, bonus: 5 }, extra: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(POINT);
    expect((await read('point')).json()).toEqual(POINT);

    const cases: [unknown, string][] = [
      [{ ...POINT, register: { open: 1, consum_point: -1, grade_point: 0 } }, '消费积分须为0-100000'],
      [{ ...POINT, comment: { open: 1, consum_point: 1.5, grade_point: 0 } }, '消费积分须为整数'],
      [{ ...POINT, buy_goods: { open: 3, consum_point: 1, grade_point: 1 } }, '开关只能是0或1'],
      [{ ...POINT, parities: 1, parities_point: 0 }, '开启积分兑换时，兑换积分数须大于0'],
    ];
    for (const [payload, message] of cases) {
      const refused = await save('point', payload);
      expect(refused.json(), message).toEqual({ code: 'VALIDATION', message });
    }
    const { perfect: _left, ...missing } = POINT;
    expect((await save('point', missing)).statusCode).toBe(400);
    expect((await read('point')).json()).toEqual(POINT);
  });

  it('account: saves lockout and dormancy within their limits', async () => {
    const rules = { retry_cycle: 24, retry_times: 10, lock_duration: 60, sleep_threshold: 180 };
    const response = await save('account', rules);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...rules, message_auth: 0, password_auth: 1 });

    const cases: [Record<string, number>, string][] = [
      [{ retry_cycle: 0 }, '统计周期须为1-72小时'],
      [{ retry_cycle: 73 }, '统计周期须为1-72小时'],
      [{ retry_times: 21 }, '失败次数须为1-20次'],
      [{ lock_duration: 1441 }, '锁定时长须为1-1440分钟'],
      [{ sleep_threshold: -1 }, '休眠天数须为0-3650天'],
      [{ sleep_threshold: 3651 }, '休眠天数须为0-3650天'],
    ];
    for (const [change, message] of cases) {
      expect((await save('account', { ...rules, ...change })).json(), message).toEqual({ code: 'VALIDATION', message });
    }
    expect((await read('account')).json()).toEqual({ ...rules, message_auth: 0, password_auth: 1 });
    expect((await save('account', ACCOUNT_DEFAULTS)).statusCode).toBe(200);
  });

  it('account: the second-step toggles are the verification settings themselves', async () => {
    // No verification mobile is bound: switching SMS on is refused and nothing of the save is kept.
    const refused = await save('account', { ...ACCOUNT_DEFAULTS, retry_times: 3, message_auth: 1 });
    expect(refused.json().code).toBe('VERIFY_MOBILE_MISSING');
    expect((await read('account')).json()).toEqual({ ...ACCOUNT_DEFAULTS, message_auth: 0, password_auth: 1 });

    // Switched off here, it is off on the verification page too.
    const off = await save('account', { ...ACCOUNT_DEFAULTS, password_auth: 0 });
    expect(off.json()).toMatchObject({ password_auth: 0, message_auth: 0 });
    expect((await t.inject({ method: 'GET', url: '/api/admin/systems/authentications', session: founder })).json()).toMatchObject({ password_auth: 0, message_auth: 0 });
    const on = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session: founder, payload: { message_auth: 0, password_auth: 1 } });
    expect(on.statusCode).toBe(200);
    expect((await read('account')).json().password_auth).toBe(1);
  });

  it('new-comer coupons: stores the coupon definitions; the face value must stay below the threshold', async () => {
    const response = await save('new-comer-coupon', COUPONS);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(COUPONS);
    // Money is kept in cents.
    const stored = await t.ctx.db.execute(sql`select value from settings where key = 'new-comer-coupon'`);
    expect((stored.rows[0] as { value: NewComerCouponSettings }).value.coupons[1]).toMatchObject({ coupon_price: 2050, coupon_threshold_price: 19999 });

    const coupon = COUPONS.coupons[0];
    const cases: [unknown, string][] = [
      [{ open: 1, coupons: [] }, '开启新人优惠券时请至少添加一张优惠券'],
      [{ open: 1, coupons: [{ ...coupon, coupon_price: 99 }] }, '优惠券面额须小于使用门槛'],
      [{ open: 1, coupons: [{ ...coupon, coupon_price: 0 }] }, '面额须大于0'],
      [{ open: 1, coupons: [{ ...coupon, coupon_price: 1.234 }] }, '面额最多两位小数'],
      [{ open: 1, coupons: [{ ...coupon, title: '这是一个超过十个字的优惠券' }] }, '优惠券名称最多10个字符'],
      [{ open: 1, coupons: [{ ...coupon, effective_days: 0 }] }, '有效天数须为1-365天'],
      [{ open: 1, coupons: Array.from({ length: 6 }, () => coupon) }, '新人优惠券最多5张'],
    ];
    for (const [payload, message] of cases) {
      expect((await save('new-comer-coupon', payload)).json(), message).toEqual({ code: 'VALIDATION', message });
    }
    expect((await read('new-comer-coupon')).json()).toEqual(COUPONS);

    // Switched off, the coupons stay defined for next time.
    expect((await save('new-comer-coupon', { ...COUPONS, open: 0 })).json()).toEqual({ ...COUPONS, open: 0 });
  });
});

describe('settings permissions', () => {
  it('only roles holding systemSettings read or change them', async () => {
    const { session: other } = await t.adminWithPermissions(founder, ['goodsList'], 'nosettings');
    for (const doc of ['site', 'point', 'account', 'new-comer-coupon']) {
      expect((await read(doc, other)).json(), doc).toMatchObject({ code: 'NO_PERMISSION' });
      expect((await save(doc, {}, other)).statusCode, doc).toBe(403);
    }
    const { session: operator } = await t.adminWithPermissions(founder, ['systemSettings'], 'settingsop');
    expect((await read('point', operator)).statusCode).toBe(200);
    expect((await save('point', POINT, operator)).statusCode).toBe(428);
    await prove(operator);
    expect((await save('point', { ...POINT, parities_point: 80 }, operator)).json().parities_point).toBe(80);
  });
});

describe('sign-in lockout follows the account settings', () => {
  const shiftAttempts = (subject: string, minutes: number) =>
    t.ctx.db.execute(sql`update login_attempts set created_at = created_at - make_interval(mins => ${minutes}) where username = ${subject}`);

  it('locks after retry_times failures for lock_duration minutes, counting only within retry_cycle', async () => {
    await t.adminWithPermissions(founder, [], 'lockme');
    expect((await save('account', { retry_cycle: 1, retry_times: 2, lock_duration: 3, sleep_threshold: 0 })).statusCode).toBe(200);

    // Two failures are far below today's default of five, but the setting says two.
    for (let i = 0; i < 2; i++) expect((await t.tryLogin('lockme', 'wrong-pass', { ip: '10.7.7.7' })).json().code).toBe('LOGIN_FAILED');
    const locked = await t.tryLogin('lockme', 'pass123', { ip: '10.7.7.7' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'LOGIN_LOCKED', message: '登录失败次数过多，请3分钟后再试' });

    // Once lock_duration has passed, the right password works again.
    await shiftAttempts('lockme', 4);
    expect((await t.tryLogin('lockme', 'pass123', { ip: '10.7.7.7' })).statusCode).toBe(200);

    // A failure older than the cycle does not count toward the next lock.
    expect((await t.tryLogin('lockme', 'wrong-pass', { ip: '10.7.7.7' })).json().code).toBe('LOGIN_FAILED');
    await shiftAttempts('lockme', 61);
    expect((await t.tryLogin('lockme', 'wrong-pass', { ip: '10.7.7.7' })).json().code).toBe('LOGIN_FAILED');
    expect((await t.tryLogin('lockme', 'pass123', { ip: '10.7.7.7' })).statusCode).toBe(200);

    // Raised again, the same two failures no longer lock.
    expect((await save('account', { ...ACCOUNT_DEFAULTS, retry_times: 4 })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await t.tryLogin('lockme', 'wrong-pass', { ip: '10.7.7.7' })).json().code).toBe('LOGIN_FAILED');
    expect((await t.tryLogin('lockme', 'pass123', { ip: '10.7.7.7' })).statusCode).toBe(200);
    expect((await save('account', ACCOUNT_DEFAULTS)).statusCode).toBe(200);
  });
});
