import { describe, expect, it } from 'vitest';
import { maskPhone } from '@agora/contract';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';
import { MAX_FAILURES } from '../../platform/throttle.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const settings = (session = founder) => t.inject({ method: 'GET', url: '/api/admin/systems/authentications', session });

/** The development SMS driver's outbox holds the last code sent to a mobile (listed masked, spec §9). */
async function lastCodeSentTo(mobile: string): Promise<string> {
  const outbox = await t.inject({ method: 'GET', url: '/api/admin/systems/sms-outbox', session: founder });
  const message = outbox.json().data.find((row: { mobile: string }) => row.mobile === maskPhone(mobile));
  return /(\d{6})/.exec(message.content)![1];
}

describe('second-step verification', () => {
  it('starts unconfigured, and the checks say so', async () => {
    expect((await settings()).json()).toEqual({ message_auth: 0, password_auth: 0, mobile: '', has_password: false });
    const check = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session: founder, payload: { password: md5('x') } });
    expect(check.json().code).toBe('TWO_STEP_NOT_CONFIGURED');
  });

  it('will not enable a method before its mobile or password is set', async () => {
    const response = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session: founder, payload: { message_auth: 1, password_auth: 0 } });
    expect(response.json().code).toBe('VERIFY_MOBILE_MISSING');
  });

  it('binds a verification mobile by SMS code and sets a verification password', async () => {
    const send = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/smscode/13800138000', session: founder });
    expect(send.statusCode).toBe(200);
    const again = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/smscode/13800138000', session: founder });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('SMS_TOO_FREQUENT');
    const wrong = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/valid/code', session: founder, payload: { mobile: '13800138000', sms_code: '000000' === (await lastCodeSentTo('13800138000')) ? '111111' : '000000' } });
    expect(wrong.json().code).toBe('SMS_CODE_INVALID');
    const code = await lastCodeSentTo('13800138000');
    const bind = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/valid/code', session: founder, payload: { mobile: '13800138000', sms_code: code } });
    expect(bind.statusCode).toBe(200);
    // A code works once.
    const reuse = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/valid/code', session: founder, payload: { mobile: '13800138000', sms_code: code } });
    expect(reuse.json().code).toBe('SMS_CODE_INVALID');
    const password = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/update-password', session: founder, payload: { password: md5('verify1') } });
    expect(password.statusCode).toBe(200);
    expect((await settings()).json()).toEqual({ message_auth: 0, password_auth: 0, mobile: '138*****000', has_password: true });
    const enable = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session: founder, payload: { message_auth: 1, password_auth: 1 } });
    expect(enable.statusCode).toBe(200);
  });

  it('once enabled, changing the verification needs a passed check (428 until then)', async () => {
    const session = await t.loginFounder();
    const refused = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session, payload: { message_auth: 0, password_auth: 1 } });
    expect(refused.statusCode).toBe(428);
    expect(refused.json()).toEqual({ code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' });

    const wrong = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('nope') } });
    expect(wrong.json().code).toBe('VERIFY_PASSWORD_WRONG');
    const passed = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('verify1') } });
    expect(passed.json()).toEqual({ expires_in: 300 });
    const allowed = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session, payload: { message_auth: 1, password_auth: 1 } });
    expect(allowed.statusCode).toBe(200);

    // The proof belongs to that session only.
    const other = await t.loginFounder();
    expect((await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session: other, payload: { message_auth: 1, password_auth: 1 } })).statusCode).toBe(428);
  });

  it('passes the check by SMS code sent to the verification mobile', async () => {
    const session = await t.loginFounder();
    const send = await t.inject({ method: 'POST', url: '/api/admin/passport/sms-code', session });
    expect(send.statusCode).toBe(200);
    const code = await lastCodeSentTo('13800138000');
    const badScene = await t.inject({ method: 'POST', url: '/api/admin/passport/check-sms-code', session, payload: { scene: 'LOGIN', sms_code: code } });
    expect(badScene.statusCode).toBe(400);
    const passed = await t.inject({ method: 'POST', url: '/api/admin/passport/check-sms-code', session, payload: { scene: 'TWO_STEP', sms_code: code } });
    expect(passed.statusCode).toBe(200);
    const allowed = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/update-password', session, payload: { password: md5('verify2'), old_password: md5('verify1') } });
    expect(allowed.statusCode).toBe(200);
  });

  it('replaces an existing verification password only with the right old one, on either route', async () => {
    const session = await t.loginFounder();
    await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('verify2') } });
    const put = (url: string, payload: object) => t.inject({ method: 'PUT', url: `/api/admin/systems/authentications${url}`, session, payload });

    const missing = await put('/update-password', { password: md5('verify3') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'VERIFY_OLD_PASSWORD_REQUIRED', message: '请输入原验证密码' });
    expect((await put('', { password: md5('verify3') })).json().code).toBe('VERIFY_OLD_PASSWORD_REQUIRED');
    const wrong = await put('', { password: md5('verify3'), old_password: md5('verify1'), message_auth: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'VERIFY_OLD_PASSWORD_WRONG', message: '原验证密码错误' });
    expect((await put('/update-password', { password: md5('verify3'), old_password: md5('nope') })).json().code).toBe('VERIFY_OLD_PASSWORD_WRONG');
    // Nothing changed: the toggle of the refused call stays on, the old password still passes.
    expect((await settings()).json()).toMatchObject({ message_auth: 1, password_auth: 1 });
    const stillOld = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('verify2') } });
    expect(stillOld.statusCode).toBe(200);

    const noNew = await put('', { old_password: md5('verify2') });
    expect(noNew.json()).toMatchObject({ code: 'VALIDATION', message: '请输入新验证密码' });
    expect((await put('', {})).json()).toMatchObject({ code: 'VALIDATION', message: '没有要修改的设置' });

    // Password and toggle in one call (spec §7: password and old_password hashed).
    const changed = await put('', { password: md5('verify3'), old_password: md5('verify2'), message_auth: 0 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message_auth: 0, password_auth: 1, mobile: '138*****000', has_password: true });
    const byOld = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('verify2') } });
    expect(byOld.json().code).toBe('VERIFY_PASSWORD_WRONG');
    const byNew = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('verify3') } });
    expect(byNew.statusCode).toBe(200);

    // Toggles alone still work, the other left as it is.
    const toggled = await put('', { message_auth: 1 });
    expect(toggled.json()).toMatchObject({ message_auth: 1, password_auth: 1 });
    const back = await put('/update-password', { password: md5('verify2'), old_password: md5('verify3') });
    expect(back.statusCode).toBe(200);
  });

  it('counts wrong old passwords towards the verification lock', async () => {
    const { session } = await t.adminWithPermissions(founder, ['systemSettingsVerification'], 'verifyeditor');
    expect((await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('verify2') } })).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session, payload: { password: md5('x1'), old_password: md5(`guess${i}`) } });
      expect(wrong.json().code).toBe('VERIFY_OLD_PASSWORD_WRONG');
    }
    const locked = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session, payload: { password: md5('x1'), old_password: md5('verify2') } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('VERIFY_LOCKED');
    expect((await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('verify2') } })).json().code).toBe('VERIFY_LOCKED');
  });

  it('lists the outbox newest first, paged, with the mobile masked', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/admin/systems/sms-outbox', session: founder, query: { page_size: '1' } });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ page_no: 1, page_size: 1 });
    expect(body.data_total).toBe(2);
    // The last message sent was the second-step code (scene TWO_STEP).
    expect(body.data).toEqual([{ id: expect.any(Number), mobile: '138*****000', scene: 'TWO_STEP', content: expect.stringMatching(/\d{6}/), create_time: expect.any(Number) }]);
    const second = await t.inject({ method: 'GET', url: '/api/admin/systems/sms-outbox', session: founder, query: { page_size: '1', page_no: '2' } });
    expect(second.json().data[0].id).toBeLessThan(body.data[0].id);
    const { session: logsOnly } = await t.adminWithPermissions(founder, ['systemLogs']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/systems/sms-outbox', session: logsOnly })).statusCode).toBe(403);
    // an admin of the verification page sees the messages, but never a code whole
    const { session: settingsAdmin } = await t.adminWithPermissions(founder, ['systemSettingsVerification']);
    const masked = (await t.inject({ method: 'GET', url: '/api/admin/systems/sms-outbox', session: settingsAdmin, query: { page_size: '1' } })).json();
    expect(masked.data[0].content).not.toMatch(/\d{4}/);
    expect(masked.data[0].content).toMatch(/\*{6}/);
  });

  it('locks the verification password after repeated wrong guesses, even for the right one', async () => {
    const session = await t.loginFounder();
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5(`guess${i}`) } });
      expect(wrong.json().code).toBe('VERIFY_PASSWORD_WRONG');
    }
    const locked = await t.inject({ method: 'POST', url: '/api/admin/passport/check-password', session, payload: { password: md5('verify2') } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'VERIFY_LOCKED', message: '验证失败次数过多，请15分钟后再试' });
  });
});
