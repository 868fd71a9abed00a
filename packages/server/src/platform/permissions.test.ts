import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../test/harness.js';
import { permissionNames, type RouteSpec } from './http.js';
import { ALWAYS_PERMITTED } from './auth.js';
import { MODULE_ROUTES } from '../app.js';

/** Every API route the app registers. */
const ROUTES = MODULE_ROUTES.flat() as RouteSpec<any, any, any>[];

/** The error code of an answer; a file (binary endpoints: templates, downloads) has none. */
const codeOf = (response: { headers: Record<string, unknown>; json(): { code?: string } | null }) =>
  String(response.headers['content-type'] ?? '').includes('json') ? response.json()?.code : undefined;

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;
let nobody: Session;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
  ({ session: nobody } = await t.adminWithPermissions(founder, [], 'nobody'));
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

/** A concrete URL for a route pattern: every parameter becomes 1 (or a plausible value). */
function concreteUrl(spec: RouteSpec<any, any, any>): string {
  return `/api/${spec.url}`.replace(/:(\w+)/g, (_m, name: string) => (name === 'mobile' ? '13800138000' : name === 'type' ? 'LOGIN' : '1'));
}

/** Routes whose call decides the permission it needs: the query that makes the call the permission's. */
const CALL_FOR_PERMISSION: Record<string, string> = {
  // PUT admin/shops/{id} is an audit with ?pass, a plain edit without it (spec §7)
  'shopAudit PUT admin/shops/:id': '?pass=1',
  // micro pages: each client's list needs that client's permission
  'pcPages GET admin/pages': '?client_type=PC',
  'mobilePages GET admin/pages': '?client_type=MOBILE',
};

describe('permissions', () => {
  it('every admin route declares who may call it', () => {
    expect(ROUTES.length).toBeGreaterThan(20);
    for (const spec of ROUTES) {
      if (spec.url.startsWith('admin/')) expect(spec.permission, `${spec.method} ${spec.url}`).toBeDefined();
    }
  });

  it('refuses a role without the permission on every permission-guarded route with 403 NO_PERMISSION', async () => {
    // Routes of pages every admin has (the dashboard) cannot be refused to anyone signed in.
    const guarded = ROUTES.filter((spec) => {
      const names = permissionNames(spec.permission);
      return names.length > 0 && !names.every((name) => (ALWAYS_PERMITTED as readonly string[]).includes(name));
    });
    expect(guarded.length).toBeGreaterThan(10);
    for (const spec of guarded) {
      const response = await t.inject({ method: spec.method, url: concreteUrl(spec), session: nobody, payload: spec.method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${spec.method} ${spec.url}`).toBe(403);
      expect(response.json(), `${spec.method} ${spec.url}`).toMatchObject({ code: 'NO_PERMISSION', message: '您没有执行此操作的权限' });
    }
  });

  it('lets a role holding just that one permission past the permission check', async () => {
    const byPermission = new Map<string, RouteSpec<any, any, any>[]>();
    for (const spec of ROUTES) {
      for (const name of permissionNames(spec.permission)) byPermission.set(name, [...(byPermission.get(name) ?? []), spec]);
    }
    for (const [name, specs] of byPermission) {
      const { session } = await t.adminWithPermissions(founder, [name], `p${name}`.slice(0, 20));
      for (const spec of specs) {
        const url = concreteUrl(spec) + (CALL_FOR_PERMISSION[`${name} ${spec.method} ${spec.url}`] ?? '');
        const response = await t.inject({ method: spec.method, url, session, payload: spec.method === 'GET' ? undefined : {} });
        expect(codeOf(response), `${name}: ${spec.method} ${spec.url}`).not.toBe('NO_PERMISSION');
        expect(response.statusCode, `${name}: ${spec.method} ${spec.url}`).not.toBe(500);
      }
    }
  });

  it('requires a session on every non-public route', async () => {
    for (const spec of ROUTES.filter((s) => s.permission !== 'public')) {
      const response = await t.inject({ method: spec.method, url: concreteUrl(spec), payload: spec.method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${spec.method} ${spec.url}`).toBe(401);
    }
  });

  it('the founder passes every permission check', async () => {
    for (const spec of ROUTES.filter((s) => permissionNames(s.permission).length > 0 && s.method === 'GET')) {
      const response = await t.inject({ method: spec.method, url: concreteUrl(spec), session: founder });
      expect(codeOf(response), `${spec.method} ${spec.url}`).not.toBe('NO_PERMISSION');
    }
  });

  it('an admin reads only the permission list of their own role', async () => {
    const { session, roleId } = await t.adminWithPermissions(founder, ['systemLogs'], 'ownrole');
    const own = await t.inject({ method: 'GET', url: `/api/admin/systems/roles/${roleId}/checked`, session });
    expect(own.json()).toEqual(expect.arrayContaining(['dashboard', 'systemLogs']));
    expect(own.json()).toHaveLength(2);
    const other = await t.inject({ method: 'GET', url: `/api/admin/systems/roles/${roleId + 100}/checked`, session });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('NO_PERMISSION');
    const founderList = await t.inject({ method: 'GET', url: '/api/admin/systems/roles/0/checked', session: founder });
    expect(founderList.json()).toEqual(expect.arrayContaining(['administratorManage', 'chat', 'goodsList']));
  });

  it('a role change takes effect on the next request, without signing in again', async () => {
    const { session, roleId } = await t.adminWithPermissions(founder, [], 'promoted');
    const before = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session });
    expect(before.statusCode).toBe(403);
    await t.inject({ method: 'PUT', url: `/api/admin/systems/roles/${roleId}`, session: founder, payload: { role_name: 'promoted', permissions: ['systemLogs'] } });
    const after = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session });
    expect(after.statusCode).toBe(200);
  });
});
