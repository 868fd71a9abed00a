import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { MODULE_ROUTES } from '../app.js';
import { multipart, png } from '../test/files.js';
import { md5 } from './passwords.js';
import { type Session, type TestApp, withTestApp } from '../test/harness.js';
import { RATE_LIMIT_DEFAULTS, rateLimitsFromEnv, trustProxyFromEnv, UNTRUSTED_PROXY, type RateLimitKind } from './rate-limit.js';
import { createTestDatabase, startTestApp } from '../test/harness.js';
import { logCapture } from '../test/logs.js';

// The production limits, with the proxy rule TRUST_PROXY=1 gives (the injected requests come from 127.0.0.1).
let t: TestApp;
let founder: Session;
withTestApp(
  (app, session) => {
    t = app;
    founder = session;
  },
  { rateLimits: RATE_LIMIT_DEFAULTS, trustProxy: trustProxyFromEnv({ TRUST_PROXY: '1' }) },
);

/** Sends `request` from `ip` until the limit of `kind` is spent, then once more: that answer. */
async function pastTheLimit(kind: RateLimitKind, ip: string, request: () => InjectOptions) {
  for (let i = 0; i < RATE_LIMIT_DEFAULTS[kind]; i++) {
    const answer = await t.inject({ ...request(), remoteAddress: ip });
    expect(answer.statusCode, `request ${i + 1} of ${RATE_LIMIT_DEFAULTS[kind]}`).not.toBe(429);
  }
  return t.inject({ ...request(), remoteAddress: ip });
}

function expectRefused(answer: Awaited<ReturnType<TestApp['inject']>>) {
  expect(answer.statusCode).toBe(429);
  expect(answer.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^请求过于频繁，请\d+秒后再试$/) });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60);
}

