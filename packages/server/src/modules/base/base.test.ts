import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../test/harness.js';

let testDb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

describe('base', () => {
  it('serves a captcha picture that is never cached', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/base/captchas/LOGIN/0123456789ab' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^<svg/);
    expect((await t.inject({ method: 'GET', url: '/api/base/captchas/OTHER/0123456789ab' })).statusCode).toBe(400);
  });

  it('lists the languages and serves UI strings from the translation tables', async () => {
    const codes = (await t.inject({ method: 'GET', url: '/api/base/lang/codes' })).json();
    expect(codes.map((c: { code: string }) => c.code)).toEqual(['zh-CN', 'en-US']);
    const zh = (await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'zh-CN', type: 'admin' } })).json();
    const en = (await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'en-US', type: 'admin' } })).json();
    expect(zh.route.dashboard).toBe('首页');
    expect(en.route.dashboard).toBe('Dashboard');
    expect((await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'xx-XX' } })).statusCode).toBe(400);
  });

  it('keeps an operator-edited text when the shipped texts are synced again', async () => {
    await t.ctx.db.execute(`update ui_translations set text = '工作台', edited = 1 where lang = 'zh-CN' and key = 'route.dashboard'` as never);
    const { syncTranslations } = await import('../../platform/i18n.js');
    await syncTranslations(t.ctx.db);
    const zh = (await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'zh-CN' } })).json();
    expect(zh.route.dashboard).toBe('工作台');
  });

  it('shows only the public site fields', async () => {
    const site = (await t.inject({ method: 'GET', url: '/api/base/site-show' })).json();
    expect(Object.keys(site).sort()).toEqual(['admin_icon', 'buyer_domain', 'chat_enabled', 'logo', 'title']);
  });

  it('answers unknown API paths with a 404 in the error shape', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('redirects the root to the console', async () => {
    const response = await t.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/admin/');
  });
});
