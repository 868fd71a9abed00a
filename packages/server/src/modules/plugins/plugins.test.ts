import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS, maskPhone, SMS_SIGNATURE_HEADERS, type PluginConfig } from '@agora/contract';
import { multipart, png } from '../../test/files.js';
import { parseOutboundAllow } from '../../platform/outbound.js';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { storeFile } from '../../platform/storage.js';
import { smsSignature } from './drivers.js';

let t: TestApp;
let founder: Session;
// The test's gateway listens on 127.0.0.1, which the outbound policy refuses unless OUTBOUND_ALLOW lists it.
withTestApp(
  (app, session) => {
    t = app;
    founder = session;
  },
  { outboundAllow: parseOutboundAllow('127.0.0.1') },
);

/** A loopback SMS gateway: it checks each request's signature as a real one would and keeps what it accepted. */
const GATEWAY_SECRET = 'gateway-secret-9f2';
const received: { mobile: string; content: string; sign_name: string }[] = [];
let gateway: http.Server;
let gatewayUrl = '';

let s3: S3rver;
let bucketDir = '';
let s3Endpoint = '';

beforeAll(async () => {
  // Changing a credential asks for the second step (docs/roles.md); these tests are about what comes after it.
  founder = await t.verifiedSession(founder);
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      const header = (name: string) => String(req.headers[name] ?? '');
      const expected = smsSignature(GATEWAY_SECRET, header(SMS_SIGNATURE_HEADERS.timestamp), header(SMS_SIGNATURE_HEADERS.nonce), body);
      if (header(SMS_SIGNATURE_HEADERS.appKey) !== 'agora-app' || header(SMS_SIGNATURE_HEADERS.signature) !== expected) {
        res.writeHead(401).end('bad signature');
        return;
      }
      received.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms/send`;

  bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-s3-plugin-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir, configureBuckets: [{ name: 'agora', configs: [] }] });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
  await s3?.close();
  fs.rmSync(bucketDir, { recursive: true, force: true });
});

const list = async (url: string): Promise<PluginConfig[]> => {
  const response = await t.inject({ method: 'GET', url, session: founder });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const openOf = (plugins: PluginConfig[]) => plugins.filter((plugin) => plugin.open === 1).map((plugin) => plugin.plugin_id);
const save = (url: string, payload: object, session = founder) => t.inject({ method: 'PUT', url, session, payload });
const open = (url: string, session = founder) => t.inject({ method: 'PUT', url: `${url}/open`, session });

const SMS = '/api/admin/notice/platforms';
const STORAGE = '/api/admin/systems/uploaders';
const EXPRESS = '/api/admin/systems/express-platforms';

async function lastOutboxCode(mobile: string): Promise<string | undefined> {
  const outbox = await t.inject({ method: 'GET', url: '/api/admin/systems/sms-outbox', session: founder });
  const message = outbox.json().data.find((row: { mobile: string }) => row.mobile === maskPhone(mobile));
  return message ? /(\d{6})/.exec(message.content)![1] : undefined;
}

describe('plugin-style configs', () => {
  it('start with the built-in plugin of every kind open, and none of a kind without one (plugin-open.test.ts)', async () => {
    for (const [url, open] of [
      [SMS, ['smsOutboxPlugin']],
      [EXPRESS, []],
      ['/api/admin/systems/waybills', []],
      [STORAGE, ['localStoragePlugin']],
      ['/api/admin/systems/validator', ['captchaValidatorPlugin']],
    ] as const) {
      expect(openOf(await list(url))).toEqual(open);
    }
    expect((await t.inject({ method: 'GET', url: '/api/base/validator' })).json().plugin_id).toBe('captchaValidatorPlugin');
  });

  it('refuses editing a built-in plugin, unknown items, and opening one with a required item empty', async () => {
    expect((await save(`${STORAGE}/localStoragePlugin`, { config: {} })).json()).toMatchObject({ code: 'PLUGIN_BUILTIN', message: '本地存储为内置插件，不能编辑' });
    expect((await save('/api/admin/systems/validator/captchaValidatorPlugin', { config: {} })).json().code).toBe('PLUGIN_BUILTIN');
    expect((await save(`${SMS}/smsHttpGatewayPlugin`, { config: { colour: 'red' } })).json().code).toBe('PLUGIN_ITEM_UNKNOWN');
    expect((await save(`${SMS}/smsHttpGatewayPlugin`, { config: { app_secret: 'plain?' } })).json().code).toBe('PLUGIN_ITEM_UNKNOWN');
    const refused = await open(`${SMS}/smsHttpGatewayPlugin`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('开启HTTP 短信网关前请填写网关地址');
    expect((await save(`${SMS}/noSuchPlugin`, { config: {} })).statusCode).toBe(400);
    expect(openOf(await list(SMS))).toEqual(['smsOutboxPlugin']);
  });

  it('keeps secrets write-only: a read says which are set, a save with them empty keeps them', async () => {
    const saved = await save(`${SMS}/smsHttpGatewayPlugin`, { config: { url: gatewayUrl, app_key: 'agora-app', sign_name: 'Agora' }, secrets: { app_secret: 'wrong-secret' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('wrong-secret');
    expect(saved.json()).toMatchObject({ config: { url: gatewayUrl, app_key: 'agora-app', sign_name: 'Agora' }, secrets_set: ['app_secret'], open: 0 });
    const again = await save(`${SMS}/smsHttpGatewayPlugin`, { config: { sign_name: 'Agora' }, secrets: { app_secret: '' } });
    expect(again.json().secrets_set).toEqual(['app_secret']);
    expect(again.json().config.url).toBe(gatewayUrl);
  });

  it('sends codes where the open SMS gateway says: the signed HTTP gateway, then the outbox again', async () => {
    // Opened with the wrong secret: the gateway refuses the signature and the sender hears it.
    expect((await open(`${SMS}/smsHttpGatewayPlugin`)).statusCode).toBe(200);
    expect(openOf(await list(SMS))).toEqual(['smsHttpGatewayPlugin']);
    const failed = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/smscode/13900001111', session: founder });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('短信网关发送失败：HTTP 401');
    expect(received).toHaveLength(0);

    expect((await save(`${SMS}/smsHttpGatewayPlugin`, { secrets: { app_secret: GATEWAY_SECRET } })).statusCode).toBe(200);
    const sent = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/smscode/13900002222', session: founder });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ mobile: '13900002222', sign_name: 'Agora' });
    const code = /(\d{6})/.exec(received[0].content)![1];
    expect(await lastOutboxCode('13900002222')).toBeUndefined();
    // The code the gateway delivered is the one the server checks.
    const bind = await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/valid/code', session: founder, payload: { mobile: '13900002222', sms_code: code } });
    expect(bind.statusCode, bind.body).toBe(200);

    expect((await open(`${SMS}/smsOutboxPlugin`)).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: '/api/admin/systems/authentications/smscode/13900003333', session: founder })).statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(await lastOutboxCode('13900003333')).toMatch(/^\d{6}$/);
  });

  it('of two operators switching one kind at once, each switch is whole and exactly one plugin stays open', async () => {
    await save(`${EXPRESS}/kdniaoPlugin`, { config: { business_id: '1001' }, secrets: { api_key: 'k-1' } });
    await save(`${EXPRESS}/kuaidi100Plugin`, { config: { customer: 'C1' }, secrets: { key: 'k-2' } });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => open(`${EXPRESS}/${index % 2 ? 'kdniaoPlugin' : 'kuaidi100Plugin'}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(openOf(await list(EXPRESS))).toHaveLength(1);
  });

  it('switches uploads to an S3-compatible bucket once it answers, and back to the local disk', async () => {
    const s3Config = { endpoint: 'http://127.0.0.1:9', bucket: 'agora', region: '', public_url: `${s3Endpoint}/agora`, access_key: 'S3RVER' };
    expect((await save(`${STORAGE}/s3StoragePlugin`, { config: s3Config, secrets: { secret_key: 'S3RVER' } })).statusCode).toBe(200);
    const unreachable = await open(`${STORAGE}/s3StoragePlugin`);
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().message).toMatch(/^存储连接失败：/);
    expect(openOf(await list(STORAGE))).toEqual(['localStoragePlugin']);

    expect((await save(`${STORAGE}/s3StoragePlugin`, { config: { endpoint: s3Endpoint } })).statusCode).toBe(200);
    expect((await open(`${STORAGE}/s3StoragePlugin`)).statusCode).toBe(200);
    const upload = await t.inject({ method: 'POST', url: '/api/admin/uploaders?scene=brand', session: founder, ...multipart('logo.png', png(30, 20)) });
    expect(upload.statusCode, upload.body).toBe(200);
    const { url } = upload.json() as { url: string };
    expect(url.startsWith(`${s3Endpoint}/agora/`)).toBe(true);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png(30, 20))).toBe(true);
    // While S3 is open its config must keep answering: a bucket that does not exist is refused.
    expect((await save(`${STORAGE}/s3StoragePlugin`, { config: { bucket: 'nope' } })).json().code).toBe('PLUGIN_STORAGE_UNREACHABLE');

    expect((await open(`${STORAGE}/localStoragePlugin`)).statusCode).toBe(200);
    const local = await t.inject({ method: 'POST', url: '/api/admin/uploaders?scene=brand', session: founder, ...multipart('logo.png', png(31, 20)) });
    expect(local.json().url).toMatch(/^\/files\//);
    expect((await t.inject({ method: 'GET', url: local.json().url })).statusCode).toBe(200);
  });

  it('stores a file inside a transaction long after its last look at the open storage: the put never reads the plugins itself', async () => {
    // Before: a put more than 5 s after the last look read the plugins through the root connection,
    // which on the embedded database waits for the transaction the put runs in — both for ever
    // (the demo seed of 100 000 members stopped there, its process ending with nothing to wait on).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    try {
      const stored = await Promise.race([
        t.ctx.db.transaction((tx) => storeFile(tx, t.ctx.storage, 'probe/in-a-transaction.txt', Buffer.from('kept'), { contentType: 'text/plain' })),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the put waited for its own transaction')), 5_000)),
      ]);
      expect(stored.url).toMatch(/^\/files\/probe\//);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers only to the screen of its kind', async () => {
    const { session } = await t.adminWithPermissions(founder, ['smsGatewaySettings']);
    expect((await t.inject({ method: 'GET', url: SMS, session })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: STORAGE, session })).statusCode).toBe(403);
    expect((await open(`${STORAGE}/localStoragePlugin`, session)).statusCode).toBe(403);
  });
});

