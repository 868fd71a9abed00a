import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, withTestApp } from '../test/harness.js';
import { brands, categories } from '../modules/goods/tables.js';
import { duplicateRefusal } from './unique.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const md5 = (text: string) => import('node:crypto').then(({ createHash }) => createHash('md5').update(text).digest('hex'));

/** Sends the same create ten times at once: one lands, the others hear the name-taken message, none a 500. */
async function raceCreates(url: string, payload: () => Promise<object> | object, message: string) {
  const bodies = await Promise.all(Array.from({ length: 10 }, payload));
  const responses = await Promise.all(bodies.map((body) => t.inject({ method: 'POST', url, session: founder, payload: body })));
  const statuses = responses.map((response) => response.statusCode).sort();
  expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([200, ...Array(9).fill(400)]);
  for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(response.json().message).toBe(message);
}

describe('a name taken at the same moment', () => {
  it('answers the name-taken message to all but one of ten simultaneous creates: brands, categories, roles, administrators', async () => {
    await raceCreates('/api/admin/goods/brands', () => ({ name: '同时品牌', logo: '/files/brand/a.png' }), '品牌名称已存在');
    await raceCreates('/api/admin/goods/categories', () => ({ parent_id: 0, name: '同时分类' }), '同级分类下已存在名称“同时分类”');
    await raceCreates('/api/admin/systems/roles', () => ({ role_name: '同时角色', role_describe: '说明', permissions: [] }), '角色名称已存在');
    await raceCreates('/api/admin/systems/manager/admin-users', async () => ({ username: 'sametime', password: await md5('pass123'), founder: 1, real_name: '同时' }), '管理员名称已存在');
  });

  it('turns the database’s refusal itself into the message, naming what clashed', async () => {
    await t.ctx.db.insert(categories).values({ parentId: 0, name: '直插, 分类', level: 1 });
    const clash = await t.ctx.db.insert(categories).values({ parentId: 0, name: '直插, 分类', level: 1 }).catch((error: unknown) => error);
    expect(duplicateRefusal(clash)?.localized('zh')).toBe('同级分类下已存在名称“直插, 分类”');
    await t.ctx.db.insert(brands).values({ name: '直插品牌', logo: '' });
    const brandClash = await t.ctx.db.insert(brands).values({ name: '直插品牌', logo: '' }).catch((error: unknown) => error);
    expect(duplicateRefusal(brandClash)?.localized('en')).toBe('This brand name is already taken');
    expect(duplicateRefusal(new Error('something else'))).toBeUndefined();
  });
});
