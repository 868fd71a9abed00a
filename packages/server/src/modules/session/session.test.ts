import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase, FOUNDER_PASSWORD } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';
import { ADDRESS_SLOWDOWN_MS, MAX_FAILURES } from '../../platform/throttle.js';
import { captchas } from '../../db/tables.js';
import { REFRESH_REUSE_GRACE_SECONDS } from './service.js';

let testDb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

describe('login', () => {
  it('signs the founder in and returns the session fields of spec §3', async () => {
    const response = await t.tryLogin('admin', FOUNDER_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ uid: expect.any(Number), username: 'admin', role_id: 0, founder: 1 });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.split('.')).toHaveLength(3);
  });

  it('refuses a wrong captcha, and an answer works only once', async () => {
    const wrong = await t.tryLogin('admin', FOUNDER_PASSWORD, { captcha: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'CAPTCHA_INVALID', message: '图片验证码错误或已过期' });
    const noPicture = await t.tryLogin('admin', FOUNDER_PASSWORD, { fetchCaptcha: false });
    expect(noPicture.json().code).toBe('CAPTCHA_INVALID');
  });

  it('accepts the captcha answer in any letter case', async () => {
    const response = await t.tryLogin('admin', FOUNDER_PASSWORD, { captcha: 'TEST' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password with a clear message, in the request language', async () => {
    const response = await t.tryLogin('admin', 'wrong-password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'LOGIN_FAILED', message: '账号或密码错误' });
    const uuid = 'english-login-uuid';
    await t.inject({ method: 'GET', url: `/api/base/captchas/LOGIN/${uuid}` });
    const english = await t.inject({
      method: 'GET',
      url: '/api/admin/systems/admin-users/login',
      query: { username: 'admin', password: md5('wrong'), captcha: 'test', uuid },
      headers: { language: 'en-US' },
    });
    expect(english.json().message).toBe('Wrong username or password');
  });

  it('rejects a password that is not an MD5 hex string with a validation message', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/admin/systems/admin-users/login',
      query: { username: 'admin', password: 'plain', captcha: 'test', uuid: 'abcdefgh1234' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', message: '密码格式有误' });
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    const founder = await t.loginFounder();
    await t.adminWithPermissions(founder, [], 'throttled');
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await t.tryLogin('throttled', 'bad-pass', { ip: '10.9.9.9' })).json().code).toBe('LOGIN_FAILED');
    }
    const locked = await t.tryLogin('throttled', 'pass123', { ip: '10.9.9.9' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'LOGIN_LOCKED', message: '登录失败次数过多，请15分钟后再试' });
  });

  it('compares no more passwords than the lockout allows when thirty wrong ones arrive at once', async () => {
    const founder = await t.loginFounder();
    await t.adminWithPermissions(founder, [], 'raced');
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.tryLogin('raced', 'bad-pass', { ip: '10.9.9.10' })));
    const codes = answers.map((answer) => answer.json().code as string);
    expect(codes.filter((code) => code === 'LOGIN_FAILED')).toHaveLength(MAX_FAILURES);
    expect(codes.filter((code) => code === 'LOGIN_LOCKED')).toHaveLength(30 - MAX_FAILURES);
    expect((await t.tryLogin('raced', 'pass123', { ip: '10.9.9.10' })).json().code).toBe('LOGIN_LOCKED');
  });

  it('signs the right password in from an address that failed fifty times over made-up names, after a wait', async () => {
    const ip = '10.9.9.11';
    for (let i = 0; i < 50; i++) expect((await t.tryLogin(`nobody${i}`, 'bad-pass', { ip })).json().code).toBe('LOGIN_FAILED');
    const started = Date.now();
    const founder = await t.tryLogin('admin', FOUNDER_PASSWORD, { ip });
    expect(founder.statusCode).toBe(200);
    // the address is slowed, not locked: each further check waits before it is counted
    expect(Date.now() - started).toBeGreaterThanOrEqual(ADDRESS_SLOWDOWN_MS - 50);
    // a failure from it is an ordinary failure, and its account is not locked by the others' names
    expect((await t.tryLogin('admin', 'bad-pass', { ip })).json().code).toBe('LOGIN_FAILED');
    expect((await t.tryLogin('admin', FOUNDER_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('keeps one live captcha per client uuid and scene, the last one issued', async () => {
    const uuid = 'captcha-bound-uuid';
    for (let i = 0; i < 10; i++) {
      for (const scene of ['LOGIN', 'FIND_PASSWORD']) expect((await t.inject({ method: 'GET', url: `/api/base/captchas/${scene}/${uuid}` })).statusCode).toBe(200);
    }
    const rows = await t.ctx.db.select({ scene: captchas.scene }).from(captchas).where(eq(captchas.uuid, uuid));
    expect(rows.map((row) => row.scene).sort()).toEqual(['FIND_PASSWORD', 'LOGIN']);
  });

  it('refuses a disabled administrator', async () => {
    const founder = await t.loginFounder();
    const { adminId } = await t.adminWithPermissions(founder, [], 'disabled1');
    const detail = (await t.inject({ method: 'GET', url: `/api/admin/systems/manager/admin-users/${adminId}`, session: founder })).json();
    const disable = await t.inject({
      method: 'PUT',
      url: `/api/admin/systems/manager/admin-users/${adminId}`,
      session: founder,
      payload: { ...detail, password: '', user_state: 1 },
    });
    expect(disable.statusCode).toBe(200);
    const response = await t.tryLogin('disabled1', 'pass123');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: '该管理员已被禁用' });
  });
});

describe('tokens', () => {
  it('answers 401 without an access token and 401 for a garbage one', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current' })).statusCode).toBe(401);
    const garbage = await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().code).toBe('UNAUTHENTICATED');
  });

  const renew = (refreshToken: string, uuid?: string) =>
    t.inject({ method: 'POST', url: '/api/admin/systems/admin-users/token', payload: { refresh_token: refreshToken }, headers: uuid ? { uuid } : {} });
  const current = (accessToken: string) => t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', headers: { authorization: accessToken } });
  /** Moves the session's last renewal back past the reuse grace. */
  const graceOver = (accessToken: string) =>
    t.ctx.db.execute(sql`update admin_sessions set refreshed_at = now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1}) where id = ${JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid}`);

  it('rotates the refresh token on every use and revokes the session when an old one is replayed after the grace', async () => {
    const session = await t.loginFounder();
    const first = await renew(session.refresh, session.uuid);
    expect(first.statusCode).toBe(200);
    const { accessToken, refreshToken } = first.json();
    expect(refreshToken).not.toBe(session.refresh);
    const me = await current(accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('admin');

    await graceOver(accessToken);
    const replay = await renew(session.refresh, session.uuid);
    expect(replay.statusCode).toBe(403);
    // The reuse revoked the whole session: the new pair is dead too.
    const after = await current(accessToken);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('SESSION_INVALID');
    expect((await renew(refreshToken, session.uuid)).statusCode).toBe(403);
  });

  it('hands the current pair to the token just replaced, from the same browser within the grace (a page left mid-renewal), without revoking or rotating', async () => {
    const session = await t.loginFounder();
    const first = (await renew(session.refresh, session.uuid)).json();
    // the page that sent the first renewal is gone with its answer; the next page presents the old token
    const again = await renew(session.refresh, session.uuid);
    expect(again.statusCode).toBe(200);
    const handed = again.json();
    expect((await current(handed.accessToken)).statusCode).toBe(200);
    expect((await current(first.accessToken)).statusCode).toBe(200);
    // both refresh tokens now carry the current one: whichever renews first rotates, the other follows within the grace
    const next = await renew(first.refreshToken, session.uuid);
    expect(next.statusCode).toBe(200);
    expect((await renew(handed.refreshToken, session.uuid)).statusCode).toBe(200);
    // a token two renewals old is a replay even within the grace
    expect((await renew(session.refresh, session.uuid)).statusCode).toBe(403);
    expect((await current(next.json().accessToken)).json().code).toBe('SESSION_INVALID');
  });

  it('revokes within the grace when the replay names no browser', async () => {
    const session = await t.loginFounder();
    const first = (await renew(session.refresh, session.uuid)).json();
    expect((await renew(session.refresh)).statusCode).toBe(403);
    expect((await current(first.accessToken)).json().code).toBe('SESSION_INVALID');
  });

  it('gives both of two renewals sent at once with one token a working pair (two tabs without a shared lock)', async () => {
    const session = await t.loginFounder();
    const answers = await Promise.all([renew(session.refresh, session.uuid), renew(session.refresh, session.uuid)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    for (const answer of answers) expect((await current(answer.json().accessToken)).statusCode).toBe(200);
  });

  it('refuses a refresh from another browser uuid', async () => {
    const session = await t.loginFounder();
    const response = await t.inject({ method: 'POST', url: '/api/admin/systems/admin-users/token', payload: { refresh_token: session.refresh }, headers: { uuid: 'another-browser' } });
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 once the access token has expired', async () => {
    const shortDb = await createTestDatabase();
    const short = await startTestApp(shortDb, { accessTokenTtl: 1 });
    try {
      const session = await short.loginFounder();
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const response = await short.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session });
      expect(response.statusCode).toBe(401);
      const renewed = await short.inject({ method: 'POST', url: '/api/admin/systems/admin-users/token', payload: { refresh_token: session.refresh }, headers: { uuid: session.uuid } });
      expect(renewed.statusCode).toBe(200);
    } finally {
      await short.close();
      await shortDb.drop();
    }
  });
});

