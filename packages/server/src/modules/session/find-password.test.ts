import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { FIND_PASSWORD_DAILY_CODES, maskPhone } from '@agora/contract';
import { CAPTCHA, type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';
import { smsCodes } from '../../db/tables.js';
import { systemLogs } from '../system-logs/tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const MOBILE = '13912345678';

async function sendCode(username: string, captcha = CAPTCHA) {
  const uuid = crypto.randomUUID();
  expect((await t.inject({ method: 'GET', url: `/api/base/captchas/FIND_PASSWORD/${uuid}` })).statusCode).toBe(200);
  return t.inject({ method: 'POST', url: '/api/admin/systems/admin-users/find-password/sms-code', payload: { username, captcha, uuid } });
}
const reset = (username: string, sms_code: string, password: string) =>
  t.inject({ method: 'PUT', url: '/api/admin/systems/admin-users/find-password', payload: { username, sms_code, password: md5(password) } });

async function lastCodeSentTo(mobile: string): Promise<string> {
  const outbox = await t.inject({ method: 'GET', url: '/api/admin/systems/sms-outbox', session: founder });
  const message = outbox.json().data.find((row: { mobile: string }) => row.mobile === maskPhone(mobile));
  return /(\d{6})/.exec(message.content)![1];
}

async function adminWithMobile(username: string, mobile: string, user_state = 0) {
  const created = await t.inject({ method: 'POST', url: '/api/admin/systems/manager/admin-users', session: founder, payload: { username, password: md5('old123'), founder: 1, mobile, user_state } });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json().mobile).toBe(mobile);
}

describe('forgotten password', () => {
  it('sends a code to the bound mobile after the captcha, resets the password and signs every session out', async () => {
    await adminWithMobile('findme', MOBILE);
    const session = await t.login('findme', 'old123');
    expect((await sendCode('findme', 'wrong')).json().code).toBe('CAPTCHA_INVALID');
    const sent = await sendCode('findme');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ mobile: maskPhone(MOBILE) });
    const code = await lastCodeSentTo(MOBILE);

    const wrong = await reset('findme', code === '000000' ? '111111' : '000000', 'new12345');
    expect(wrong.json().code).toBe('SMS_CODE_INVALID');
    expect((await reset('findme', code, 'new12345')).statusCode).toBe(200);
    // the old session is signed out, the old password no longer works, the new one does
    const signedOut = await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session });
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.json().code).toBe('SESSION_INVALID');
    expect((await t.tryLogin('findme', 'old123')).statusCode).toBe(400);
    await t.login('findme', 'new12345');
    // the code was used up
    expect((await reset('findme', code, 'other123')).json().code).toBe('SMS_CODE_INVALID');
    const [log] = await t.ctx.db.select().from(systemLogs).where(eq(systemLogs.operateDetail, '找回密码：重置登录密码')).orderBy(desc(systemLogs.id)).limit(1);
    expect(log).toMatchObject({ level: 'important', operatorName: 'findme' });
  });

  it('answers an unknown account, a disabled one and one without a mobile alike, sending nothing', async () => {
    await adminWithMobile('nomobile', '');
    await adminWithMobile('disabledone', '13900000002', 1);
    const answers = await Promise.all(['nobody-here', 'nomobile', 'disabledone'].map((name) => sendCode(name)));
    for (const answer of answers) expect(answer.json()).toEqual({ code: 'FIND_PASSWORD_UNAVAILABLE', message: '该账号无法通过短信找回密码，请联系超级管理员重置' });
    expect((await reset('nobody-here', '123456', 'new12345')).json().code).toBe('FIND_PASSWORD_UNAVAILABLE');
    expect(await t.ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, '13900000002'))).toHaveLength(0);
  });

  it('sends at most one code a minute and a few a day per account', async () => {
    await adminWithMobile('throttled', '13900000003');
    expect((await sendCode('throttled')).statusCode).toBe(200);
    const again = await sendCode('throttled');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('SMS_TOO_FREQUENT');
    // the day's earlier codes, sent more than a minute apart
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.ctx.db.update(smsCodes).set({ createdAt: hourAgo }).where(eq(smsCodes.mobile, '13900000003'));
    await t.ctx.db.insert(smsCodes).values(Array.from({ length: FIND_PASSWORD_DAILY_CODES - 1 }, () => ({ mobile: '13900000003', scene: 'FIND_PASSWORD', codeHash: 'x', expiresAt: hourAgo, createdAt: hourAgo })));
    const capped = await sendCode('throttled');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('FIND_PASSWORD_DAILY_LIMIT');
  });

  it('validates the new password and the code format', async () => {
    const bad = await t.inject({ method: 'PUT', url: '/api/admin/systems/admin-users/find-password', payload: { username: 'findme', sms_code: '12', password: 'plain' } });
    expect(bad.statusCode).toBe(400);
  });
});
