import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, endpoint, defineEndpoints, type AnyEndpoint } from '@agora/contract';
import { z, type ZodType } from 'zod';
import { MODULE_ROUTES } from '../app.js';
import { md5 } from './passwords.js';
import { route, twoStepOf } from './http.js';
import { type Session, type TestApp, withTestApp } from '../test/harness.js';

/**
 * The second-step rule (docs/roles.md): every change of a secret or credential, every payment
 * setting, every bulk destructive action and every export of personal data asks for it. The
 * contract entry declares it; these tests decide "credential-bearing" and "export of records" by
 * the endpoint's shape, so a new endpoint that should ask and does not fails here.
 */

/** A field that carries a secret: passwords (the spec's `old_passwprd` too), secrets, tokens, credentials, `*_key`. */
const CREDENTIAL_FIELD = /passw|secret|token|credential|_key$/;

/** Areas whose every write changes a credential or a payment setting: gateways' keys, sign-in keys, mail accounts, API clients. */
const CREDENTIAL_AREAS = new Set([
  'payment',
  'connect',
  'thirdApps',
  'smsPlatforms',
  'expressPlatforms',
  'waybills',
  'storagePlugins',
  'validatorPlugins',
  'translationPlatforms',
  'smtp',
  'oauth2Clients',
]);

/** Credential-bearing writes that do not ask, each with why. */
const EXEMPT: Record<string, string> = {
  'session.changePassword': 'one\'s own password: the old password is checked in the same request, under the sign-in lockout',
  'verification.checkPassword': 'this is the second step',
  'admins.create': 'a new account has no credential to change hands; creating operators is guarded by administratorManage',
  'members.create': 'a new member\'s first password; no existing credential changes and no console access is granted',
  'smtp.testSend': 'sends a test mail with the saved account; changes nothing',
};

/** Every field name of a zod schema, nested ones included (`clients.[].secrets`'s `secrets`). */
function fieldNames(schema: ZodType | undefined, names: string[] = [], depth = 0): string[] {
  const def = (schema as { _zod?: { def: Record<string, any> } } | undefined)?._zod?.def;
  if (!def || depth > 8) return names;
  switch (def.type) {
    case 'object':
      for (const [name, inner] of Object.entries(def.shape as Record<string, ZodType>)) {
        names.push(name);
        fieldNames(inner, names, depth + 1);
      }
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      fieldNames(def.innerType, names, depth + 1);
      break;
    case 'pipe':
      fieldNames(def.in, names, depth + 1);
      break;
    case 'array':
      fieldNames(def.element, names, depth + 1);
      break;
    case 'union':
      for (const option of def.options) fieldNames(option, names, depth + 1);
      break;
    case 'intersection':
      fieldNames(def.left, names, depth + 1);
      fieldNames(def.right, names, depth + 1);
      break;
    case 'record':
      fieldNames(def.valueType, names, depth + 1);
      break;
  }
  return names;
}

const signedInWrites = ALL_ENDPOINTS.filter((entry) => entry.method !== 'GET' && entry.permission !== 'public');

function credentialBearing(entry: AnyEndpoint): boolean {
  return CREDENTIAL_AREAS.has(entry.area) || fieldNames(entry.body).some((name) => CREDENTIAL_FIELD.test(name));
}

/** An export of rows (people, shops, goods, orders, money): the statistics reports' exports hold aggregates only. */
const exportsRecords = (entry: AnyEndpoint) => /\/export(\/|$)/.test(entry.path) && !entry.area.startsWith('statistics');

