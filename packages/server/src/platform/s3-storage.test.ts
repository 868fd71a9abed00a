import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4, multipart, png } from '../test/files.js';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../test/harness.js';
import { storedFiles } from '../db/tables.js';
import { s3ConfigFromEnv, s3Driver, type S3Config } from './s3-storage.js';
import { checkedLookup, parseOutboundAllow } from './outbound.js';

/*
 * The S3-compatible driver against a real S3 protocol server (s3rver, in process): objects
 * go in signed, are read back, served from the public URL, and removed. s3rver does not check
 * Signature V4 itself, so every request passes a gate that does, written from AWS's
 * specification independently of the SDK; the gate also keeps what it was asked and can answer
 * 503 SlowDown, as a busy bucket does.
 */
const SECRET = 'gate-secret';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => crypto.createHmac('sha256', key).update(text).digest();

/** Whether a request carries a valid AWS Signature V4 for SECRET; requests without one are anonymous. */
function signatureValid(req: http.IncomingMessage): boolean {
  const auth = /^AWS4-HMAC-SHA256 Credential=[^/]+\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!auth) return false;
  const [, date, region, signedHeaders, provided] = auth;
  const [pathname, query = ''] = (req.url ?? '/').split('?');
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => (pair.includes('=') ? pair : `${pair}=`))
    .sort()
    .join('&');
  const headers = signedHeaders.split(';');
  const canonicalHeaders = headers.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [req.method, pathname, canonicalQuery, canonicalHeaders, signedHeaders, String(req.headers['x-amz-content-sha256'])].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', String(req.headers['x-amz-date']), scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date), region), 's3'), 'aws4_request');
  return headers.includes('host') && crypto.createHmac('sha256', key).update(stringToSign).digest('hex') === provided;
}

let s3: S3rver;
let gate: http.Server;
/** `METHOD /path?query` of every request the gate let through or refused */
const asked: string[] = [];
/** keys whose next PUTs the gate answers 503 SlowDown, this many times each */
const slowDown = new Map<string, number>();
let bucketDir: string;
let config: S3Config;
let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir, configureBuckets: [{ name: 'agora', configs: [] }] });
  const { port: s3Port } = await s3.run();
  // Signed requests must be signed right; anonymous ones (browsers reading the public URL) only read.
  gate = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const throttled = [...slowDown].find(([key, times]) => times > 0 && req.method === 'PUT' && req.url?.startsWith(`/agora/${key}`));
    if (throttled) {
      slowDown.set(throttled[0], throttled[1] - 1);
      req.resume();
      res.writeHead(503).end('<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>');
      return;
    }
    const anonymousRead = !req.headers.authorization && req.method === 'GET';
    if (!anonymousRead && !signatureValid(req)) {
      req.resume();
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const forward = http.request({ host: '127.0.0.1', port: s3Port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const { port } = gate.address() as AddressInfo;
  config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'agora',
    accessKey: 'S3RVER',
    secretKey: SECRET,
    publicUrl: `http://127.0.0.1:${port}/agora/`,
    region: 'us-east-1',
  };
  testDb = await createTestDatabase();
  t = await startTestApp(testDb, { s3: config, streamUploadMaxMb: 1 });
  founder = await t.loginFounder();
});
afterAll(async () => {
  await t?.close();
  await testDb?.drop();
  await new Promise((resolve) => gate?.close(resolve));
  await s3?.close();
  fs.rmSync(bucketDir, { recursive: true, force: true });
});

function upload(url: string, filename: string, bytes: Buffer) {
  return t.inject({ method: 'POST', url, session: founder, ...multipart(filename, bytes) });
}

