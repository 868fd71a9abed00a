import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERRORS, formatMessage } from '@agora/contract';
import { pluginConfigs } from '../modules/plugins/tables.js';
import { smtpAccounts } from '../modules/notice/tables.js';
import { insertCategory, insertGoods, insertShop } from '../test/marketplace-fixtures.js';
import { withTestApp, type Session, type TestApp } from '../test/harness.js';
import { AppError } from './errors.js';
import { isPublicAddress, OutboundFailure, outboundRequest, parseOutboundAllow, type Outbound } from './outbound.js';

let t: TestApp;
let founder: Session;
// No OUTBOUND_ALLOW: the policy as a server gets it by default.
withTestApp((app, session) => {
  t = app;
  founder = session;
});

/** What the loopback listeners received: the policy is proven by their staying empty. */
const heard: string[] = [];
const BODY_SECRET = 'internal-answer-7f3a';
let web: http.Server;
let webPort = 0;
/** a second loopback address, not allowed when only 127.0.0.1 is */
let inner: http.Server;
let innerPort = 0;
const innerHeard: string[] = [];
/** the signature header of each request the inner listener heard (a redirect must not carry it there) */
const innerSignatures: (string | undefined)[] = [];
let tcp: net.Server;
let tcpPort = 0;
let tcpConnections = 0;

const listen = (server: http.Server | net.Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  // the saves of settings may ask for the second step
  founder = await t.verifiedSession(founder);
  web = http.createServer((req, res) => {
    heard.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/to-inner') return res.writeHead(302, { location: `http://127.0.0.2:${innerPort}/meta` }).end();
    if (url.pathname === '/to-inner-as-is') return res.writeHead(307, { location: `http://127.0.0.2:${innerPort}/meta` }).end();
    if (url.pathname === '/to-metadata') return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url.pathname === '/to-send') return res.writeHead(307, { location: '/send' }).end();
    if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/big') return res.end('x'.repeat(2 * 1024 * 1024));
    if (url.pathname === '/send') return res.end('{"ok":true}');
    res.writeHead(500).end(`stack trace with ${BODY_SECRET}`);
  });
  webPort = await listen(web, '127.0.0.1');
  inner = http.createServer((req, res) => {
    innerHeard.push(`${req.method} ${req.url}`);
    innerSignatures.push(req.headers['x-signature'] as string | undefined);
    res.end('instance credentials');
  });
  innerPort = await listen(inner, '127.0.0.2');
  tcp = net.createServer((socket) => {
    tcpConnections += 1;
    socket.end('220 smtp.internal ESMTP\r\n');
    socket.destroySoon();
  });
  tcpPort = await listen(tcp, '127.0.0.1');
});
afterAll(async () => {
  for (const server of [web, inner]) server.closeAllConnections();
  await Promise.all([web, inner, tcp].map((server) => new Promise((resolve) => server.close(resolve))));
});

const REFUSED_HOST = (host: string) => formatMessage(ERRORS.OUTBOUND_HOST_REFUSED.zh, { host });
/** Each target the policy refuses, with the message the operator reads. */
const refusedTargets = () => [
  { url: `http://127.0.0.1:${webPort}/sms`, message: REFUSED_HOST('127.0.0.1') },
  { url: `http://localhost:${webPort}/sms`, message: REFUSED_HOST('localhost') },
  { url: `http://[::1]:${webPort}/sms`, message: REFUSED_HOST('::1') },
  { url: 'http://169.254.169.254/latest/meta-data/', message: REFUSED_HOST('169.254.169.254') },
  { url: 'http://10.20.30.40/sms', message: REFUSED_HOST('10.20.30.40') },
  { url: 'http://2130706433/sms', message: REFUSED_HOST('127.0.0.1') },
  { url: 'file:///etc/passwd', message: formatMessage(ERRORS.OUTBOUND_SCHEME_REFUSED.zh, { scheme: 'file:' }) },
  { url: `gopher://127.0.0.1:${webPort}/_x`, message: formatMessage(ERRORS.OUTBOUND_SCHEME_REFUSED.zh, { scheme: 'gopher:' }) },
];