describe('no secret in any read of the settings screens', () => {
  it('walks every GET of the system parameters and finds none of the secrets saved', async () => {
    const secrets = [GATEWAY_SECRET, 'k-1', 'k-2', 'S3RVER-secret-x', 'smtp-password-x'];
    await save('/api/admin/systems/waybills/cainiaoWaybillPlugin', { config: { app_key: 'ak' }, secrets: { app_secret: 'S3RVER-secret-x', session_key: 'S3RVER-secret-x' } });
    await t.inject({
      method: 'POST',
      url: '/api/admin/notice/smtps',
      session: founder,
      payload: { host: '127.0.0.1', port: 2525, username: 'u', password: 'smtp-password-x', max_count: 10, mail_from: 'a@b.cn' },
    });
    const areas = ['settings', 'smtp', 'smsPlatforms', 'expressPlatforms', 'waybills', 'storagePlugins', 'validatorPlugins', 'payment', 'validator', 'verification'] as const;
    const reads = areas.flatMap((area) => Object.values(ENDPOINTS[area]).filter((endpoint) => endpoint.method === 'GET' && !endpoint.path.includes(':')));
    expect(reads.length).toBeGreaterThan(12);
    for (const endpoint of reads) {
      const response = await t.inject({ method: 'GET', url: `/api/${endpoint.path}`, session: founder });
      expect(response.statusCode, `${endpoint.id}: ${response.body}`).toBe(200);
      for (const secret of secrets) expect(response.body, endpoint.id).not.toContain(secret);
    }
  });
});
