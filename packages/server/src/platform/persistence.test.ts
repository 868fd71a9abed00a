import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestDatabase } from '../test/harness.js';
import { loadConfig } from './config.js';

let testDb: TestDatabase;
afterAll(async () => {
  await testDb?.drop();
});

describe('persistence', () => {
  it('keeps every change and the signed-in sessions across a restart', async () => {
    testDb = await createTestDatabase({ persistent: true });
    const first = await startTestApp(testDb);
    const founder = await first.loginFounder();
    const role = await first.inject({ method: 'POST', url: '/api/admin/systems/roles', session: founder, payload: { role_name: '重启测试', permissions: ['systemLogs'] } });
    expect(role.statusCode).toBe(200);
    await first.close();

    const second = await startTestApp(testDb);
    try {
      const detail = await second.inject({ method: 'GET', url: `/api/admin/systems/roles/${role.json().role_id}`, session: founder });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({ role_name: '重启测试', permissions: ['systemLogs'] });
      const logs = await second.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { keyword: '新增角色' } });
      expect(logs.json().data_total).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('configuration', () => {
  it('refuses to start with a fixed captcha answer in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_FIXED_CODE: 'abcd' })).toThrow(/CAPTCHA_FIXED_CODE/);
    expect(loadConfig({ NODE_ENV: 'production' }).captchaFixedCode).toBeUndefined();
  });
});
