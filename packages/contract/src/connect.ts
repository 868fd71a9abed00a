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

/** A group of config items behind one switch: a trusted sign-in, a third-party platform's app. */
export interface ConfigGroupDef {
  name: { zh: string; en: string };
  items: readonly ConnectItem[];
}

export const CONNECT_DEFS: Readonly<Record<ConnectType, ConfigGroupDef>> = {
  QQ: { name: { zh: 'QQ登录', en: 'QQ sign-in' }, items: [item('app_id', 'APP ID', 'App ID'), item('app_key', 'APP KEY', 'App key', true)] },
  WEIBO: { name: { zh: '微博登录', en: 'Weibo sign-in' }, items: [item('app_key', 'App Key', 'App key'), item('app_secret', 'App Secret', 'App secret', true)] },
  WECHAT: {
    name: { zh: '微信登录', en: 'WeChat sign-in' },
    items: [item('pc_app_id', 'PC 网站应用 AppID', 'PC web app AppID'), item('pc_app_secret', 'PC 网站应用 AppSecret', 'PC web app AppSecret', true), item('wap_app_id', '公众号 AppID', 'Official account AppID', false, false), item('wap_app_secret', '公众号 AppSecret', 'Official account AppSecret', true, false)],
  },
  ALIPAY: { name: { zh: '支付宝登录', en: 'Alipay sign-in' }, items: [item('app_id', '应用ID（APPID）', 'App ID'), item('private_key', '应用私钥', 'App private key', true), item('alipay_public_key', '支付宝公钥', 'Alipay public key')] },
};

/**
 * Third-party app settings (`thirdPlatformAppSettings`, DOMAIN §2.29 [U] third-platform apps): the
 * keys of the marketplace's own apps at WeChat, Alipay and QQ — the official account and the
 * mini program that pay and push, the mobile app's open-platform keys — kept as trusted login keeps
 * its groups (secrets write-only, opened only with the required items).
 */
export const THIRD_APP_TYPES = ['WX_MP', 'WX_MINI', 'WX_APP', 'ALI_APP', 'QQ_APP'] as const;
export type ThirdAppType = (typeof THIRD_APP_TYPES)[number];

export const THIRD_APP_DEFS: Readonly<Record<ThirdAppType, ConfigGroupDef>> = {
  WX_MP: {
    name: { zh: '微信公众号', en: 'WeChat official account' },
    items: [item('app_id', 'AppID', 'AppID'), item('app_secret', 'AppSecret', 'AppSecret', true), item('token', '服务器令牌（Token）', 'Server token', true, false), item('aes_key', '消息加解密密钥', 'Message encryption key', true, false)],
  },
  WX_MINI: { name: { zh: '微信小程序', en: 'WeChat mini program' }, items: [item('app_id', 'AppID', 'AppID'), item('app_secret', 'AppSecret', 'AppSecret', true)] },
  WX_APP: { name: { zh: '微信开放平台移动应用', en: 'WeChat open platform mobile app' }, items: [item('app_id', 'AppID', 'AppID'), item('app_secret', 'AppSecret', 'AppSecret', true)] },
  ALI_APP: {
    name: { zh: '支付宝应用', en: 'Alipay app' },
    items: [item('app_id', '应用ID（APPID）', 'App ID'), item('private_key', '应用私钥', 'App private key', true), item('alipay_public_key', '支付宝公钥', 'Alipay public key')],
  },
  QQ_APP: { name: { zh: 'QQ互联移动应用', en: 'QQ Connect mobile app' }, items: [item('app_id', 'APP ID', 'App ID'), item('app_key', 'APP KEY', 'App key', true)] },
};

export const connectParams = z.object({ type: z.enum(CONNECT_TYPES, { message: '信任登录类型有误' }) });
export const thirdAppParams = z.object({ type: z.enum(THIRD_APP_TYPES, { message: '第三方应用类型有误' }) });

const configValue = z.string({ message: '配置项须为文本' }).trim().max(4000, '配置项最多4000个字符');

/** PUT admin/members/connect/{type} */
export const connectBody = z.object({
  is_open: z.union([z.literal(0), z.literal(1)], { message: '开启状态只能是0或1' }),
  config: z.record(z.string(), configValue).default({}),
  /** a secret sent empty (or left out) keeps the stored one */
  secrets: z.record(z.string(), configValue).default({}),
});
export type ConnectInput = z.output<typeof connectBody>;

export interface ConfigGroupSetting<T extends string = string> {
  type: T;
  name: { zh: string; en: string };
  is_open: 0 | 1;
  items: ConnectItem[];
  config: Record<string, string>;
  /** the names of the secret items that hold a value (their values are never answered) */
  secrets_set: string[];
}
export type ConnectSetting = ConfigGroupSetting<ConnectType>;
export type ThirdAppSetting = ConfigGroupSetting<ThirdAppType>;

export const connectEndpoints = defineEndpoints('connect', {
  list: endpoint({ method: 'GET', path: 'admin/members/connect', permission: 'trustLogin', response: returns<ConnectSetting[]>() }),
  save: endpoint({ method: 'PUT', path: 'admin/members/connect/:type', permission: 'trustLogin', twoStep: true, params: connectParams, body: connectBody, response: returns<ConnectSetting>() }),
});

export const thirdAppEndpoints = defineEndpoints('thirdApps', {
  list: endpoint({ method: 'GET', path: 'admin/systems/third-platform/apps', permission: 'thirdPlatformAppSettings', response: returns<ThirdAppSetting[]>() }),
  save: endpoint({ method: 'PUT', path: 'admin/systems/third-platform/apps/:type', permission: 'thirdPlatformAppSettings', twoStep: true, params: thirdAppParams, body: connectBody, response: returns<ThirdAppSetting>() }),
});
