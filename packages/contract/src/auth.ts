import { z } from 'zod';
import { flag, md5Hex, pageQuery } from './common.js';

export const CAPTCHA_SCENES = ['LOGIN'] as const;
export const captchaParams = z.object({
  type: z.enum(CAPTCHA_SCENES),
  uuid: z.string().min(8).max(64),
});

export const loginQuery = z.object({
  username: z.string().trim().min(1, '请输入账号').max(50),
  password: md5Hex,
  captcha: z.string().trim().min(1, '请输入验证码').max(10),
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

export const logoutQuery = z.object({ uid: z.coerce.number().int().positive() });

/** PUT admin/systems/admin-users: change own password (the typo is the wire name). */
export const changeOwnPasswordBody = z.object({
  old_passwprd: md5Hex,
  password: md5Hex,
  face: z.string().max(500).optional(),
});

// --- administrators -------------------------------------------------------

export const ADMIN_STATE = { NORMAL: 0, DISABLED: 1 } as const;

export const adminListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  role_id: z.coerce.number().int().min(0).optional(),
  user_state: z.coerce.number().int().min(0).max(1).optional(),
});

const adminFields = {
  role_id: z.coerce.number().int().min(0).default(0),
  founder: flag.default(0),
  real_name: z.string().trim().max(50).default(''),
  department: z.string().trim().max(50).default(''),
  remark: z.string().trim().max(200).default(''),
  face: z.string().trim().max(500).default(''),
  user_state: z.coerce.number().int().min(0).max(1).default(0),
};

export const adminCreateBody = z.object({
  username: z
    .string()
    .trim()
    .min(2, '管理员名称为2-20个字符')
    .max(20, '管理员名称为2-20个字符')
    .regex(/^[\w\u4e00-\u9fa5.@-]+$/, '管理员名称只能包含中文、字母、数字和 _ . @ -'),
  password: md5Hex,
  ...adminFields,
});
export const adminUpdateBody = z.object({
  password: md5Hex.optional().or(z.literal('').transform(() => undefined)),
  ...adminFields,
});
export type AdminCreate = z.infer<typeof adminCreateBody>;
export type AdminUpdate = z.infer<typeof adminUpdateBody>;

export interface AdminRow {
  id: number;
  username: string;
  role_id: number;
  role_name: string;
  founder: 0 | 1;
  real_name: string;
  department: string;
  remark: string;
  face: string;
  user_state: 0 | 1;
  create_time: number;
  last_login_time: number | null;
}

// --- roles ------------------------------------------------------------------

export const roleListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });

export const roleBody = z.object({
  role_name: z.string().trim().min(1, '请输入角色名称').max(20, '角色名称最多20个字符'),
  role_describe: z.string().trim().max(200).default(''),
  permissions: z.array(z.string().min(1).max(64)).max(1000).default([]),
});
export type RoleInput = z.infer<typeof roleBody>;

export interface RoleRow {
  role_id: number;
  role_name: string;
  role_describe: string;
  admin_count: number;
  create_time: number;
}
export interface RoleDetail extends RoleRow {
  permissions: string[];
}

// --- second-step verification ---------------------------------------------------

export const TWO_STEP_SCENE = 'TWO_STEP';
/** The code that binds the verification mobile. */
export const BIND_MOBILE_SCENE = 'BIND_MOBILE';

/** Who reads the development SMS driver's outbox: the second-step and the SMS-gateway settings pages. */
export const SMS_OUTBOX_PERMISSIONS = ['systemSettingsVerification', 'smsGatewaySettings'] as const;
/**
 * GET admin/systems/sms-outbox (Page): what the development SMS driver "sent", newest first;
 * `mobile` masked as in every list (spec §9).
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

/** How long a passed second-step check lets sensitive operations through. */
export const TWO_STEP_PROOF_SECONDS = 5 * 60;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_RESEND_SECONDS = 60;

// --- languages -----------------------------------------------------------------

export interface LangCode {
  id: number;
  code: string;
  lang: string;
}
export const langQuery = z.object({
  lang: z.string().min(2).max(10),
  type: z.enum(['admin']).default('admin'),
});
