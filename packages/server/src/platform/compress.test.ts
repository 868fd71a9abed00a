import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, withTestApp } from '../test/harness.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

describe('API answers on the wire', () => {
  it('compresses an answer of 1 KB or more as the browser accepts, and leaves the rest plain', async () => {
    const plain = await t.inject({ method: 'GET', url: '/api/base/lang?lang=zh-CN&type=admin', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);

    const br = await t.inject({ method: 'GET', url: '/api/base/lang?lang=zh-CN&type=admin', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.inject({ method: 'GET', url: '/api/regions/menus', session: founder, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).length).toBeGreaterThan(0);

    const small = await t.inject({ method: 'GET', url: '/api/base/site-show', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body', async () => {
    const body = zlib.gzipSync(JSON.stringify({ role_name: '压缩角色', permissions: [] }));
    const response = await t.inject({
      method: 'POST',
      url: '/api/admin/systems/roles',
      session: founder,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const roles = await t.inject({ method: 'GET', url: '/api/admin/systems/roles?page_size=100', session: founder });
    expect(JSON.stringify(roles.json())).not.toContain('压缩角色');
  });
});
