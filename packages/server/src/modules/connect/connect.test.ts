import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { ConnectSetting, ThirdAppSetting } from '@agora/contract';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { systemLogs } from '../system-logs/tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const base = '/api/admin/members/connect';
const save = (type: string, payload: object, session = founder) => t.inject({ method: 'PUT', url: `${base}/${type}`, session, payload });
const list = async () => {
  const response = await t.inject({ method: 'GET', url: base, session: founder });
  expect(response.statusCode).toBe(200);
  return { body: response.body, settings: response.json() as ConnectSetting[] };
};
const QQ_KEY = 'qq-app-key-7d2e91c0ab';

const passSecondStep = () => t.verifiedSession(founder);

describe('trusted login', () => {
  it('lists the four sign-ins, closed and empty, and saves only after the second step', async () => {
    const { settings } = await list();
    expect(settings.map((setting) => [setting.type, setting.is_open, setting.secrets_set])).toEqual([
      ['QQ', 0, []],
      ['WEIBO', 0, []],
      ['WECHAT', 0, []],
      ['ALIPAY', 0, []],
    ]);
    expect((await save('QQ', { is_open: 0, config: { app_id: '101' } })).statusCode).toBe(428);
    await passSecondStep();
  });

  it('keeps secrets write-only: a read says they are set, an empty one keeps the stored value', async () => {
    const saved = await save('QQ', { is_open: 1, config: { app_id: '101900' }, secrets: { app_key: QQ_KEY } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(QQ_KEY);
    expect(saved.json()).toMatchObject({ type: 'QQ', is_open: 1, config: { app_id: '101900' }, secrets_set: ['app_key'] });

    const again = await save('QQ', { is_open: 1, config: { app_id: '101901' }, secrets: { app_key: '' } });
    expect(again.statusCode).toBe(200);
    const { body, settings } = await list();
    expect(body).not.toContain(QQ_KEY);
    expect(settings.find((setting) => setting.type === 'QQ')).toMatchObject({ is_open: 1, config: { app_id: '101901' }, secrets_set: ['app_key'] });
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log).toMatchObject({ operateDetail: '修改信任登录 QQ', level: 'important' });
  });

  it('refuses opening without the required keys, an unknown item and an unknown type, changing nothing', async () => {
    const missing = await save('WEIBO', { is_open: 1, config: { app_key: '3344' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('开启前请填写App Secret');
    const unknown = await save('WEIBO', { is_open: 0, secrets: { password: 'x' } });
    expect(unknown.json().message).toBe('微博登录没有配置项password');
    const badType = await save('FACEBOOK', { is_open: 0 });
    expect(badType.statusCode).toBe(400);
    // WeChat opens with the PC app alone; the official account keys are optional.
    expect((await save('WECHAT', { is_open: 1, config: { pc_app_id: 'wx01' }, secrets: { pc_app_secret: 's3cret-wx' } })).statusCode).toBe(200);
    const { settings } = await list();
    expect(settings.find((setting) => setting.type === 'WEIBO')).toMatchObject({ is_open: 0, config: { app_key: '' }, secrets_set: [] });
  });

  it('needs the trusted-login permission', async () => {
    const other = (await t.adminWithPermissions(founder, ['goodsList'])).session;
    expect((await t.inject({ method: 'GET', url: base, session: other })).statusCode).toBe(403);
  });
});

describe('third-party app settings', () => {
  const apps = '/api/admin/systems/third-platform/apps';
  const MP_SECRET = 'wx-mp-secret-5f0c2b9e77';
  const listApps = async () => {
    const response = await t.inject({ method: 'GET', url: apps, session: founder });
    expect(response.statusCode).toBe(200);
    return { body: response.body, settings: response.json() as ThirdAppSetting[] };
  };
  const saveApp = (type: string, payload: object, session = founder) => t.inject({ method: 'PUT', url: `${apps}/${type}`, session, payload });

  it('lists the apps apart from the sign-ins and keeps their secrets write-only, an empty one keeping the stored value', async () => {
    const { settings } = await listApps();
    expect(settings.map((setting) => setting.type)).toEqual(['WX_MP', 'WX_MINI', 'WX_APP', 'ALI_APP', 'QQ_APP']);
    const saved = await saveApp('WX_MP', { is_open: 1, config: { app_id: 'wx6d1f0a' }, secrets: { app_secret: MP_SECRET } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(MP_SECRET);
    expect(saved.json()).toMatchObject({ type: 'WX_MP', is_open: 1, config: { app_id: 'wx6d1f0a' }, secrets_set: ['app_secret'] });
    expect((await saveApp('WX_MP', { is_open: 1, config: { app_id: 'wx6d1f0b' }, secrets: { app_secret: '' } })).statusCode).toBe(200);
    const { body, settings: after } = await listApps();
    expect(body).not.toContain(MP_SECRET);
    expect(after.find((setting) => setting.type === 'WX_MP')).toMatchObject({ is_open: 1, config: { app_id: 'wx6d1f0b' }, secrets_set: ['app_secret'] });
    // the sign-ins list is untouched by the apps and shows none of them
    expect((await list()).settings.map((setting) => setting.type)).toEqual(['QQ', 'WEIBO', 'WECHAT', 'ALIPAY']);
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log).toMatchObject({ operateDetail: '修改第三方应用设置 WX_MP', level: 'important' });
  });

  it('refuses opening without the required keys, an item of another group, a sign-in type and another role', async () => {
    const missing = await saveApp('ALI_APP', { is_open: 1, config: { app_id: '2021000' } });
    expect(missing.json().message).toBe('开启前请填写应用私钥');
    expect((await saveApp('WX_MINI', { is_open: 0, config: { pc_app_id: 'x' } })).json().message).toBe('微信小程序没有配置项pc_app_id');
    expect((await saveApp('QQ', { is_open: 0 })).json().message).toBe('第三方应用类型有误');
    expect((await listApps()).settings.find((setting) => setting.type === 'ALI_APP')).toMatchObject({ is_open: 0, config: { app_id: '' } });
    const other = (await t.adminWithPermissions(founder, ['trustLogin'])).session;
    expect((await t.inject({ method: 'GET', url: apps, session: other })).statusCode).toBe(403);
  });
});
