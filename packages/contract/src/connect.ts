import { z } from 'zod';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Trusted login (DOMAIN §2.29, `/setting/payment-and-delivery/trust-login`, [A] `admin/members/connect`):
 * one config group per third-party sign-in with an open switch. Secret items are write-only, as in
 * the payment settings: a save stores them, a read says only which are set.
 */
export const CONNECT_TYPES = ['QQ', 'WEIBO', 'WECHAT', 'ALIPAY'] as const;
export type ConnectType = (typeof CONNECT_TYPES)[number];

export interface ConnectItem {
  name: string;
  label: { zh: string; en: string };
  /** write-only: stored on save, never answered */
  secret: boolean;
  /** the sign-in cannot be opened while this is empty */
  required: boolean;
}

const item = (name: string, zh: string, en: string, secret = false, required = true): ConnectItem => ({ name, label: { zh, en }, secret, required });

export const CONNECT_DEFS: Readonly<Record<ConnectType, { name: { zh: string; en: string }; items: readonly ConnectItem[] }>> = {
  QQ: { name: { zh: 'QQ登录', en: 'QQ sign-in' }, items: [item('app_id', 'APP ID', 'App ID'), item('app_key', 'APP KEY', 'App key', true)] },
  WEIBO: { name: { zh: '微博登录', en: 'Weibo sign-in' }, items: [item('app_key', 'App Key', 'App key'), item('app_secret', 'App Secret', 'App secret', true)] },
  WECHAT: {
    name: { zh: '微信登录', en: 'WeChat sign-in' },
    items: [item('pc_app_id', 'PC 网站应用 AppID', 'PC web app AppID'), item('pc_app_secret', 'PC 网站应用 AppSecret', 'PC web app AppSecret', true), item('wap_app_id', '公众号 AppID', 'Official account AppID', false, false), item('wap_app_secret', '公众号 AppSecret', 'Official account AppSecret', true, false)],
  },
  ALIPAY: { name: { zh: '支付宝登录', en: 'Alipay sign-in' }, items: [item('app_id', '应用ID（APPID）', 'App ID'), item('private_key', '应用私钥', 'App private key', true), item('alipay_public_key', '支付宝公钥', 'Alipay public key')] },
};

export const connectParams = z.object({ type: z.enum(CONNECT_TYPES, { message: '信任登录类型有误' }) });

const configValue = z.string({ message: '配置项须为文本' }).trim().max(4000, '配置项最多4000个字符');

/** PUT admin/members/connect/{type} */
export const connectBody = z.object({
  is_open: z.union([z.literal(0), z.literal(1)], { message: '开启状态只能是0或1' }),
  config: z.record(z.string(), configValue).default({}),
  /** a secret sent empty (or left out) keeps the stored one */
  secrets: z.record(z.string(), configValue).default({}),
});
export type ConnectInput = z.output<typeof connectBody>;

export interface ConnectSetting {
  type: ConnectType;
  name: { zh: string; en: string };
  is_open: 0 | 1;
  items: ConnectItem[];
  config: Record<string, string>;
  /** the names of the secret items that hold a value (their values are never answered) */
  secrets_set: string[];
}

export const connectEndpoints = defineEndpoints('connect', {
  list: endpoint({ method: 'GET', path: 'admin/members/connect', permission: 'trustLogin', response: returns<ConnectSetting[]>() }),
  save: endpoint({ method: 'PUT', path: 'admin/members/connect/:type', permission: 'trustLogin', params: connectParams, body: connectBody, response: returns<ConnectSetting>() }),
});
