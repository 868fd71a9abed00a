import { z } from 'zod';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Payment methods (DOMAIN §2.29 "Payment methods", `/setting/payment-and-delivery/payment` and
 * `paymentEdit`): per payment plugin and per client type an open flag and config items. Secret
 * items (private keys, API keys, certificate passwords) are write-only: a save stores them, no read
 * ever returns them — a read says only which are set.
 */
export const PAYMENT_CLIENTS = ['PC', 'WAP', 'NATIVE', 'REACT', 'MINI'] as const;
export type PaymentClient = (typeof PAYMENT_CLIENTS)[number];

export interface PaymentConfigItem {
  name: string;
  label: { zh: string; en: string };
  /** write-only: stored on save, never answered */
  secret: boolean;
  /** a client cannot be opened while this is empty */
  required: boolean;
}

interface PaymentPluginDef {
  plugin_id: string;
  method_name: string;
  /** money can go back the way it came (refund to the original route) */
  is_retrace: 0 | 1;
  clients: readonly PaymentClient[];
  items: readonly PaymentConfigItem[];
}

const item = (name: string, zh: string, en: string, secret = false, required = true): PaymentConfigItem => ({ name, label: { zh, en }, secret, required });

/** The payment plugins this build ships; the config items are what each gateway asks for. */
export const PAYMENT_PLUGINS: readonly PaymentPluginDef[] = [
  {
    plugin_id: 'alipayDirectPlugin',
    method_name: '支付宝',
    is_retrace: 1,
    clients: ['PC', 'WAP', 'NATIVE', 'REACT', 'MINI'],
    items: [
      item('app_id', '应用ID（APPID）', 'App ID'),
      item('alipay_public_key', '支付宝公钥', 'Alipay public key'),
      item('merchant_private_key', '商户私钥', 'Merchant private key', true),
    ],
  },
  {
    plugin_id: 'weixinPayPlugin',
    method_name: '微信支付',
    is_retrace: 1,
    clients: ['PC', 'WAP', 'NATIVE', 'REACT', 'MINI'],
    items: [
      item('appid', '公众号/应用 AppID', 'AppID'),
      item('mchid', '商户号', 'Merchant ID'),
      item('key', 'API 密钥', 'API key', true),
      item('app_secret', 'AppSecret', 'AppSecret', true, false),
    ],
  },
  {
    plugin_id: 'unionpayPlugin',
    method_name: '银联在线支付',
    is_retrace: 1,
    clients: ['PC', 'WAP', 'NATIVE'],
    items: [
      item('mer_id', '商户代码', 'Merchant code'),
      item('sign_cert_pwd', '签名证书密码', 'Signing certificate password', true),
    ],
  },
];

export const paymentPluginOf = (pluginId: string) => PAYMENT_PLUGINS.find((plugin) => plugin.plugin_id === pluginId);

export const paymentParams = z.object({
  plugin_id: z.string().trim().max(40).refine((id) => paymentPluginOf(id) !== undefined, '支付方式不存在'),
});

const configValue = z.string({ message: '配置项须为文本' }).trim().max(4000, '配置项最多4000个字符');

/** PUT admin/payment/payment-methods/{plugin_id} */
export const paymentBody = z.object({
  method_name: z.string({ message: '请填写支付方式名称' }).trim().min(1, '请填写支付方式名称').max(20, '支付方式名称最多20个字符'),
  clients: z
    .array(
      z.object({
        client_type: z.enum(PAYMENT_CLIENTS, { message: '客户端类型有误' }),
        is_open: z.union([z.literal(0), z.literal(1)], { message: '开启状态只能是0或1' }),
        /** the plain items by name */
        config: z.record(z.string(), configValue).default({}),
        /** the secret items by name; one sent empty (or left out) keeps what is stored */
        secrets: z.record(z.string(), configValue).default({}),
      }),
    )
    .max(PAYMENT_CLIENTS.length),
});
export type PaymentInput = z.output<typeof paymentBody>;
export type PaymentBodyInput = z.input<typeof paymentBody>;

export interface PaymentClientConfig {
  client_type: PaymentClient;
  is_open: 0 | 1;
  config: Record<string, string>;
  /** the names of the secret items that hold a value (their values are never answered) */
  secrets_set: string[];
}

export interface PaymentMethodRow {
  plugin_id: string;
  method_name: string;
  is_retrace: 0 | 1;
  /** the clients this method is open on */
  open_clients: PaymentClient[];
  update_time: number;
}

export interface PaymentMethodDetail extends PaymentMethodRow {
  items: PaymentConfigItem[];
  clients: PaymentClientConfig[];
}

export const paymentEndpoints = defineEndpoints('payment', {
  list: endpoint({ method: 'GET', path: 'admin/payment/payment-methods', permission: ['paymentSettings', 'paymentEdit'], response: returns<PaymentMethodRow[]>() }),
  get: endpoint({ method: 'GET', path: 'admin/payment/payment-methods/:plugin_id', permission: 'paymentEdit', params: paymentParams, response: returns<PaymentMethodDetail>() }),
  save: endpoint({ method: 'PUT', path: 'admin/payment/payment-methods/:plugin_id', permission: 'paymentEdit', twoStep: true, params: paymentParams, body: paymentBody, response: returns<PaymentMethodDetail>() }),
});

// ─── Validator (captcha) ────────────────────────────────────────────────────

export const VALIDATOR_TYPES = ['IMAGE', 'SLIDER'] as const;
export type ValidatorType = (typeof VALIDATOR_TYPES)[number];

/** GET base/validator: the open validator, which the sign-in page shows. */
export interface OpenValidator {
  plugin_id: string;
  name: string;
  validator_type: ValidatorType;
}

/** The built-in image captcha (DOMAIN §2.29: not editable); the open one when no other is. */
export const IMAGE_CAPTCHA_VALIDATOR: OpenValidator = { plugin_id: 'captchaValidatorPlugin', name: '图片验证码', validator_type: 'IMAGE' };

/** The validators this build has (a slider joins when one is built). */
export const VALIDATOR_PLUGINS: readonly OpenValidator[] = [IMAGE_CAPTCHA_VALIDATOR];

export const validatorEndpoints = defineEndpoints('validator', {
  open: endpoint({ method: 'GET', path: 'base/validator', permission: 'public', response: returns<OpenValidator>() }),
});
