import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ENDPOINTS, type PaymentBodyInput, type PaymentMethodDetail, type PaymentMethodRow } from '@agora/contract';
import { parseOutboundAllow } from '../../platform/outbound.js';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { systemLogs } from '../system-logs/tables.js';
import { pluginConfigs } from '../plugins/tables.js';

let t: TestApp;
let founder: Session;
// Nothing listens on port 9: the rate tool's source (allowed, though on the loopback) refuses at once.
withTestApp(
  (app, session) => {
    t = app;
    founder = session;
  },
  { exchangeRateUrl: 'http://127.0.0.1:9', outboundAllow: parseOutboundAllow('127.0.0.1') },
);

const base = '/api/admin/payment/payment-methods';
const save = (plugin: string, payload: PaymentBodyInput, session = founder) => t.inject({ method: 'PUT', url: `${base}/${plugin}`, session, payload });
const detail = async (plugin: string) => (await t.inject({ method: 'GET', url: `${base}/${plugin}`, session: founder })).json() as PaymentMethodDetail;

const PRIVATE_KEY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC-secret-9f3a';
const WECHAT_KEY = 'wx-api-key-5b1c7e02d4';

const passSecondStep = () => t.verifiedSession(founder);

describe('payment methods', () => {
  it('lists the shipped methods, closed, from the first start', async () => {
    const list = (await t.inject({ method: 'GET', url: base, session: founder })).json() as PaymentMethodRow[];
    expect(list.map((row) => [row.plugin_id, row.method_name, row.open_clients])).toEqual([
      ['alipayDirectPlugin', '支付宝', []],
      ['weixinPayPlugin', '微信支付', []],
      ['unionpayPlugin', '银联在线支付', []],
    ]);
    const alipay = await detail('alipayDirectPlugin');
    expect(alipay.clients.map((client) => client.client_type)).toEqual(['PC', 'WAP', 'NATIVE', 'REACT', 'MINI']);
    expect(alipay.items.find((item) => item.name === 'merchant_private_key')).toMatchObject({ secret: true });
  });

  it('needs the second step to save', async () => {
    const response = await save('alipayDirectPlugin', { method_name: '支付宝', clients: [] });
    expect(response.statusCode).toBe(428);
    await passSecondStep();
  });

  it('stores secrets write-only: a read says they are set, never what they are; an empty one keeps the stored value', async () => {
    const saved = await save('alipayDirectPlugin', {
      method_name: '支付宝',
      clients: [{ client_type: 'PC', is_open: 1, config: { app_id: '2021000000000001', alipay_public_key: 'MIIBIjAN-public' }, secrets: { merchant_private_key: PRIVATE_KEY } }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(PRIVATE_KEY);
    const pc = saved.json().clients[0];
    expect(pc).toEqual({ client_type: 'PC', is_open: 1, config: { app_id: '2021000000000001', alipay_public_key: 'MIIBIjAN-public' }, secrets_set: ['merchant_private_key'] });
    // The log line says what was saved, with the secrets masked.
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('修改支付方式 alipayDirectPlugin');
    expect(log.level).toBe('important');
    expect(log.params).not.toContain(PRIVATE_KEY);

    // Saving again with the secret left empty keeps it (the client stays open).
    const again = await save('alipayDirectPlugin', { method_name: '支付宝', clients: [{ client_type: 'PC', is_open: 1, config: { app_id: '2021000000000002' }, secrets: { merchant_private_key: '' } }] });
    expect(again.json().clients[0]).toMatchObject({ is_open: 1, config: { app_id: '2021000000000002', alipay_public_key: 'MIIBIjAN-public' }, secrets_set: ['merchant_private_key'] });
    expect((await detail('alipayDirectPlugin')).open_clients).toEqual(['PC']);
  });

  it('opens a client only with every required item, and refuses what the method does not have', async () => {
    const open = await save('weixinPayPlugin', { method_name: '微信支付', clients: [{ client_type: 'WAP', is_open: 1, config: { appid: 'wx123', mchid: '1900000109' } }] });
    expect(open.json().message).toBe('开启WAP前请填写API 密钥');
    expect((await detail('weixinPayPlugin')).open_clients).toEqual([]);
    const opened = await save('weixinPayPlugin', { method_name: '微信支付', clients: [{ client_type: 'WAP', is_open: 1, config: { appid: 'wx123', mchid: '1900000109' }, secrets: { key: WECHAT_KEY } }] });
    expect(opened.json().open_clients).toEqual(['WAP']);
    expect((await save('unionpayPlugin', { method_name: '银联', clients: [{ client_type: 'MINI', is_open: 0 }] })).json().message).toBe('银联在线支付不支持小程序客户端');
    expect((await save('unionpayPlugin', { method_name: '银联', clients: [{ client_type: 'PC', is_open: 0, config: { nonsense: 'x' } }] })).json().message).toBe('银联在线支付没有配置项nonsense');
    expect((await t.inject({ method: 'GET', url: `${base}/paypal`, session: founder })).json().message).toBe('支付方式不存在');
  });

  it('answers to paymentEdit for the edit page; the list also to paymentSettings', async () => {
    const { session: viewer } = await t.adminWithPermissions(founder, ['paymentSettings']);
    expect((await t.inject({ method: 'GET', url: base, session: viewer })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${base}/alipayDirectPlugin`, session: viewer })).statusCode).toBe(403);
    expect((await save('alipayDirectPlugin', { method_name: '支付宝', clients: [] }, viewer)).statusCode).toBe(403);
  });

  it('the open validator is the built-in image captcha unless another one this build has is chosen', async () => {
    const open = await t.inject({ method: 'GET', url: '/api/base/validator' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ plugin_id: 'captchaValidatorPlugin', name: '图片验证码', validator_type: 'IMAGE' });
    // A plugin a later build dropped, left open in the database.
    await t.ctx.db.update(pluginConfigs).set({ open: 0 }).where(eq(pluginConfigs.kind, 'VALIDATOR'));
    await t.ctx.db.insert(pluginConfigs).values({ kind: 'VALIDATOR', pluginId: 'sliderValidatorPlugin', open: 1 });
    expect((await t.inject({ method: 'GET', url: '/api/base/validator' })).json().plugin_id).toBe('captchaValidatorPlugin');
  });
});

describe('no secret in any read of the settings areas', () => {
  it('walks every GET of currencies, logistics companies, payment methods and the validator', async () => {
    const ids: Record<string, string> = {};
    const logi = await t.inject({ method: 'POST', url: '/api/admin/systems/logi-companies', session: founder, payload: { name: '顺丰速运', code: 'sf' } });
    ids.id = String(logi.json().logi_id);
    const reads = (['currencies', 'express', 'payment', 'validator'] as const).flatMap((area) =>
      Object.values(ENDPOINTS[area]).filter((endpoint) => endpoint.method === 'GET'),
    );
    expect(reads.length).toBeGreaterThanOrEqual(7);
    let walked = 0;
    for (const endpoint of reads) {
      const urls =
        endpoint.path.includes(':plugin_id')
          ? ['alipayDirectPlugin', 'weixinPayPlugin', 'unionpayPlugin'].map((plugin) => endpoint.path.replace(':plugin_id', plugin))
          : [endpoint.path.replace(':id', ids.id)];
      for (const url of urls) {
        const rateTool = endpoint.path.endsWith('/rate');
        const response = await t.inject({ method: 'GET', url: `/api/${url}${rateTool ? '?currency_code=USD' : ''}`, session: founder });
        // The rate tool asks the (here unreachable) rate source; every other read answers.
        expect(response.statusCode, url).toBe(rateTool ? 502 : 200);
        expect(response.body, url).not.toContain(PRIVATE_KEY);
        expect(response.body, url).not.toContain(WECHAT_KEY);
        walked += 1;
      }
    }
    expect(walked).toBeGreaterThanOrEqual(9);
  });
});
