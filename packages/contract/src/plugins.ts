import { z } from 'zod';
import type { RouteName } from './routes.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Plugin-style configs (DOMAIN §2.29): SMS gateways, express query platforms, e-waybills, storage and
 * validators all share one shape `{plugin_id, name, open, config_items}` with exactly one plugin open
 * per kind. Secret items are write-only: a save stores them, a read says only which are set.
 */
export const PLUGIN_KINDS = ['SMS', 'EXPRESS', 'WAYBILL', 'STORAGE', 'VALIDATOR', 'TRANSLATION'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

export interface PluginItem {
  name: string;
  label: { zh: string; en: string };
  /** write-only: stored on save, never answered */
  secret: boolean;
  /** the plugin cannot be opened while this is empty */
  required: boolean;
}

export interface PluginDef {
  plugin_id: string;
  name: { zh: string; en: string };
  /** built in and not editable (local storage, the image captcha, the development SMS outbox) */
  builtin: boolean;
  items: readonly PluginItem[];
}

const item = (name: string, zh: string, en: string, secret = false, required = true): PluginItem => ({ name, label: { zh, en }, secret, required });

export const SMS_OUTBOX_PLUGIN = 'smsOutboxPlugin';
export const SMS_HTTP_PLUGIN = 'smsHttpGatewayPlugin';
export const LOCAL_STORAGE_PLUGIN = 'localStoragePlugin';
export const S3_STORAGE_PLUGIN = 's3StoragePlugin';
export const NO_TRANSLATION_PLUGIN = 'noTranslationPlugin';
export const HTTP_TRANSLATION_PLUGIN = 'httpTranslationPlugin';

/** The plugins this build ships per kind; the first is open until an operator opens another. */
export const PLUGINS: Record<PluginKind, readonly PluginDef[]> = {
  SMS: [
    { plugin_id: SMS_OUTBOX_PLUGIN, name: { zh: '开发环境发件箱', en: 'Development outbox' }, builtin: true, items: [] },
    {
      plugin_id: SMS_HTTP_PLUGIN,
      name: { zh: 'HTTP 短信网关', en: 'HTTP SMS gateway' },
      builtin: false,
      items: [
        item('url', '网关地址', 'Gateway URL'),
        item('app_key', '应用Key', 'App key'),
        item('app_secret', '应用密钥（签名用）', 'App secret (signing)', true),
        item('sign_name', '短信签名', 'Signature', false, false),
      ],
    },
  ],
  EXPRESS: [
    {
      plugin_id: 'kdniaoPlugin',
      name: { zh: '快递鸟', en: 'KDNiao' },
      builtin: false,
      items: [item('business_id', '商户ID', 'Business ID'), item('api_key', 'API Key', 'API key', true)],
    },
    {
      plugin_id: 'kuaidi100Plugin',
      name: { zh: '快递100', en: 'Kuaidi100' },
      builtin: false,
      items: [item('customer', '授权Customer', 'Customer'), item('key', '授权Key', 'Key', true)],
    },
  ],
  WAYBILL: [
    {
      plugin_id: 'kdniaoWaybillPlugin',
      name: { zh: '快递鸟电子面单', en: 'KDNiao e-waybill' },
      builtin: false,
      items: [item('ebusiness_id', '电商ID', 'E-business ID'), item('app_key', 'AppKey', 'App key', true)],
    },
    {
      plugin_id: 'cainiaoWaybillPlugin',
      name: { zh: '菜鸟电子面单', en: 'Cainiao e-waybill' },
      builtin: false,
      items: [item('app_key', 'AppKey', 'App key'), item('app_secret', 'AppSecret', 'App secret', true), item('session_key', 'SessionKey', 'Session key', true)],
    },
  ],
  STORAGE: [
    { plugin_id: LOCAL_STORAGE_PLUGIN, name: { zh: '本地存储', en: 'Local disk' }, builtin: true, items: [] },
    {
      plugin_id: S3_STORAGE_PLUGIN,
      name: { zh: 'S3 兼容对象存储', en: 'S3-compatible object storage' },
      builtin: false,
      items: [
        item('endpoint', '服务地址（Endpoint）', 'Endpoint'),
        item('bucket', '存储桶（Bucket）', 'Bucket'),
        item('region', '区域（Region）', 'Region', false, false),
        item('public_url', '访问域名', 'Public URL'),
        item('access_key', 'AccessKey', 'Access key'),
        item('secret_key', 'SecretKey', 'Secret key', true),
      ],
    },
  ],
  VALIDATOR: [{ plugin_id: 'captchaValidatorPlugin', name: { zh: '图片验证码', en: 'Image captcha' }, builtin: true, items: [] }],
  TRANSLATION: [
    { plugin_id: NO_TRANSLATION_PLUGIN, name: { zh: '不使用机器翻译', en: 'No machine translation' }, builtin: true, items: [] },
    {
      plugin_id: HTTP_TRANSLATION_PLUGIN,
      name: { zh: 'HTTP 翻译平台', en: 'HTTP translation platform' },
      builtin: false,
      items: [item('url', '翻译接口地址', 'Translation URL'), item('app_key', '应用Key', 'App key'), item('app_secret', '应用密钥（签名用）', 'App secret (signing)', true)],
    },
  ],
};

export const pluginOf = (kind: PluginKind, pluginId: string) => PLUGINS[kind].find((plugin) => plugin.plugin_id === pluginId);

const configValue = z.string({ message: '配置项须为文本' }).trim().max(1000, '配置项最多1000个字符');

/** PUT …/{plugin_id}: the plain items by name, the secret items by name (one sent empty or left out keeps what is stored). */
export const pluginBody = z.object({
  config: z.record(z.string(), configValue).default({}),
  secrets: z.record(z.string(), configValue).default({}),
});
export type PluginInput = z.output<typeof pluginBody>;

export interface PluginConfig {
  plugin_id: string;
  name: { zh: string; en: string };
  open: 0 | 1;
  builtin: boolean;
  items: PluginItem[];
  config: Record<string, string>;
  /** the names of the secret items that hold a value (their values are never answered) */
  secrets_set: string[];
  update_time: number;
}

const pluginParams = (kind: PluginKind) =>
  z.object({ plugin_id: z.string().trim().max(40).refine((id) => pluginOf(kind, id) !== undefined, '插件不存在') });

function pluginGroup<const P extends string, const R extends RouteName>(kind: PluginKind, path: P, permission: R) {
  const params = pluginParams(kind);
  return {
    list: endpoint({ method: 'GET', path, permission, response: returns<PluginConfig[]>() }),
    // A plugin's settings hold its credentials, and switching one on puts them to use: both ask for the second step.
    save: endpoint({ method: 'PUT', path: `${path}/:plugin_id` as `${P}/:plugin_id`, permission, twoStep: true, params, body: pluginBody, response: returns<PluginConfig>() }),
    open: endpoint({ method: 'PUT', path: `${path}/:plugin_id/open` as `${P}/:plugin_id/open`, permission, twoStep: true, params, response: returns<PluginConfig>() }),
  };
}

export const smsPlatformEndpoints = defineEndpoints('smsPlatforms', pluginGroup('SMS', 'admin/notice/platforms', 'smsGatewaySettings'));
export const expressPlatformEndpoints = defineEndpoints('expressPlatforms', pluginGroup('EXPRESS', 'admin/systems/express-platforms', 'expressPlatformSettings'));
export const waybillEndpoints = defineEndpoints('waybills', pluginGroup('WAYBILL', 'admin/systems/waybills', 'electronicReceipt'));
export const storagePluginEndpoints = defineEndpoints('storagePlugins', pluginGroup('STORAGE', 'admin/systems/uploaders', 'storageSolution'));
export const validatorPluginEndpoints = defineEndpoints('validatorPlugins', pluginGroup('VALIDATOR', 'admin/systems/validator', 'validatorPlatformSettings'));
export const translationPlatformEndpoints = defineEndpoints('translationPlatforms', pluginGroup('TRANSLATION', 'admin/i18n/translate-platforms', 'translationPlatform'));

/** The endpoints of each kind, for the server's routes and the web's one page. */
export const PLUGIN_ENDPOINTS = {
  SMS: smsPlatformEndpoints,
  EXPRESS: expressPlatformEndpoints,
  WAYBILL: waybillEndpoints,
  STORAGE: storagePluginEndpoints,
  VALIDATOR: validatorPluginEndpoints,
  TRANSLATION: translationPlatformEndpoints,
} as const;
export type PluginEndpoints = ReturnType<typeof pluginGroup>;

/**
 * The HTTP SMS gateway's signed request (what a gateway verifies): a JSON POST with headers
 * `x-app-key`, `x-timestamp` (unix seconds), `x-nonce` and `x-signature` = hex HMAC-SHA256 with the
 * app secret over `${timestamp}\n${nonce}\n${body}`.
 */
export const SMS_SIGNATURE_HEADERS = { appKey: 'x-app-key', timestamp: 'x-timestamp', nonce: 'x-nonce', signature: 'x-signature' } as const;
