import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberLevelRow } from '@agora/contract';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { md5 } from '../../platform/passwords.js';

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

describe('level member counts', () => {
  it('count the members the member list shows under the level, not the recycle bin', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/admin/members/level', session: founder, payload: { level_name: '计数会员', benefit_ratio: 100, min_point: 900_000, max_point: 900_001 } });
    expect(created.statusCode, created.body).toBe(200);
    const levelId = (created.json() as MemberLevelRow).level_id;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await t.inject({
        method: 'POST',
        url: '/api/admin/members',
        session: founder,
        payload: { uname: `counted${i}`, password: md5('pass123'), mobile: `1360000900${i}`, level_id: levelId },
      });
      expect(added.statusCode, added.body).toBe(200);
      ids.push(added.json().member_id);
    }
    expect((await t.inject({ method: 'DELETE', url: `/api/admin/members/${ids[0]}`, session: founder })).statusCode).toBe(200);

    const listed = (await t.inject({ method: 'GET', url: '/api/admin/members', session: founder, query: { level_id: String(levelId) } })).json();
    const level = (await t.inject({ method: 'GET', url: `/api/admin/members/level/${levelId}`, session: founder })).json() as MemberLevelRow;
    const all = (await t.inject({ method: 'GET', url: '/api/admin/members/level', session: founder })).json() as MemberLevelRow[];
    expect(listed.data_total).toBe(2);
    expect(level.member_count).toBe(listed.data_total);
    expect(all.find((row) => row.level_id === levelId)!.member_count).toBe(listed.data_total);
  });
});