describe('the second-step declarations', () => {
  it('lists the endpoints that ask for the second step', () => {
    const declared = ALL_ENDPOINTS.filter((entry) => entry.twoStep).map((entry) => `${entry.id}${entry.twoStep === 'conditional' ? ' (conditional)' : ''}`);
    expect(declared.sort()).toEqual([
      'admins.update (conditional)',
      'afterSales.export',
      'afterSales.exportCollections',
      'afterSales.exportRefunds',
      'cleanData.cleanAll',
      'connect.save',
      'customWords.setSecret',
      'distribution.auditWithdrawals (conditional)',
      'distribution.transferWithdrawals',
      'distribution.withdrawExport',
      'expressPlatforms.open',
      'expressPlatforms.save',
      'finance.billExport',
      'finance.billItemsExport',
      'finance.billNext (conditional)',
      'finance.depositLogExport',
      'finance.marginExport',
      'finance.rechargeExport',
      'goods.auditExport',
      'goods.export',
      'members.adjustBalance',
      'members.adjustPoints',
      'members.update (conditional)',
      'oauth2Clients.create',
      'oauth2Clients.remove',
      'oauth2Clients.rotateSecret',
      'oauth2Clients.update',
      'orders.export',
      'orders.saveSettings',
      'payment.save',
      'pointsMall.exportOrders',
      'settings.saveAccount',
      'settings.saveNewComerCoupon',
      'settings.savePoint',
      'settings.saveSite',
      'shops.auditExport',
      'shops.export',
      'smsPlatforms.open',
      'smsPlatforms.save',
      'smtp.create',
      'smtp.remove',
      'smtp.update',
      'storagePlugins.open',
      'storagePlugins.save',
      'systemLogs.export',
      'tasks.memberExport',
      'thirdApps.save',
      'translationPlatforms.open',
      'translationPlatforms.save',
      'uiDict.export',
      'validatorPlugins.open',
      'validatorPlugins.save',
      'verification.bindMobile (conditional)',
      'verification.save (conditional)',
      'verification.sendBindingCode (conditional)',
      'verification.setPassword (conditional)',
      'waybills.open',
      'waybills.save',
    ]);
  });

  it('every credential-bearing write and every export of records declares it', () => {
    const credentialWrites = signedInWrites.filter(credentialBearing).filter((entry) => !(entry.id in EXEMPT));
    expect(credentialWrites.length).toBeGreaterThan(20);
    expect(credentialWrites.filter((entry) => !entry.twoStep).map((entry) => entry.id)).toEqual([]);
    const exports = signedInWrites.filter(exportsRecords);
    expect(exports.length).toBeGreaterThan(15);
    expect(exports.filter((entry) => entry.twoStep !== true).map((entry) => entry.id)).toEqual([]);
    // An exemption that no longer bears a credential is stale: it would hide a future mistake.
    for (const id of Object.keys(EXEMPT)) expect(credentialBearing(ALL_ENDPOINTS.find((entry) => entry.id === id)!), id).toBe(true);
  });

  it('the server enforces exactly what the contract declares', () => {
    for (const spec of MODULE_ROUTES.flat()) {
      const declared = spec.endpoint!.twoStep;
      const enforced = typeof spec.twoStep === 'function' ? 'conditional' : spec.twoStep === true ? true : undefined;
      expect(enforced, spec.endpoint!.id).toBe(declared);
    }
  });

  it('a route that disagrees with its contract entry stops the server', () => {
    const entries = defineEndpoints('twoStepProbe', {
      plain: endpoint({ method: 'PUT', path: 'probe/plain', permission: 'signed-in', body: z.object({}) }),
      always: endpoint({ method: 'PUT', path: 'probe/always', permission: 'signed-in', twoStep: true }),
      sometimes: endpoint({ method: 'PUT', path: 'probe/sometimes', permission: 'signed-in', twoStep: 'conditional' }),
    });
    const log = { zh: '探针', en: 'Probe' };
    const handler = async () => ({});
    const decide = async () => true;
    expect(() => route(entries.plain, { log, twoStep: decide, handler })).toThrow(/does not declare 'conditional'/);
    expect(() => route(entries.sometimes, { log, handler })).toThrow(/must give the predicate/);
    // An export of records on an entry without the step, or one of aggregates on an entry with it.
    expect(() => route(entries.plain, { log, twoStep: true, handler })).toThrow(/expects twoStep true/);
    expect(() => route(entries.always, { log, twoStep: false, handler })).toThrow(/expects twoStep false/);
    expect(twoStepOf(entries.always, {})).toBe(true);
    expect(twoStepOf(entries.sometimes, { twoStep: decide })).toBe(decide);
    expect(twoStepOf(entries.plain, {})).toBeUndefined();
  });
});

describe('the second step on credential changes', () => {
  let t: TestApp;
  let founder: Session;
  withTestApp((app, session) => {
    t = app;
    founder = session;
  });

  it('asks before an SMTP account, a gateway\'s keys, a sign-in key or an OAuth2 client changes, and lets a verified session through', async () => {
    const asks: [string, string, object | undefined][] = [
      ['POST', '/api/admin/notice/smtps', { host: 'smtp.example.com', port: 465, username: 'mailer', password: 'x', open_ssl: 1, max_count: 100, mail_from: 'a@example.com' }],
      ['PUT', '/api/admin/notice/smtps/1', {}],
      ['DELETE', '/api/admin/notice/smtps/1', undefined],
      ['PUT', '/api/admin/notice/platforms/aliyun', { config: {}, secrets: {} }],
      ['PUT', '/api/admin/systems/uploaders/s3/open', undefined],
      ['PUT', '/api/admin/systems/waybills/cainiao', { config: {}, secrets: {} }],
      ['PUT', '/api/admin/i18n/translate-platforms/baidu', { config: {}, secrets: {} }],
      ['PUT', '/api/admin/systems/oauth2-client/1/secret', undefined],
      ['PUT', '/api/admin/goodssearch/custom-words/secret-key', { secret_key: 'k' }],
    ];
    for (const [method, url, payload] of asks) {
      const response = await t.inject({ method: method as 'PUT', url, session: founder, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(428);
      expect(response.json().code).toBe('TWO_STEP_REQUIRED');
    }
    const verified = await t.verifiedSession(await t.loginFounder());
    const missing = await t.inject({ method: 'DELETE', url: '/api/admin/notice/smtps/999999', session: verified });
    expect(missing.statusCode).not.toBe(428);
  });

  it('asks before another operator\'s password is set, not before the rest of the account is edited', async () => {
    const { adminId } = await t.adminWithPermissions(founder, ['memberList']);
    const url = `/api/admin/systems/manager/admin-users/${adminId}`;
    const detail = (await t.inject({ method: 'GET', url, session: founder })).json();
    const rename = await t.inject({ method: 'PUT', url, session: founder, payload: { ...detail, password: '', real_name: '周婷' } });
    expect(rename.statusCode).toBe(200);
    const reset = await t.inject({ method: 'PUT', url, session: founder, payload: { ...detail, password: md5('newpass1') } });
    expect(reset.statusCode).toBe(428);
    const verified = await t.verifiedSession(await t.loginFounder());
    expect((await t.inject({ method: 'PUT', url, session: verified, payload: { ...detail, password: md5('newpass1') } })).statusCode).toBe(200);
  });
});
