import { z } from 'zod';
import { md5Hex } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Forgotten password (`/setting/find-password`, hidden, from the login page's 忘记密码): an
 * administrator resets their password with a code sent to the mobile bound to their account,
 * after the image captcha. One code a minute and a few a day per account; a reset signs every
 * session of that administrator out.
 */
export const FIND_PASSWORD_SCENE = 'FIND_PASSWORD';
/** codes one account may be sent in 24 hours */
export const FIND_PASSWORD_DAILY_CODES = 5;

const account = z.string({ message: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最多50个字符');

/** POST admin/systems/admin-users/find-password/sms-code */
export const findPasswordCodeBody = z.object({
  username: account,
  captcha: z.string({ message: '请输入图片验证码' }).trim().min(1, '请输入图片验证码').max(10),
  uuid: z.string().min(8).max(64),
});
export interface FindPasswordCodeSent {
  /** the bound mobile, masked */
  mobile: string;
}

/** PUT admin/systems/admin-users/find-password: the new password hashed (md5) as every password travels. */
export const findPasswordResetBody = z.object({
  username: account,
  sms_code: z.string({ message: '请输入短信验证码' }).trim().regex(/^\d{6}$/, '短信验证码为6位数字'),
  password: md5Hex,
});

export const findPasswordEndpoints = defineEndpoints('findPassword', {
  sendCode: endpoint({ method: 'POST', path: 'admin/systems/admin-users/find-password/sms-code', permission: 'public', body: findPasswordCodeBody, response: returns<FindPasswordCodeSent>() }),
  reset: endpoint({ method: 'PUT', path: 'admin/systems/admin-users/find-password', permission: 'public', body: findPasswordResetBody }),
});
