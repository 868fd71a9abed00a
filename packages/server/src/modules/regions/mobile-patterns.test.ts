import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultMobileRule, MSG, MOBILE_PATTERN_MESSAGES, type Country, type CountryAdminRow } from '@agora/contract';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { md5 } from '../../platform/passwords.js';
import { createTestDatabase, FOUNDER_PASSWORD, startTestApp, testConfig, TestApp, type Session, type TestDatabase } from '../../test/harness.js';
import { members } from '../members/tables.js';
import { countries } from './tables.js';

/**
 * A country's mobile pattern, edited in regional management, is the mobile rule of the server's
 * inputs too (the contract's registry): the instance that edits enforces it at once, a second
 * instance on the same database within its refresh interval.
 */
const OTHER_TTL_MS = 2500;

let testDb: TestDatabase;
let t: TestApp;
let other: TestApp;
let founder: Session;
let otherFounder: Session;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  if (process.env.DATABASE_URL) other = await startTestApp(testDb, { inputRulesTtlMs: OTHER_TTL_MS });
  else {
    const shared = (t as unknown as { database: Database }).database;
    const built = await buildApp(testConfig({ inputRulesTtlMs: OTHER_TTL_MS }), shared);
    await built.app.ready();
    other = new TestApp(built.app, built.ctx, { ...shared, close: async () => undefined });
  }
  founder = await t.loginFounder();
  otherFounder = await other.login('admin', FOUNDER_PASSWORD);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await testDb?.drop();
});

let sequence = 0;
const addMember = (mobile: string, app = t, session = founder) =>
  app.inject({ method: 'POST', url: '/api/admin/members', session, payload: { uname: `pattern${++sequence}`, password: md5('pass123'), mobile } });

async function setPattern(code: string, mobile_regex: string, app = t, session = founder) {
  const rows = (await app.inject({ method: 'GET', url: '/api/admin/countries', session })).json() as CountryAdminRow[];
  const row = rows.find((country) => country.code === code)!;
  return app.inject({
    method: 'PUT',
    url: `/api/admin/countries/${code}`,
    session,
    payload: { name_zh: row.name_zh, name_en: row.name_en, tel: row.tel, mobile_regex, flag: row.flag },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the countries’ mobile patterns are the server’s mobile rule', () => {
  const cnDefault = defaultMobileRule('CN')!.mobile_regex;
  // 120…: no Chinese mobile range (libphonenumber), accepted once the pattern is loosened.
  const LOOSE_ONLY = '12000000001';

  it('a loosened pattern lets a mobile in, here at once and on the other instance within its interval', async () => {
    const refused = await addMember(LOOSE_ONLY);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.mobileInvalid);
    // The other instance has just compared its copy with the database.
    expect((await addMember('12000000002', other, otherFounder)).json().message).toBe(MSG.mobileInvalid);
    const checkedAt = Date.now();

    const saved = await setPattern('CN', `${cnDefault}|120\\d{8}`);
    expect(saved.statusCode, saved.body).toBe(200);
    const added = await addMember(LOOSE_ONLY);
    expect(added.statusCode, added.body).toBe(200);
    expect((await t.ctx.db.select().from(members).where(eq(members.mobile, LOOSE_ONLY))).length).toBe(1);

    // Within its interval the other instance still holds what it loaded (each app its own copy)…
    const early = await addMember('12000000002', other, otherFounder);
    if (Date.now() - checkedAt < OTHER_TTL_MS - 200) expect(early.json().message).toBe(MSG.mobileInvalid);
    // …and after it, it has read the change from the database.
    await sleep(Math.max(0, OTHER_TTL_MS + 100 - (Date.now() - checkedAt)));
    const followed = await addMember('12000000002', other, otherFounder);
    expect(followed.statusCode, followed.body).toBe(200);
  });

  it('a tightened pattern refuses what only the old one allowed, on both instances', async () => {
    expect((await addMember('15000000001')).statusCode).toBe(200);
    expect((await setPattern('CN', '13\\d{9}', other, otherFounder)).statusCode).toBe(200);
    // The editing instance at once; anchored: a number holding a match is none.
    const refused = await addMember('15000000002', other, otherFounder);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.mobileInvalid);
    expect((await addMember('135000000031', other, otherFounder)).json().message).toBe(MSG.mobileInvalid);
    expect((await addMember('13500000003', other, otherFounder)).statusCode).toBe(200);

    await sleep(1100);
    expect((await addMember('15000000004')).json().message).toBe(MSG.mobileInvalid);
    expect((await addMember('13500000004')).statusCode).toBe(200);
    // Other countries keep their own rule.
    expect((await addMember('+447400123456')).statusCode).toBe(200);
  });

  it('the public countries answer serves the pattern and changes its validator with it', async () => {
    const first = await t.inject({ method: 'GET', url: '/api/base/countries' });
    const etag = String(first.headers.etag);
    expect((first.json() as Country[]).find((country) => country.code === 'CN')?.mobile_regex).toBe('13\\d{9}');
    expect((await t.inject({ method: 'GET', url: '/api/base/countries', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await setPattern('CN', cnDefault)).statusCode).toBe(200);
    const changed = await t.inject({ method: 'GET', url: '/api/base/countries', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Country[]).find((country) => country.code === 'CN')?.mobile_regex).toBe(cnDefault);
    expect((await addMember('15000000005')).statusCode).toBe(200);
  });

  it('refuses at save a pattern that is no regular expression or would run for ages, and stores nothing', async () => {
    for (const [pattern, message] of [
      ['(1\\d{10}', MOBILE_PATTERN_MESSAGES.invalid],
      ['(\\d+)+$', MOBILE_PATTERN_MESSAGES.slow],
      ['(?:1\\d{0,3})*', MOBILE_PATTERN_MESSAGES.slow],
    ] as const) {
      const response = await setPattern('CN', pattern);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const [cn] = await t.ctx.db.select().from(countries).where(eq(countries.code, 'CN'));
    expect(cn.mobileRegex).toBe(cnDefault);
    expect((await addMember('15000000006')).statusCode).toBe(200);
  });
});
