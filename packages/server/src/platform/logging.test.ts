import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../test/harness.js';
import { md5 } from './passwords.js';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let testDb: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb, { logLevel: 'info' }, { logStream: capture });
});
afterAll(async () => {
  await t?.close();
  await testDb?.drop();
});

describe('log lines', () => {
  it('never carry a password hash, a token or a captcha, and keep refusals but not every success', async () => {
    const session = await t.loginFounder();
    const wrong = await t.inject({ method: 'GET', url: `/api/admin/systems/admin-users/login?username=admin&password=${md5('not-it')}&captcha=test&uuid=log-test` });
    expect(wrong.statusCode).toBe(400);
    await t.inject({ method: 'GET', url: `/ws/shop?token=${session.access}` });
    const listed = await t.inject({ method: 'GET', url: '/api/admin/goods/brands?keyword=abc', session });
    expect(listed.statusCode).toBe(200);

    const text = lines.join('\n');
    expect(text).not.toContain(md5('admin123'));
    expect(text).not.toContain(md5('not-it'));
    expect(text).not.toContain(session.access);
    expect(text).not.toContain(session.refresh);
    expect(text).not.toContain('captcha=test');
    // The refused sign-in is there, its credentials masked; the successful list read is not (info level).
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; statusCode?: number; req?: { url: string } });
    const signIns = entries.filter((entry) => entry.req?.url.startsWith('/api/admin/systems/admin-users/login'));
    expect(signIns.map((entry) => [entry.statusCode, entry.req!.url])).toContainEqual([400, '/api/admin/systems/admin-users/login?username=admin&password=***&captcha=***&uuid=log-test']);
    expect(entries.some((entry) => entry.req?.url.startsWith('/api/admin/goods/brands'))).toBe(false);
  });
});
