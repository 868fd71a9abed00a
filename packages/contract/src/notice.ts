import { z } from 'zod';
import { idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * SMTP accounts (DOMAIN §2.29 "SMTP", `/setting/system-params/smtp`): mail goes out through the
 * least recently used account still below its daily maximum (都已达到最大发信数 when none is). The
 * password is write-only: a save stores it, a read says only whether one is set.
 */
export const SMTP_LIMITS = { host: 100, username: 100, password: 200, mail_from: 100, max_count: 100_000 } as const;

const emailAddress = (label: string) =>
  z.string({ message: `请填写${label}` }).trim().min(1, `请填写${label}`).max(100, `${label}最多100个字符`).email(`${label}格式有误`);

/** POST / PUT admin/notice/smtps */
export const smtpBody = z.object({
  host: z
    .string({ message: '请填写SMTP服务器' })
    .trim()
    .min(1, '请填写SMTP服务器')
    .max(SMTP_LIMITS.host, `SMTP服务器最多${SMTP_LIMITS.host}个字符`)
    .regex(/^[A-Za-z0-9.-]+$/, 'SMTP服务器须为域名或IP地址'),
  port: z.number({ message: '请填写端口' }).int('端口须为整数').min(1, '端口须为1-65535').max(65535, '端口须为1-65535'),
  username: z.string({ message: '请填写用户名' }).trim().min(1, '请填写用户名').max(SMTP_LIMITS.username, `用户名最多${SMTP_LIMITS.username}个字符`),
  /** empty on an edit keeps the stored password */
  password: z.string({ message: '密码须为文本' }).max(SMTP_LIMITS.password, `密码最多${SMTP_LIMITS.password}个字符`).default(''),
  /** 1: TLS from the first byte (port 465); 0: plain, upgraded by STARTTLS when the server offers it */
  open_ssl: z.union([z.literal(0), z.literal(1)], { message: 'SSL只能是0或1' }).default(0),
  /** sends a day */
  max_count: z.number({ message: '请填写每日最大发信数' }).int('每日最大发信数须为整数').min(1, `每日最大发信数须为1-${SMTP_LIMITS.max_count}`).max(SMTP_LIMITS.max_count, `每日最大发信数须为1-${SMTP_LIMITS.max_count}`),
  mail_from: emailAddress('发信地址'),
});
export type SmtpInput = z.output<typeof smtpBody>;
export type SmtpBodyInput = z.input<typeof smtpBody>;

export interface SmtpRow {
  id: number;
  host: string;
  port: number;
  username: string;
  /** whether a password is stored (it is never answered) */
  password_set: boolean;
  open_ssl: 0 | 1;
  max_count: number;
  mail_from: string;
  /** sends today */
  send_count: number;
  /** unix seconds; null before the first send */
  last_send_time: number | null;
  create_time: number;
}

export const smtpParams = z.object({ id: idOf('SMTP账号id格式有误') });
export const smtpQuery = listQuery({});
export type SmtpQuery = z.output<typeof smtpQuery>;

/** POST admin/notice/smtps/send?email: a test mail through the rotation, or through one account when smtp_id is given. */
export const smtpTestQuery = z.object({
  email: emailAddress('收件地址'),
  smtp_id: idOf('SMTP账号id格式有误').optional(),
});

export interface SmtpTestResult {
  /** the account that sent it */
  smtp_id: number;
  mail_from: string;
}

export const smtpEndpoints = defineEndpoints('smtp', {
  list: endpoint({ method: 'GET', path: 'admin/notice/smtps', permission: 'smtpSettings', query: smtpQuery, response: returns<Page<SmtpRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/notice/smtps', permission: 'smtpSettings', twoStep: true, body: smtpBody, response: returns<SmtpRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/notice/smtps/:id', permission: 'smtpSettings', twoStep: true, params: smtpParams, body: smtpBody, response: returns<SmtpRow>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/notice/smtps/:id', permission: 'smtpSettings', twoStep: true, params: smtpParams }),
  testSend: endpoint({ method: 'POST', path: 'admin/notice/smtps/send', permission: 'smtpSettings', query: smtpTestQuery, response: returns<SmtpTestResult>() }),
});