const SMS = '/api/admin/notice/platforms/smsHttpGatewayPlugin';
const TRANSLATION = '/api/admin/i18n/translate-platforms/httpTranslationPlugin';
const S3 = '/api/admin/systems/uploaders/s3StoragePlugin';
const SMTPS = '/api/admin/notice/smtps';

const put = (url: string, payload: object) => t.inject({ method: 'PUT', url, session: founder, payload });
const pluginConfig = async (url: string) => (await t.inject({ method: 'GET', url: url.replace(/\/[^/]+$/, ''), session: founder })).json();

/** A code to a new number each time: a number has to wait a minute before its next code. */
let mobile = 13900000000;
const sendCode = () => t.inject({ method: 'PUT', url: `/api/admin/systems/authentications/smscode/${(mobile += 1)}`, session: founder });

/** A plugin's URL stored as a server before this policy could have saved it, and the plugin opened. */
async function storeOpen(kind: 'SMS' | 'TRANSLATION', pluginId: string, url: string) {
  await t.ctx.db.update(pluginConfigs).set({ open: 0 }).where(eq(pluginConfigs.kind, kind));
  await t.ctx.db
    .update(pluginConfigs)
    .set({ open: 1, config: { url, app_key: 'agora' }, secrets: { app_secret: 'gateway-secret' } })
    .where(and(eq(pluginConfigs.kind, kind), eq(pluginConfigs.pluginId, pluginId)));
}

