import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NavigationRow } from '@agora/contract';
import { systemLogs } from '../system-logs/tables.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const BASE = '/api/admin/shops/navigations';
const create = (payload: object) => t.inject({ method: 'POST', url: BASE, session: founder, payload });
async function created(payload: object): Promise<NavigationRow> {
  const response = await create(payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function menu(client: 'PC' | 'MOBILE'): Promise<string[]> {
  const response = await t.inject({ method: 'GET', url: `${BASE}?client_type=${client}&page_size=200`, session: founder });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as NavigationRow[]).map((row) => row.name);
}
const move = (id: number, direction: string) => t.inject({ method: 'PUT', url: `${BASE}/${id}/${direction}`, session: founder });

describe('site navigation', () => {
  it('adds, edits and deletes entries per client, in menu order, with a log line each', async () => {
    const home = await created({ name: ' 首页 ', url: '/', client_type: 'PC', sort: 1 });
    expect(home).toMatchObject({ name: '首页', url: '/', client_type: 'PC', image: '', sort: 1, show: 1, new_window: 0 });
    await created({ name: '品牌街', url: 'https://brand.example.com', client_type: 'PC', sort: 0, new_window: 1 });
    await created({ name: '分类', url: '/category', client_type: 'MOBILE', image: '/files/nav/category.png' });
    expect(await menu('PC')).toEqual(['品牌街', '首页']);
    expect(await menu('MOBILE')).toEqual(['分类']);

    const edited = await t.inject({ method: 'PUT', url: `${BASE}/${home.navigation_id}`, session: founder, payload: { name: '商城首页', url: '/', client_type: 'PC', sort: 9, show: 0 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: '商城首页', sort: 9, show: 0 });
    expect(await menu('PC')).toEqual(['品牌街', '商城首页']);
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('编辑导航菜单 商城首页');

    expect((await t.inject({ method: 'DELETE', url: `${BASE}/${home.navigation_id}`, session: founder })).statusCode).toBe(200);
    expect(await menu('PC')).toEqual(['品牌街']);
    const gone = await t.inject({ method: 'GET', url: `${BASE}/${home.navigation_id}`, session: founder });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('导航不存在');
  });

  it('refuses a long name, a bad link, a mobile entry without its picture and a taken name, saving nothing', async () => {
    const refusals: [object, string][] = [
      [{ name: '七个字的导航名', url: '/', client_type: 'PC' }, '导航名称最多6个字'],
      [{ name: '   ', url: '/', client_type: 'PC' }, '请输入导航名称'],
      [{ name: '活动', url: 'javascript:alert(1)', client_type: 'PC' }, '导航链接须以 / 或 http(s):// 开头'],
      [{ name: '活动', url: '/promo', client_type: 'MOBILE' }, '移动端导航请上传图片'],
      [{ name: '活动', url: '/promo', client_type: 'PC', sort: 1_000_000 }, '排序须在0到999999之间'],
    ];
    for (const [payload, message] of refusals) {
      const response = await create(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    await created({ name: '秒杀', url: '/seckill', client_type: 'PC' });
    const taken = await create({ name: '秒杀', url: '/other', client_type: 'PC' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('导航名称已存在');
    // the same name in the other client's menu is another entry
    await created({ name: '秒杀', url: '/m/seckill', client_type: 'MOBILE', image: '/files/nav/seckill.png' });
    expect((await t.inject({ method: 'PUT', url: `${BASE}/abc/up`, session: founder })).json().message).toBe('导航id格式有误');
    expect((await move(1, 'sideways')).json().message).toBe('排序方式只能是 up 或 down');
  });

  it('two operators saving the same name at once: one entry, one name-taken refusal', async () => {
    const answers = await Promise.all([0, 1].map(() => create({ name: '同时', url: '/same', client_type: 'PC' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().message).toBe('导航名称已存在');
    expect((await menu('PC')).filter((name) => name === '同时')).toHaveLength(1);
  });

  it('moves entries up and down within their client; concurrent moves keep every entry in its own place', async () => {
    const names = ['甲', '乙', '丙', '丁'];
    const rows: NavigationRow[] = [];
    for (const [i, name] of names.entries()) rows.push(await created({ name, url: `/${i}`, client_type: 'MOBILE', image: '/files/nav/x.png', sort: 500 + i }));
    const before = (await menu('MOBILE')).filter((name) => names.includes(name));
    expect(before).toEqual(names);
    expect((await move(rows[2].navigation_id, 'up')).statusCode).toBe(200);
    expect((await menu('MOBILE')).filter((name) => names.includes(name))).toEqual(['甲', '丙', '乙', '丁']);
    // the last one down stays last
    expect((await move(rows[3].navigation_id, 'down')).statusCode).toBe(200);
    expect((await menu('MOBILE')).filter((name) => names.includes(name))).toEqual(['甲', '丙', '乙', '丁']);

    const moves = await Promise.all([move(rows[0].navigation_id, 'down'), move(rows[3].navigation_id, 'up'), move(rows[1].navigation_id, 'up')]);
    expect(moves.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const response = await t.inject({ method: 'GET', url: `${BASE}?client_type=MOBILE&page_size=200`, session: founder });
    const sorts = (response.json().data as NavigationRow[]).map((row) => row.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
    expect((await menu('MOBILE')).filter((name) => names.includes(name)).sort()).toEqual([...names].sort());
  });
});
