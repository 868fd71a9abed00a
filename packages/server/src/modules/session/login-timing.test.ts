import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../platform/passwords.js';
import { adminUsers } from '../admins/tables.js';
import { type TestApp, withTestApp } from '../../test/harness.js';

// A spy on the password module (it calls the real argon2): timing itself is too noisy to assert on
// a shared machine, so the test checks that an unknown name costs the same work as a wrong password.
vi.mock('../../platform/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../platform/passwords.js')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

let t: TestApp;
withTestApp((app) => {
  t = app;
});

/** `$argon2id$v=19$m=…,t=…,p=…`: what decides the work of a verification. */
const parametersOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('sign-in timing', () => {
  it('runs the same argon2 verification for an unknown name as for a known one with a wrong password', async () => {
    const spy = vi.mocked(verifyPassword);
    spy.mockClear();
    expect((await t.tryLogin('no-such-admin', 'wrong-pass')).json().code).toBe('LOGIN_FAILED');
    expect(spy).toHaveBeenCalledTimes(1);
    const unknownHash = spy.mock.calls[0][0];

    spy.mockClear();
    expect((await t.tryLogin('admin', 'wrong-pass')).json().code).toBe('LOGIN_FAILED');
    expect(spy).toHaveBeenCalledTimes(1);
    const [founder] = await t.ctx.db.select({ hash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.username, 'admin'));
    expect(spy.mock.calls[0][0]).toBe(founder.hash);

    expect(unknownHash).toMatch(/^\$argon2id\$/);
    expect(parametersOf(unknownHash)).toBe(parametersOf(founder.hash));
    // one hash made at start serves every unknown name
    spy.mockClear();
    await t.tryLogin('another-stranger', 'wrong-pass');
    expect(spy.mock.calls[0][0]).toBe(unknownHash);
  });
});
