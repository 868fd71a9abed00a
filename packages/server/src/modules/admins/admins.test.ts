import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

async function createRole(name: string, permissions: string[] = []) {
  const response = await t.inject({ method: 'POST', url: '/api/admin/systems/roles', session: founder, payload: { role_name: name, role_describe: `${name}说明`, permissions } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function createAdmin(payload: Record<string, unknown>, session = founder) {
  return t.inject({ method: 'POST', url: '/api/admin/systems/manager/admin-users', session, payload: { password: md5('pass123'), ...payload } });
}

describe('administrators', () => {
  it('creates, lists with filters and pages, edits and deletes an administrator', async () => {
    const role = await createRole('商品专员', ['goodsList']);
    const created = await createAdmin({ username: 'zhangsan', role_id: role.role_id, real_name: '张三', department: '商品部' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ username: 'zhangsan', role_name: '商品专员', founder: 0, user_state: 0 });
    const id = created.json().id;

    const list = await t.inject({ method: 'GET', url: '/api/admin/systems/manager/admin-users', session: founder, query: { keyword: '张', page_size: '10' } });
    expect(list.json()).toMatchObject({ page_no: 1, page_size: 10, data_total: 1 });
    expect(list.json().data[0].username).toBe('zhangsan');
    const byRole = await t.inject({ method: 'GET', url: '/api/admin/systems/manager/admin-users', session: founder, query: { role_id: String(role.role_id) } });
    expect(byRole.json().data.map((a: { username: string }) => a.username)).toEqual(['zhangsan']);

    const edited = await t.inject({ method: 'PUT', url: `/api/admin/systems/manager/admin-users/${id}`, session: founder, payload: { role_id: role.role_id, real_name: '张三丰', password: '' } });
    expect(edited.json().real_name).toBe('张三丰');
    // A blank password keeps the old one.
    expect((await t.tryLogin('zhangsan', 'pass123')).statusCode).toBe(200);

    const removed = await t.inject({ method: 'DELETE', url: `/api/admin/systems/manager/admin-users/${id}`, session: founder });
    expect(removed.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/admin/systems/manager/admin-users/${id}`, session: founder })).statusCode).toBe(404);
    expect((await t.tryLogin('zhangsan', 'pass123')).json().code).toBe('LOGIN_FAILED');
    // The name of a deleted admin may be used again.
    expect((await createAdmin({ username: 'zhangsan', role_id: role.role_id })).statusCode).toBe(200);
  });

  it('refuses a taken username, a missing role and bad input, changing nothing', async () => {
    const role = await createRole('重复测试');
    expect((await createAdmin({ username: 'dupe', role_id: role.role_id })).statusCode).toBe(200);
    const dupe = await createAdmin({ username: 'dupe', role_id: role.role_id });
    expect(dupe.json()).toEqual({ code: 'USERNAME_TAKEN', message: '管理员名称已存在' });
    expect((await createAdmin({ username: 'norole' })).json().code).toBe('ROLE_REQUIRED');
    expect((await createAdmin({ username: 'badrole', role_id: 99999 })).json().code).toBe('ROLE_NOT_FOUND');
    const bad = await createAdmin({ username: 'x', role_id: role.role_id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION', message: '管理员名称为2-20个字符' });
    const list = await t.inject({ method: 'GET', url: '/api/admin/systems/manager/admin-users', session: founder, query: { keyword: 'norole' } });
    expect(list.json().data_total).toBe(0);
  });

  it('protects founders: not deleted, demoted or disabled by others; one always remains', async () => {
    const second = await createAdmin({ username: 'founder2', founder: 1 });
    expect(second.json()).toMatchObject({ founder: 1, role_id: 0 });
    const secondId = second.json().id;
    const removeOther = await t.inject({ method: 'DELETE', url: `/api/admin/systems/manager/admin-users/${secondId}`, session: founder });
    expect(removeOther.json().code).toBe('FOUNDER_PROTECTED');
    const demoteOther = await t.inject({ method: 'PUT', url: `/api/admin/systems/manager/admin-users/${secondId}`, session: founder, payload: { founder: 0, role_id: (await createRole('降级')).role_id } });
    expect(demoteOther.json().code).toBe('FOUNDER_PROTECTED');
    const self = await t.inject({ method: 'DELETE', url: `/api/admin/systems/manager/admin-users/${founder.uid}`, session: founder });
    expect(self.json().code).toBe('SELF_ACTION');

    // founder2 demotes themself: allowed while another founder remains.
    const second2 = await t.login('founder2', 'pass123');
    const role = await createRole('前创始人');
    const demoteSelf = await t.inject({ method: 'PUT', url: `/api/admin/systems/manager/admin-users/${secondId}`, session: second2, payload: { founder: 0, role_id: role.role_id } });
    expect(demoteSelf.statusCode).toBe(200);
    // The last founder cannot demote themself.
    const last = await t.inject({ method: 'PUT', url: `/api/admin/systems/manager/admin-users/${founder.uid}`, session: founder, payload: { founder: 0, role_id: role.role_id } });
    expect(last.json()).toEqual({ code: 'LAST_FOUNDER', message: '必须保留一个超级管理员' });
  });

  it('only a founder grants founder rights', async () => {
    const { session } = await t.adminWithPermissions(founder, ['administratorManage'], 'adminmgr');
    const response = await createAdmin({ username: 'sneaky', founder: 1 }, session);
    expect(response.json().code).toBe('FOUNDER_ONLY');
  });

  it('disabling an admin ends their sessions at once', async () => {
    const { session, adminId, roleId } = await t.adminWithPermissions(founder, [], 'tobedisabled');
    expect((await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session })).statusCode).toBe(200);
    await t.inject({ method: 'PUT', url: `/api/admin/systems/manager/admin-users/${adminId}`, session: founder, payload: { role_id: roleId, user_state: 1 } });
    const after = await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/current', session });
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('SESSION_INVALID');
  });
});

describe('ids past the spec maximum or the column range', () => {
  it('answer 400 with a clear message on every administrator and role path, never 500', async () => {
    for (const id of ['99999999999999999999', '9223372036854775808', '2147483648', 'abc']) {
      for (const [method, url] of [
        ['GET', `/api/admin/systems/manager/admin-users/${id}`],
        ['PUT', `/api/admin/systems/manager/admin-users/${id}`],
        ['DELETE', `/api/admin/systems/manager/admin-users/${id}`],
        ['GET', `/api/admin/systems/roles/${id}`],
        ['PUT', `/api/admin/systems/roles/${id}`],
        ['DELETE', `/api/admin/systems/roles/${id}`],
      ] as const) {
        const response = await t.inject({ method, url, session: founder, payload: method === 'PUT' ? { role_name: 'x' } : undefined });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json(), `${method} ${url}`).toEqual({ code: 'VALIDATION', message: 'id格式有误' });
      }
      const checked = await t.inject({ method: 'GET', url: `/api/admin/systems/roles/${id}/checked`, session: founder });
      expect(checked.json()).toEqual({ code: 'VALIDATION', message: '角色id格式有误' });
      const byRole = await t.inject({ method: 'GET', url: '/api/admin/systems/manager/admin-users', session: founder, query: { role_id: id } });
      expect(byRole.json()).toEqual({ code: 'VALIDATION', message: '角色id格式有误' });
    }
    const created = await createAdmin({ username: 'bigrole', role_id: 99999999999999999999 });
    expect(created.json()).toEqual({ code: 'VALIDATION', message: '角色id格式有误' });
    // 0 stays the founders' role: the filter lists them, and a founder reads their own permissions under it.
    const founders = await t.inject({ method: 'GET', url: '/api/admin/systems/manager/admin-users', session: founder, query: { role_id: '0' } });
    expect(founders.json().data.every((row: { founder: number }) => row.founder === 1)).toBe(true);
    expect((await t.inject({ method: 'GET', url: '/api/admin/systems/roles/0/checked', session: founder })).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('creates, reads, updates and lists roles with their admin counts', async () => {
    const role = await createRole('客服主管', ['orderList', 'order']);
    expect(role).toMatchObject({ role_name: '客服主管', permissions: ['orderList', 'order'], admin_count: 0 });
    await createAdmin({ username: 'kefu01', role_id: role.role_id });
    const detail = await t.inject({ method: 'GET', url: `/api/admin/systems/roles/${role.role_id}`, session: founder });
    expect(detail.json().admin_count).toBe(1);
    const updated = await t.inject({ method: 'PUT', url: `/api/admin/systems/roles/${role.role_id}`, session: founder, payload: { role_name: '客服主管', role_describe: '新说明', permissions: ['sale', 'serviceList'] } });
    expect(updated.json()).toMatchObject({ role_describe: '新说明', permissions: ['sale', 'serviceList'] });
    const list = await t.inject({ method: 'GET', url: '/api/admin/systems/roles', session: founder, query: { keyword: '客服' } });
    expect(list.json().data.map((r: { role_name: string }) => r.role_name)).toContain('客服主管');
  });

  it('refuses to delete a role in use, and deletes it once free', async () => {
    const role = await createRole('在用角色');
    const admin = (await createAdmin({ username: 'inuse', role_id: role.role_id })).json();
    const refused = await t.inject({ method: 'DELETE', url: `/api/admin/systems/roles/${role.role_id}`, session: founder });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'ROLE_IN_USE', message: '该角色下有管理员，不能删除' });
    await t.inject({ method: 'DELETE', url: `/api/admin/systems/manager/admin-users/${admin.id}`, session: founder });
    expect((await t.inject({ method: 'DELETE', url: `/api/admin/systems/roles/${role.role_id}`, session: founder })).statusCode).toBe(200);
  });

  it('refuses unknown permission names and duplicate role names', async () => {
    const unknown = await t.inject({ method: 'POST', url: '/api/admin/systems/roles', session: founder, payload: { role_name: '坏角色', permissions: ['nope'] } });
    expect(unknown.json()).toEqual({ code: 'UNKNOWN_PERMISSION', message: '权限名称无效：nope' });
    await createRole('唯一名');
    const dupe = await t.inject({ method: 'POST', url: '/api/admin/systems/roles', session: founder, payload: { role_name: '唯一名' } });
    expect(dupe.json().code).toBe('ROLE_NAME_TAKEN');
  });

  it('serves the whole menu tree, hidden routes included', async () => {
    const tree = (await t.inject({ method: 'GET', url: '/api/admin/systems/menus/tree', session: founder })).json();
    const names: string[] = [];
    const walk = (nodes: { name: string; children: unknown[] }[]) => nodes.forEach((n) => { names.push(n.name); walk(n.children as never); });
    walk(tree);
    expect(names).toEqual(expect.arrayContaining(['dashboard', 'goodsList', 'rolePermission', 'categoryParams', 'systemSettingsVerification']));
  });
});

describe('system logs', () => {
  it('records every admin write with who, what, IP and redacted parameters; filters by keyword and level', async () => {
    await t.inject({ method: 'POST', url: '/api/admin/systems/roles', session: founder, payload: { role_name: '日志角色' }, remoteAddress: '10.1.2.3' });
    await createAdmin({ username: 'logged', role_id: (await createRole('日志2')).role_id });
    const logs = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { keyword: '新增管理员' } });
    const row = logs.json().data[0];
    expect(row).toMatchObject({ operator_name: 'admin', operate_detail: '新增管理员「logged」', operate_detail_en: 'Add an administrator "logged"', level: 'important', method: 'POST' });
    expect(row.params).toContain('"username":"logged"');
    expect(row.params).toContain('"password":"***"');
    expect(row.params).not.toContain(md5('pass123'));
    const byIp = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { keyword: '10.1.2.3' } });
    expect(byIp.json().data[0]).toMatchObject({ operate_detail: '新增角色「日志角色」', operate_ip: '10.1.2.3' });
    const signIns = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { level: 'normal', keyword: '登录系统' } });
    expect(signIns.json().data_total).toBeGreaterThan(0);
    // an English reader searches the words they see
    const english = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { keyword: 'Add an administrator' } });
    expect(english.json().data[0]).toMatchObject({ operate_detail: '新增管理员「logged」', operate_detail_en: 'Add an administrator "logged"' });
    const future = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { start_time: String(Math.floor(Date.now() / 1000) + 3600) } });
    expect(future.json().data_total).toBe(0);
  });

  it('does not log refused writes', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { keyword: '删除角色' } })).json().data_total;
    await t.inject({ method: 'DELETE', url: '/api/admin/systems/roles/99999', session: founder });
    const after = (await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { keyword: '删除角色' } })).json().data_total;
    expect(after).toBe(before);
  });
});
