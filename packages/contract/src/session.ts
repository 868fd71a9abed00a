import { z } from 'zod';
import { idOf, md5Hex } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { LOGIN_LIMITS, PRE_LOGIN_CALLS } from './pre-login.js';

export const CAPTCHA_SCENES = ['LOGIN', 'FIND_PASSWORD'] as const;
export const captchaParams = z.object({
  type: z.enum(CAPTCHA_SCENES),
  uuid: z.string().min(8).max(64),
});

export const loginQuery = z.object({
  username: z.string().trim().min(1, '请输入账号').max(LOGIN_LIMITS.username),
  password: md5Hex,
  captcha: z.string().trim().min(1, '请输入验证码').max(LOGIN_LIMITS.captcha),
  uuid: z.string().min(8).max(64),
});
export type LoginQuery = z.infer<typeof loginQuery>;

/** The admin user as the console keeps it (spec §3 "Admin user (session)"). */
export interface AdminProfile {
  uid: number;
  username: string;
  role_id: number;
  role_name: string;
  founder: 0 | 1;
  real_name: string;
  department: string;
  face: string;
  /** unix seconds of the login before this one, or null on the first */
  last_login_time: number | null;
  last_login_ip: string | null;
}

export interface LoginResult extends AdminProfile {
  access_token: string;
  refresh_token: string;
}

export const refreshBody = z.object({ refresh_token: z.string().min(10) });
export interface TokenResult {
  accessToken: string;
  refreshToken: string;
}

export const logoutQuery = z.object({ uid: idOf('uid格式有误') });

/** PUT admin/systems/admin-users: change own password (the typo is the wire name). */
export const changeOwnPasswordBody = z.object({
  old_passwprd: md5Hex,
  password: md5Hex,
  face: z.string().max(500).optional(),
});

/** Signing in and out, the tokens, and the signed-in admin's own account (spec §7 "Session"). */
export const sessionEndpoints = defineEndpoints('session', {
  /** an SVG picture; the login page shows it as an image */
  captcha: endpoint({ ...PRE_LOGIN_CALLS.session.captcha, params: captchaParams }),
  login: endpoint({ ...PRE_LOGIN_CALLS.session.login, query: loginQuery, response: returns<LoginResult>() }),
  refresh: endpoint({ ...PRE_LOGIN_CALLS.session.refresh, body: refreshBody, response: returns<TokenResult>() }),
  logout: endpoint({ ...PRE_LOGIN_CALLS.session.logout, query: logoutQuery }),
  current: endpoint({ method: 'GET', path: 'admin/systems/admin-users/current', permission: 'signed-in', response: returns<AdminProfile>() }),
  changePassword: endpoint({ method: 'PUT', path: 'admin/systems/admin-users', permission: 'signed-in', body: changeOwnPasswordBody }),
});
