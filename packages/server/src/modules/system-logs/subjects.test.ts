import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await t.inject({ method, url: `/api/${url}`, session: founder, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function logsFound(keyword: string): Promise<{ operate_detail: string; operate_detail_en: string }[]> {
  return (await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { keyword, page_size: '50' } })).json().data;
}

describe('system-log rows name their subject', () => {
  it('names the administrator, role, brand and category created or deleted, and the keyword search finds them by it', async () => {
    const role = await write('POST', 'admin/systems/roles', { role_name: '客服主管', permissions: [] });
    const created = await write('POST', 'admin/systems/manager/admin-users', { username: 'zhangsan', password: md5('pass123'), role_id: role.role_id, real_name: '张三' });
    await write('DELETE', `admin/systems/manager/admin-users/${created.id}`);
    await write('DELETE', `admin/systems/roles/${role.role_id}`);
    const brand = await write('POST', 'admin/goods/brands', { name: '星河电子', logo: '/files/brand.png' });
    await write('DELETE', `admin/goods/brands/${brand.brand_id}`);
    const category = await write('POST', 'admin/goods/categories', { name: '智能手表', parent_id: 0 });
    await write('DELETE', `admin/goods/categories/${category.category_id}`);

    expect((await logsFound('zhangsan')).map((row) => [row.operate_detail, row.operate_detail_en])).toEqual([
      ['删除管理员「zhangsan」', 'Delete an administrator "zhangsan"'],
      ['新增管理员「zhangsan」', 'Add an administrator "zhangsan"'],
    ]);
    expect((await logsFound('客服主管')).map((row) => row.operate_detail)).toEqual(['删除角色「客服主管」', '新增角色「客服主管」']);
    expect((await logsFound('星河电子')).map((row) => row.operate_detail)).toEqual(['删除品牌「星河电子」', '新增品牌「星河电子」']);
    expect((await logsFound('智能手表')).map((row) => row.operate_detail)).toEqual(['删除商品分类「智能手表」', '新增商品分类「智能手表」']);
  });

});
