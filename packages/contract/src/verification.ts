import { z } from 'zod';
import { flag, listQuery, md5Hex, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

export const TWO_STEP_SCENE = 'TWO_STEP';
/** The code that binds the verification mobile. */
export const BIND_MOBILE_SCENE = 'BIND_MOBILE';

/** Who reads the development SMS driver's outbox: the second-step and the SMS-gateway settings pages. */
export const SMS_OUTBOX_PERMISSIONS = ['systemSettingsVerification', 'smsGatewaySettings'] as const;
/** GET admin/systems/sms-outbox: newest first. */
export const smsOutboxQuery = listQuery({});
export type SmsOutboxQuery = z.output<typeof smsOutboxQuery>;
/**
 * What the development SMS driver "sent", newest first; `mobile` masked as in every list (spec §9).
 */
export interface SmsOutboxRow {
  id: number;
  mobile: string;
  scene: string;
  content: string;
  create_time: number;
}

export interface TwoStepSettings {
  message_auth: 0 | 1;
  password_auth: 0 | 1;
  /** masked verification mobile, or '' when none is bound */
  mobile: string;
  has_password: boolean;
}

/**
 * PUT admin/systems/authentications: switches the methods and/or changes the verification
 * password (spec §7: password and old_password hashed). A field left out stays as it is;
 * replacing an existing password needs the right old_password.
 */
export const twoStepSettingsBody = z
  .object({
    message_auth: flag.optional(),
    password_auth: flag.optional(),
    password: md5Hex.optional(),
    old_password: md5Hex.optional(),
  })
  .refine((body) => body.old_password === undefined || body.password !== undefined, { message: '请输入新验证密码', path: ['password'] })
  .refine((body) => body.message_auth !== undefined || body.password_auth !== undefined || body.password !== undefined, {
    message: '没有要修改的设置',
  });
export type TwoStepSettingsBody = z.infer<typeof twoStepSettingsBody>;
export const verifyMobileParams = z.object({ mobile: z.string().trim().regex(/^\+?\d{5,15}$/, '手机号码格式有误！') });
export const bindMobileBody = z.object({
  mobile: z.string().trim().regex(/^\+?\d{5,15}$/, '手机号码格式有误！'),
  sms_code: z.string().trim().regex(/^\d{6}$/, '请输入6位数字验证码'),
});
/** PUT admin/systems/authentications/update-password: the first password, or a new one with the right old_password. */
export const verifyPasswordBody = z.object({ password: md5Hex, old_password: md5Hex.optional() });
export const checkSmsCodeBody = z.object({
  scene: z.literal(TWO_STEP_SCENE),
  sms_code: z.string().trim().regex(/^\d{6}$/, '请输入6位数字验证码'),
});
export const checkPasswordBody = z.object({ password: md5Hex });

/** A passed second-step check: sensitive operations go through for this many seconds. */
export interface TwoStepPassed {
  expires_in: number;
}

/** How long a passed second-step check lets sensitive operations through. */
export const TWO_STEP_PROOF_SECONDS = 5 * 60;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_RESEND_SECONDS = 60;

/** Second-step verification: its settings (spec §7 "Verification") and the checks themselves. */
export const verificationEndpoints = defineEndpoints('verification', {
  settings: endpoint({ method: 'GET', path: 'admin/systems/authentications', permission: 'signed-in', response: returns<TwoStepSettings>() }),
  save: endpoint({ method: 'PUT', path: 'admin/systems/authentications', permission: 'systemSettingsVerification', twoStep: 'conditional', body: twoStepSettingsBody, response: returns<TwoStepSettings>() }),
  sendBindingCode: endpoint({ method: 'PUT', path: 'admin/systems/authentications/smscode/:mobile', permission: 'systemSettingsVerification', twoStep: 'conditional', params: verifyMobileParams }),
  bindMobile: endpoint({ method: 'PUT', path: 'admin/systems/authentications/valid/code', permission: 'systemSettingsVerification', twoStep: 'conditional', body: bindMobileBody, response: returns<TwoStepSettings>() }),
  setPassword: endpoint({
    method: 'PUT',
    path: 'admin/systems/authentications/update-password',
    permission: 'systemSettingsVerification',
    twoStep: 'conditional',
    body: verifyPasswordBody,
    response: returns<TwoStepSettings>(),
  }),
  sendCode: endpoint({ method: 'POST', path: 'admin/passport/sms-code', permission: 'signed-in' }),
  checkSmsCode: endpoint({ method: 'POST', path: 'admin/passport/check-sms-code', permission: 'signed-in', body: checkSmsCodeBody, response: returns<TwoStepPassed>() }),
  checkPassword: endpoint({ method: 'POST', path: 'admin/passport/check-password', permission: 'signed-in', body: checkPasswordBody, response: returns<TwoStepPassed>() }),
  outbox: endpoint({ method: 'GET', path: 'admin/systems/sms-outbox', permission: SMS_OUTBOX_PERMISSIONS, query: smsOutboxQuery, response: returns<Page<SmsOutboxRow>>() }),
});
