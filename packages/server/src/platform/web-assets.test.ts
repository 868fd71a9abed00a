import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../test/harness.js';

/** A built console as vite writes it: index.html, a hashed asset and its precompressed twins. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><script type="module" src="/admin/assets/app-Ab12Cd34.js"></script>');
fs.writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js'), script);
fs.writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js.gz'), zlib.gzipSync(script));

let t: TestApp;
withTestApp(
  (app) => {
    t = app;
  },
  { webDist },
);

describe('the built console', () => {
  it('sends the precompressed file the browser accepts, brotli first, and the plain one otherwise', async () => {
    const br = await t.inject({ method: 'GET', url: '/admin/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(Number(br.headers['content-length'])).toBeLessThan(script.length / 10);

    const gz = await t.inject({ method: 'GET', url: '/admin/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.inject({ method: 'GET', url: '/admin/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep hashed assets for a year and revalidate the page that names them', async () => {
    const asset = await t.inject({ method: 'GET', url: '/admin/assets/app-Ab12Cd34.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/admin/', '/admin/index.html', '/admin/order/order-list']) {
      const page = await t.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('app-Ab12Cd34.js');
    }
  });
});
