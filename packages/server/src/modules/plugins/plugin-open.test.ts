import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PluginConfig } from '@agora/contract';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { ensurePlugins } from './service.js';
import { pluginConfigs } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});
beforeAll(async () => {
  founder = await t.verifiedSession(founder);
});

const EXPRESS = '/api/admin/systems/express-platforms';
const WAYBILLS = '/api/admin/systems/waybills';
const list = async (url: string) => (await t.inject({ method: 'GET', url, session: founder })).json() as PluginConfig[];
const openOf = async (url: string) => (await list(url)).filter((plugin) => plugin.open === 1).map((plugin) => plugin.plugin_id);

describe('a plugin is never open without its required settings', () => {
  it('starts the express query and e-waybill platforms switched off: they have no credentials yet', async () => {
    expect(await openOf(EXPRESS)).toEqual([]);
    expect(await openOf(WAYBILLS)).toEqual([]);
  });

  it('refuses switching on a platform with an empty required setting (zh and en), and changes nothing', async () => {
    const saved = await t.inject({ method: 'PUT', url: `${EXPRESS}/kdniaoPlugin`, session: founder, payload: { config: { business_id: '   ' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await t.inject({ method: 'PUT', url: `${EXPRESS}/kdniaoPlugin/open`, session: founder });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PLUGIN_ITEM_REQUIRED', message: '开启快递鸟前请填写商户ID' });
    const english = await t.inject({ method: 'PUT', url: `${WAYBILLS}/kdniaoWaybillPlugin/open`, session: founder, headers: { language: 'en-US' } });
    expect(english.json()).toMatchObject({ code: 'PLUGIN_ITEM_REQUIRED', message: 'Fill in E-business ID before opening KDNiao e-waybill' });
    expect(await openOf(EXPRESS)).toEqual([]);
    expect(await openOf(WAYBILLS)).toEqual([]);

    const complete = await t.inject({ method: 'PUT', url: `${EXPRESS}/kdniaoPlugin`, session: founder, payload: { config: { business_id: '1001' }, secrets: { api_key: 'k-1' } } });
    expect(complete.statusCode, complete.body).toBe(200);
    expect((await t.inject({ method: 'PUT', url: `${EXPRESS}/kdniaoPlugin/open`, session: founder })).statusCode).toBe(200);
    expect(await openOf(EXPRESS)).toEqual(['kdniaoPlugin']);
  });

  it('at start, switches off a platform an earlier build opened with blank credentials; the built-in one takes over where there is one', async () => {
    const db = t.ctx.db;
    await db.update(pluginConfigs).set({ open: 0 }).where(eq(pluginConfigs.kind, 'WAYBILL'));
    await db.update(pluginConfigs).set({ open: 1, config: {}, secrets: {} }).where(and(eq(pluginConfigs.kind, 'WAYBILL'), eq(pluginConfigs.pluginId, 'kdniaoWaybillPlugin')));
    await db.update(pluginConfigs).set({ open: 0 }).where(eq(pluginConfigs.kind, 'SMS'));
    await db.update(pluginConfigs).set({ open: 1, config: { url: '' } }).where(and(eq(pluginConfigs.kind, 'SMS'), eq(pluginConfigs.pluginId, 'smsHttpGatewayPlugin')));
    await ensurePlugins(db);
    expect(await openOf(WAYBILLS)).toEqual([]);
    expect(await openOf('/api/admin/notice/platforms')).toEqual(['smsOutboxPlugin']);
    // a complete one stays open
    await ensurePlugins(db);
    expect(await openOf(EXPRESS)).toEqual(['kdniaoPlugin']);
  });
});