describe('logout and own password', () => {
  it('logout revokes the session: the same access token is refused with 403', async () => {
    const session = await t.loginFounder();
    const logout = await t.inject({ method: 'POST', url: `/api/admin/systems/admin-users/logout?uid=${session.uid}`, session });
    expect(logout.statusCode).toBe(200);
    const after = await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session });
    expect(after.statusCode).toBe(403);
    const refresh = await t.inject({ method: 'POST', url: '/api/admin/systems/admin-users/token', payload: { refresh_token: session.refresh }, headers: { uuid: session.uuid } });
    expect(refresh.statusCode).toBe(403);
  });

  it('refuses a logout uid past the spec maximum with 400, keeping the session', async () => {
    const session = await t.loginFounder();
    const logout = await t.inject({ method: 'POST', url: '/api/admin/systems/admin-users/logout?uid=99999999999999999999', session });
    expect(logout.json()).toEqual({ code: 'VALIDATION', message: 'uid格式有误' });
    expect((await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session })).statusCode).toBe(200);
  });

  it('changes the own password: wrong old refused; success ends every session and the new one works', async () => {
    const founder = await t.loginFounder();
    const { session } = await t.adminWithPermissions(founder, [], 'pwchanger');
    const other = await t.login('pwchanger', 'pass123');
    const wrong = await t.inject({ method: 'PUT', url: '/api/admin/systems/admin-users', session, payload: { old_passwprd: md5('nope12'), password: md5('newpass1') } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('原密码错误');
    const ok = await t.inject({ method: 'PUT', url: '/api/admin/systems/admin-users', session, payload: { old_passwprd: md5('pass123'), password: md5('newpass1') } });
    expect(ok.statusCode).toBe(200);
    for (const s of [session, other]) {
      expect((await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session: s })).statusCode).toBe(403);
    }
    expect((await t.tryLogin('pwchanger', 'pass123')).statusCode).toBe(400);
    expect((await t.tryLogin('pwchanger', 'newpass1')).statusCode).toBe(200);
  });

  it('counts wrong old passwords toward the account lockout: then even the right one is refused, and so is signing in', async () => {
    const founder = await t.loginFounder();
    const { session } = await t.adminWithPermissions(founder, [], 'pwguess');
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = await t.inject({ method: 'PUT', url: '/api/admin/systems/admin-users', session, payload: { old_passwprd: md5(`guess${i}`), password: md5('newpass1') } });
      expect(wrong.json()).toEqual({ code: 'OLD_PASSWORD_WRONG', message: '原密码错误' });
    }
    const right = await t.inject({ method: 'PUT', url: '/api/admin/systems/admin-users', session, payload: { old_passwprd: md5('pass123'), password: md5('newpass1') } });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 'PASSWORD_LOCKED', message: '密码错误次数过多，账号已锁定，请15分钟后再试' });
    expect((await t.tryLogin('pwguess', 'pass123')).json().code).toBe('LOGIN_LOCKED');
    // nothing changed: the session still works
    expect((await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session })).statusCode).toBe(200);
  });

  it('reports the previous sign-in as last login, on the login and on every later read of the profile', async () => {
    const founder = await t.loginFounder();
    const { session: firstSession, adminId } = await t.adminWithPermissions(founder, [], 'lastlogin');
    const current = async (session: typeof founder) => (await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session })).json();
    // The first sign-in has none before it.
    expect(await current(firstSession)).toMatchObject({ last_login_time: null, last_login_ip: null });
    // That sign-in was yesterday, from another address.
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.ctx.db.execute(sql`update admin_users set last_login_at = ${yesterday.toISOString()}, last_login_ip = '10.1.2.3' where id = ${adminId}`);
    const again = await t.tryLogin('lastlogin', 'pass123');
    expect(again.json()).toMatchObject({ last_login_time: Math.floor(yesterday.getTime() / 1000), last_login_ip: '10.1.2.3' });
    // That second sign-in was two hours ago, from a third address; then the operator signs in now.
    const earlier = new Date(Date.now() - 7_200_000);
    await t.ctx.db.execute(sql`update admin_users set last_login_at = ${earlier.toISOString()}, last_login_ip = '10.4.5.6' where id = ${adminId}`);
    const session = await t.login('lastlogin', 'pass123');
    // Reloading the console (the dashboard's 上次登录) reads the sign-in before this one, not this one.
    expect(await current(session)).toMatchObject({ last_login_time: Math.floor(earlier.getTime() / 1000), last_login_ip: '10.4.5.6' });
  });
});