describe('the outbound policy refuses what is not a public http(s) address', () => {
  it('knows the non-public addresses, IPv4 carried in IPv6 included', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fd12::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('reads OUTBOUND_ALLOW as hosts, addresses and networks, and stops the start on anything else', () => {
    const allow = parseOutboundAllow(' SMS.internal , 127.0.0.1,10.0.0.0/8, [fd00::]/8 ');
    expect([...allow.hosts]).toEqual(['sms.internal']);
    expect(allow.networks.check('10.9.8.7', 'ipv4')).toBe(true);
    expect(allow.networks.check('127.0.0.2', 'ipv4')).toBe(false);
    expect(allow.networks.check('fd00::5', 'ipv6')).toBe(true);
    for (const bad of ['10.0.0.0/33', 'http://host', 'a b', '10.0.0.0/8/1']) expect(() => parseOutboundAllow(bad), bad).toThrow(/OUTBOUND_ALLOW/);
  });

  it('saving the SMS gateway, the translation platform or the S3 endpoint at a refused URL answers 400 and changes nothing', async () => {
    for (const { url, message } of refusedTargets()) {
      for (const [path, config] of [
        [SMS, { url, app_key: 'agora' }],
        [TRANSLATION, { url, app_key: 'agora' }],
        [S3, { endpoint: url, bucket: 'agora', public_url: 'https://cdn.agora.test/agora', access_key: 'key' }],
      ] as const) {
        const saved = await put(path, { config, secrets: {} });
        expect(saved.statusCode, `${path} ${url}`).toBe(400);
        expect(saved.json().message, `${path} ${url}`).toBe(message);
      }
    }
    for (const path of [SMS, TRANSLATION]) expect((await pluginConfig(path)).find((plugin: { config: { url?: string } }) => plugin.config.url !== undefined).config.url).toBe('');
    expect(heard).toEqual([]);
  });

  it('saving an SMTP account at a refused host answers 400 and changes nothing', async () => {
    for (const host of ['127.0.0.1', 'localhost', '169.254.169.254', '10.0.0.8', '2130706433']) {
      const created = await t.inject({ method: 'POST', url: SMTPS, session: founder, payload: { host, port: tcpPort, username: 'u', password: 'p', max_count: 10, mail_from: 'a@agora.test' } });
      expect(created.statusCode, host).toBe(400);
      expect(created.json().code, host).toBe('OUTBOUND_HOST_REFUSED');
    }
    expect((await t.inject({ method: 'GET', url: SMTPS, session: founder })).json().data).toEqual([]);
    expect(tcpConnections).toBe(0);
  });

  it('a refused SMTP host stored before is refused before connecting: an open and a closed port answer the same', async () => {
    const [open] = await t.ctx.db.insert(smtpAccounts).values({ host: '127.0.0.1', port: tcpPort, username: 'u', password: 'p', openSsl: 0, maxCount: 10, mailFrom: 'a@agora.test' }).returning();
    const [closed] = await t.ctx.db.insert(smtpAccounts).values({ host: 'localhost', port: 1, username: 'u', password: 'p', openSsl: 0, maxCount: 10, mailFrom: 'a@agora.test' }).returning();
    const send = (id: number) => t.inject({ method: 'POST', url: `${SMTPS}/send`, session: founder, query: { email: 'ops@agora.test', smtp_id: String(id) } });
    const [toOpen, toClosed] = [await send(open.id), await send(closed.id)];
    expect(toOpen.statusCode).toBe(400);
    expect(toOpen.json().message).toBe(REFUSED_HOST('127.0.0.1'));
    expect(toClosed.json().message).toBe(REFUSED_HOST('localhost'));
    expect(tcpConnections).toBe(0);
    await t.ctx.db.delete(smtpAccounts);
  });

  it('an SMS gateway or translation platform stored at a refused URL is refused when a text goes out', async () => {
    for (const { url, message } of refusedTargets()) {
      await storeOpen('SMS', 'smsHttpGatewayPlugin', url);
      const code = await sendCode();
      expect(code.statusCode, url).toBe(400);
      expect(code.json().message, url).toBe(message);
    }
    await storeOpen('SMS', 'smsOutboxPlugin', '');
    const goods = await insertGoods(t.ctx, await insertShop(t.ctx), await insertCategory(t.ctx, '外呼测试'));
    for (const { url, message } of refusedTargets()) {
      await storeOpen('TRANSLATION', 'httpTranslationPlugin', url);
      const translated = await t.inject({ method: 'POST', url: '/api/admin/i18n/goods/translate', session: founder, payload: { goods_id: goods.id } });
      expect(translated.statusCode, url).toBe(400);
      expect(translated.json().message, url).toBe(message);
    }
    await storeOpen('TRANSLATION', 'noTranslationPlugin', '');
    expect(heard).toEqual([]);
  });

  it('the exchange-rate source and the WeChat API at a refused URL are refused, nothing asked', async () => {
    const { exchangeRateUrl, wechat } = t.ctx.config;
    try {
      for (const { url, message } of refusedTargets()) {
        t.ctx.config.exchangeRateUrl = url.replace(/\/[^/]*$/, '');
        const rate = await t.inject({ method: 'GET', url: '/api/admin/i18n/currencies/rate?currency_code=USD', session: founder });
        expect(rate.statusCode, url).toBe(400);
        expect(rate.json().message, url).toBe(message);
        t.ctx.config.wechat = { apiUrl: url.replace(/\/[^/]*$/, ''), appId: 'wx-app', appSecret: 'wx-secret' };
        const sync = await t.inject({ method: 'POST', url: '/api/admin/systems/wechat-msg-tmp/sync', session: founder });
        expect(sync.statusCode, url).toBe(400);
        expect(sync.json().message, url).toBe(message);
      }
    } finally {
      Object.assign(t.ctx.config, { exchangeRateUrl, wechat });
    }
    expect(heard).toEqual([]);
  });
});

describe('an allowed gateway on the loopback (OUTBOUND_ALLOW=127.0.0.1)', () => {
  let allowDefault: typeof t.ctx.config.outboundAllow;
  beforeAll(() => {
    allowDefault = t.ctx.config.outboundAllow;
    t.ctx.config.outboundAllow = parseOutboundAllow('127.0.0.1');
  });
  afterAll(async () => {
    t.ctx.config.outboundAllow = allowDefault;
    await storeOpen('SMS', 'smsOutboxPlugin', '');
  });

  it('is saved and reached, and a redirect within it is followed', async () => {
    expect((await put(SMS, { config: { url: `http://127.0.0.1:${webPort}/to-send`, app_key: 'agora' }, secrets: { app_secret: 's' } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: `${SMS}/open`, session: founder })).statusCode).toBe(200);
    heard.length = 0;
    const sent = await sendCode();
    expect(sent.statusCode, sent.body).toBe(200);
    // 307 repeats the POST at the new place
    expect(heard).toEqual(['POST /to-send', 'POST /send']);
  });

  it('a redirect to an address not allowed is refused before anything reaches it', async () => {
    await storeOpen('SMS', 'smsHttpGatewayPlugin', `http://127.0.0.1:${webPort}/to-inner`);
    const toInner = await sendCode();
    expect(toInner.statusCode).toBe(400);
    expect(toInner.json().message).toBe(REFUSED_HOST('127.0.0.2'));
    await storeOpen('SMS', 'smsHttpGatewayPlugin', `http://127.0.0.1:${webPort}/to-metadata`);
    expect((await sendCode()).json().message).toBe(REFUSED_HOST('169.254.169.254'));
    expect(innerHeard).toEqual([]);
  });

  it('tells the operator the status of a failed answer, never its text', async () => {
    await storeOpen('SMS', 'smsHttpGatewayPlugin', `http://127.0.0.1:${webPort}/fails`);
    const failed = await sendCode();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('短信网关发送失败：HTTP 500');
    expect(failed.body).not.toContain(BODY_SECRET);
  });

  it('never carries the signing headers of a request or its body to another origin', async () => {
    const out: Outbound = { config: { outboundAllow: parseOutboundAllow('127.0.0.1,127.0.0.2') }, log: t.ctx.log };
    const signed = { method: 'POST' as const, headers: { 'x-signature': 'signed-for-the-gateway' }, body: '{"mobile":"13800000000"}' };
    innerHeard.length = 0;
    innerSignatures.length = 0;
    // a 302 turns into a GET of the other origin, without the headers
    expect((await outboundRequest(out, `http://127.0.0.1:${webPort}/to-inner`, signed)).text).toBe('instance credentials');
    expect(innerHeard).toEqual(['GET /meta']);
    expect(innerSignatures).toEqual([undefined]);
    // a 307 would repeat the signed body there: not followed
    await expect(outboundRequest(out, `http://127.0.0.1:${webPort}/to-inner-as-is`, signed)).rejects.toMatchObject({ reason: 'redirected to another origin' });
    expect(innerHeard).toEqual(['GET /meta']);
  });

  it('gives up after a few redirects and on an answer too large', async () => {
    const out: Outbound = { config: { outboundAllow: parseOutboundAllow('127.0.0.1') }, log: t.ctx.log };
    const reason = (url: string) => outboundRequest(out, url).then(() => 'answered', (error: unknown) => (error instanceof OutboundFailure ? error.reason : String(error)));
    expect(await reason(`http://127.0.0.1:${webPort}/loop`)).toBe('too many redirects');
    expect(await reason(`http://127.0.0.1:${webPort}/big`)).toBe('answer too large');
    expect(await reason(`http://127.0.0.1:${tcpPort}/`)).toBe('connection failed');
    // a host listed by name is let through whatever it resolves to; the address alone is not enough for another name
    const byName: Outbound = { config: { outboundAllow: parseOutboundAllow('localhost') }, log: t.ctx.log };
    expect((await outboundRequest(byName, `http://localhost:${webPort}/send`)).text).toBe('{"ok":true}');
    await expect(outboundRequest(byName, `http://127.0.0.1:${webPort}/send`)).rejects.toBeInstanceOf(AppError);
  });
});