describe('rate limits', () => {
  it('are declared on exactly these endpoints', () => {
    const limited = Object.fromEntries(
      MODULE_ROUTES.flat()
        .filter((spec) => spec.rateLimit)
        .map((spec) => [spec.endpoint!.id, spec.rateLimit]),
    );
    expect(limited).toEqual({
      'session.captcha': 'captcha',
      'session.login': 'login',
      'session.refresh': 'refresh',
      'findPassword.sendCode': 'sms',
      'findPassword.reset': 'findPassword',
      'verification.sendBindingCode': 'sms',
      'verification.sendCode': 'sms',
      'sms.addTask': 'sms',
      'uploads.upload': 'upload',
      'uploads.stream': 'upload',
    });
  });

  it('refuse sign-ins past the limit with 429 in the API shape, in the request language, per address', async () => {
    const login = (): InjectOptions => ({
      method: 'GET',
      url: '/api/admin/systems/admin-users/login',
      query: { username: 'admin', password: md5('wrong1'), captcha: 'nope', uuid: 'abcdefgh1234' },
    });
    expectRefused(await pastTheLimit('login', '203.0.113.1', login));
    const english = await t.inject({ ...login(), remoteAddress: '203.0.113.1', headers: { language: 'en-US' } });
    expect(english.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests, try again in \d+ seconds$/) });
    // another address has its own count
    expect((await t.inject({ ...login(), remoteAddress: '203.0.113.2' })).statusCode).toBe(400);
  });

  it('refuse captcha pictures past the limit', async () => {
    let n = 0;
    expectRefused(await pastTheLimit('captcha', '203.0.113.3', () => ({ method: 'GET', url: `/api/base/captchas/LOGIN/limited-${n++}-uuid` })));
  });

  it('refuse SMS sends past the limit, one count for every endpoint that sends a text', async () => {
    const ip = '203.0.113.4';
    const sendCode = (): InjectOptions => ({ method: 'POST', url: '/api/admin/systems/admin-users/find-password/sms-code', payload: { username: 'admin', captcha: 'nope', uuid: 'abcdefgh1234' } });
    for (let i = 0; i < RATE_LIMIT_DEFAULTS.sms - 1; i++) expect((await t.inject({ ...sendCode(), remoteAddress: ip })).statusCode).toBe(400);
    // the second step's SMS code spends the same count
    expect((await t.inject({ method: 'POST', url: '/api/admin/passport/sms-code', session: founder, remoteAddress: ip })).statusCode).not.toBe(429);
    expectRefused(await t.inject({ ...sendCode(), remoteAddress: ip }));
  });

  it('refuse find-password resets past the limit', async () => {
    const reset = (): InjectOptions => ({ method: 'PUT', url: '/api/admin/systems/admin-users/find-password', payload: { username: 'admin', sms_code: '000000', password: md5('newpass1') } });
    expectRefused(await pastTheLimit('findPassword', '203.0.113.5', reset));
  });

  it('refuse uploads past the limit, both upload endpoints together, before the body is read', async () => {
    const { payload, headers } = multipart('a.png', png(4, 4));
    const upload = (url: string): InjectOptions => ({ method: 'POST', url, payload, headers: { ...headers, authorization: founder.access, uuid: founder.uuid } });
    const ip = '203.0.113.6';
    for (let i = 0; i < RATE_LIMIT_DEFAULTS.upload - 1; i++) expect((await t.inject({ ...upload('/api/admin/uploaders'), remoteAddress: ip })).statusCode).toBe(200);
    expect((await t.inject({ ...upload('/api/admin/uploaders'), remoteAddress: ip })).statusCode).toBe(200);
    expectRefused(await t.inject({ ...upload('/api/admin/uploaders/stream'), remoteAddress: ip }));
  });

  it('refuse token renewals past the limit', async () => {
    const refresh = (): InjectOptions => ({ method: 'POST', url: '/api/admin/systems/admin-users/token', payload: { refresh_token: 'not-a-token' } });
    expectRefused(await pastTheLimit('refresh', '203.0.113.7', refresh));
  });

  it('count the address the trusted proxy saw, not what the client wrote into X-Forwarded-For', async () => {
    let n = 0;
    const spoofed = (): InjectOptions => ({ method: 'GET', url: `/api/base/captchas/LOGIN/spoofed-${n}-uuid`, headers: { 'x-forwarded-for': `198.51.100.${n++ % 250}, 203.0.113.8` } });
    expectRefused(await pastTheLimit('captcha', '127.0.0.1', spoofed));
    // the same client behind the proxy is limited, another client behind it is not
    const other = await t.inject({ method: 'GET', url: '/api/base/captchas/LOGIN/other-client-uuid', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(other.statusCode).toBe(200);
  });

  it('leave unlimited routes alone', async () => {
    for (let i = 0; i < 50; i++) expect((await t.inject({ method: 'GET', url: '/api/base/lang/codes', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });
});

describe('rate-limit configuration', () => {
  it('takes RATE_LIMIT_* per kind and refuses anything but a positive integer', () => {
    expect(rateLimitsFromEnv({ RATE_LIMIT_LOGIN: '5', RATE_LIMIT_FIND_PASSWORD: '3' })).toEqual({ ...RATE_LIMIT_DEFAULTS, login: 5, findPassword: 3 });
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_SMS: '0' })).toThrow(/RATE_LIMIT_SMS must be a positive integer/);
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_UPLOAD: 'lots' })).toThrow(/RATE_LIMIT_UPLOAD/);
  });

  it('reads TRUST_PROXY as off, private proxies, or a list of proxy addresses', () => {
    expect(trustProxyFromEnv({})).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '0' })).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '1' })).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(trustProxyFromEnv({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12' })).toEqual(['10.0.0.5', '172.16.0.0/12']);
  });
});

describe('a proxy nobody declared', () => {
  it('is named in one warning, at the first request that comes through it, when TRUST_PROXY is not set', async () => {
    const database = await createTestDatabase();
    const logs = logCapture();
    const app = await startTestApp(database, { logLevel: 'warn', trustProxy: false }, { logStream: logs.stream });
    try {
      const warnings = () => logs.entries().filter((entry) => entry.msg.includes(UNTRUSTED_PROXY.en));
      await app.inject({ method: 'GET', url: '/api/base/startup' });
      expect(warnings()).toEqual([]);
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/base/startup', headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0].level).toBe(40);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