describe('S3-compatible storage', () => {
  it('takes its settings from S3_* all together, or none of them', () => {
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(
      s3ConfigFromEnv({ S3_ENDPOINT: 'https://s3.example', S3_BUCKET: 'b', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', S3_PUBLIC_URL: 'https://cdn.example/' }),
    ).toMatchObject({ endpoint: 'https://s3.example', bucket: 'b', publicUrl: 'https://cdn.example/', region: 'us-east-1' });
    expect(() => s3ConfigFromEnv({ S3_ENDPOINT: 'https://s3.example', S3_BUCKET: 'b' })).toThrow(/missing S3_ACCESS_KEY, S3_SECRET_KEY, S3_PUBLIC_URL/);
  });

  it('puts, reads, serves and deletes objects; a missing object reads as null', async () => {
    const driver = s3Driver(config);
    const bytes = Buffer.from('第一张图 '.repeat(500));
    const stored = await driver.put('tests/202611/a.txt', bytes, 'text/plain');
    expect(stored.url).toBe(`${config.publicUrl}tests/202611/a.txt`);
    expect(driver.keyOf(stored.url)).toBe('tests/202611/a.txt');
    expect(driver.keyOf('/files/tests/202611/a.txt')).toBeNull();

    const stream = await driver.read('tests/202611/a.txt');
    const chunks: Buffer[] = [];
    for await (const part of stream!) chunks.push(part as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    const served = await fetch(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/plain');
    expect(served.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');

    const file = path.join(bucketDir, 'streamed.bin');
    fs.writeFileSync(file, Buffer.alloc(300_000, 5));
    await driver.putStream('tests/202611/b.bin', fs.createReadStream(file), 'application/octet-stream', 300_000);
    expect((await (await fetch(`${config.publicUrl}tests/202611/b.bin`)).arrayBuffer()).byteLength).toBe(300_000);

    await driver.delete('tests/202611/a.txt');
    expect(await driver.read('tests/202611/a.txt')).toBeNull();
    await expect(driver.delete('tests/202611/never.txt')).resolves.toBeUndefined();
    await expect(s3Driver({ ...config, bucket: 'no-such-bucket' }).put('x/y.txt', bytes, 'text/plain')).rejects.toThrow(/S3 PUT x\/y.txt: 404 NoSuchBucket/);
    // The server checks the signature: a wrong secret gets nowhere.
    await expect(s3Driver({ ...config, secretKey: 'wrong' }).put('x/y.txt', bytes, 'text/plain')).rejects.toThrow(/S3 PUT x\/y.txt: 403 SignatureDoesNotMatch/);
    await expect(s3Driver({ ...config, endpoint: 'http://127.0.0.1:1' }).read('x/y.txt')).rejects.toThrow(/S3 GET x\/y.txt: no answer/);
  });

  it('connects an endpoint by name only to an address the outbound policy allows, at every connection', async () => {
    // `localhost` is the name a rebinding endpoint would resolve to after its check at save time
    const byName = { ...config, endpoint: config.endpoint.replace('127.0.0.1', 'localhost') };
    const before = asked.length;
    const refused = s3Driver(byName, { lookup: checkedLookup(parseOutboundAllow(undefined)) });
    await expect(refused.put('tests/policy/refused.txt', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({ cause: { code: 'OUTBOUND_HOST_REFUSED' } });
    expect(asked.length).toBe(before);
    const allowed = s3Driver(byName, { lookup: checkedLookup(parseOutboundAllow('127.0.0.1,::1')) });
    await allowed.put('tests/policy/allowed.txt', Buffer.from('x'), 'text/plain');
    expect(asked.at(-1)).toMatch(/^PUT \/agora\/tests\/policy\/allowed\.txt/);
  });

  it('sends a big stream as a multipart upload, in parts, and serves it whole', async () => {
    const size = 17 * 1024 * 1024;
    const file = path.join(bucketDir, 'big.bin');
    fs.writeFileSync(file, crypto.randomBytes(size));
    asked.length = 0;
    const stored = await s3Driver(config).putStream('tests/202611/big.bin', fs.createReadStream(file), 'video/mp4', size);
    expect(asked.filter((line) => line.startsWith('POST /agora/tests/202611/big.bin?uploads'))).toHaveLength(1);
    expect(asked.filter((line) => /^PUT \/agora\/tests\/202611\/big\.bin\?.*partNumber=\d/.test(line))).toHaveLength(3);
    const served = Buffer.from(await (await fetch(stored.url)).arrayBuffer());
    expect(served.equals(fs.readFileSync(file))).toBe(true);
  });

  it('tries again when the bucket answers 503 SlowDown, and gives up after four tries', async () => {
    const driver = s3Driver(config);
    slowDown.set('tests/202611/busy.txt', 2);
    asked.length = 0;
    await driver.put('tests/202611/busy.txt', Buffer.from('忙'), 'text/plain');
    expect(asked.filter((line) => line.startsWith('PUT /agora/tests/202611/busy.txt'))).toHaveLength(3);
    expect((await fetch(`${config.publicUrl}tests/202611/busy.txt`)).status).toBe(200);

    slowDown.set('tests/202611/never.txt', 10);
    asked.length = 0;
    await expect(driver.put('tests/202611/never.txt', Buffer.from('忙'), 'text/plain')).rejects.toThrow(/S3 PUT tests\/202611\/never.txt: 503 SlowDown/);
    expect(asked.filter((line) => line.startsWith('PUT /agora/tests/202611/never.txt'))).toHaveLength(4);
    slowDown.clear();
  });

  it('carries uploads, streamed videos and the library through the bucket', async () => {
    const picture = await upload('/api/admin/uploaders?scene=brand', 'logo.png', png(40, 20));
    expect(picture.statusCode, picture.body).toBe(200);
    const { url } = picture.json();
    expect(url).toMatch(new RegExp(`^${config.publicUrl}brand/\\d{6}/[0-9a-f]{24}\\.png$`));
    expect((await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, url.slice(config.publicUrl.length))))[0]).toMatchObject({ driver: 's3', width: 40 });
    expect((await fetch(url)).status).toBe(200);

    const video = await upload('/api/admin/uploaders/stream', 'clip.mp4', mp4(95, { mediaBytes: 200_000 }));
    expect(video.json()).toMatchObject({ ext: 'mp4', duration: 95 });
    const streamed = await fetch(video.json().url);
    expect((await streamed.arrayBuffer()).byteLength).toBe(video.json().size);

    const tooBig = await upload('/api/admin/uploaders/stream', 'big.png', Buffer.alloc(11 * 1024 * 1024));
    expect(tooBig.json().code).toBe('UPLOAD_IMAGE_TOO_LARGE');

    const added = await t.inject({ method: 'POST', url: '/api/seller/shops/resource/batch', session: founder, payload: [{ resource_name: '标志', resource_url: url }] });
    expect(added.statusCode, added.body).toBe(200);
    const removed = await t.inject({ method: 'DELETE', url: `/api/seller/shops/resource/batch?ids=${added.json()[0].id}`, session: founder });
    expect(removed.statusCode).toBe(200);
    expect((await fetch(url)).status).toBe(404);
    // Our own local URLs mean nothing to a bucket-backed library.
    const local = await t.inject({ method: 'POST', url: '/api/seller/shops/resource/batch', session: founder, payload: [{ resource_name: 'x', resource_url: `/files/${url.slice(config.publicUrl.length)}` }] });
    expect(local.json().code).toBe('RESOURCE_URL_UNKNOWN');
  });
});
