import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MemberLevelRow, MemberRow } from '@agora/contract';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { md5, verifyPassword } from '../../platform/passwords.js';
import { memberLedger, members } from './tables.js';

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;
/** a founder session that passed the second-step check */
let verified: Session;
let levels: Record<'normal' | 'silver' | 'gold', MemberLevelRow>;


beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
  // Second-step verification by password, as an operator would set it up.
  verified = await t.verifiedSession();
  const level = async (level_name: string, min_point: number, max_point: number | null) => {
    const response = await t.inject({ method: 'POST', url: '/api/admin/members/level', session: founder, payload: { level_name, benefit_ratio: 100, min_point, max_point } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MemberLevelRow;
  };
  levels = { normal: await level('普通会员', 0, 1000), silver: await level('白银会员', 1000, 5000), gold: await level('黄金会员', 5000, 20000) };
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

let sequence = 0;
const nextMobile = () => `137${String(++sequence).padStart(8, '0')}`;

async function addMember(fields: Record<string, unknown> = {}, session = founder) {
  return t.inject({
    method: 'POST',
    url: '/api/admin/members',
    session,
    payload: { uname: `member${++sequence}`, password: md5('pass123'), mobile: nextMobile(), ...fields },
  });
}

async function newMember(fields: Record<string, unknown> = {}) {
  const response = await addMember(fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { member_id: number; uname: string; mobile: string };
}

const memberRecord = async (id: number) => (await t.ctx.db.select().from(members).where(eq(members.id, id)))[0];
const ledgerOf = (id: number, kind: string) => t.ctx.db.select().from(memberLedger).where(and(eq(memberLedger.memberId, id), eq(memberLedger.kind, kind)));
const list = (query: Record<string, string>, session = founder) => t.inject({ method: 'GET', url: '/api/admin/members', session, query });
const names = (page: { data: MemberRow[] }) => page.data.map((row) => row.uname);

describe('member list', () => {
  it('filters by keyword, sex, level, email and registration time, sorts, pages and masks the mobile', async () => {
    const a = await newMember({ uname: 'listzhang', nickname: '张小明', mobile: '13912345678', sex: 1, level_id: levels.silver.level_id, email: 'zhang@qq.com' });
    const b = await newMember({ uname: 'listwang', nickname: '王小红', sex: 0, level_id: levels.gold.level_id });
    await t.ctx.db.update(members).set({ consumPoint: 50, balanceCents: 900, createdAt: new Date('2025-01-10T08:00:00Z') }).where(eq(members.id, a.member_id));
    await t.ctx.db.update(members).set({ consumPoint: 80, balanceCents: 100, createdAt: new Date('2025-03-10T08:00:00Z') }).where(eq(members.id, b.member_id));

    const byKeyword = (await list({ keyword: 'list' })).json();
    expect(names(byKeyword).sort()).toEqual(['listwang', 'listzhang']);
    const row = byKeyword.data.find((member: MemberRow) => member.uname === 'listzhang');
    expect(row).toMatchObject({ mobile: '139*****678', nickname: '张小明', sex: 1, level_name: '白银会员', consum_point: 50, balance: 9, register_source: 'ADMIN', disabled: 0 });
    expect(names((await list({ keyword: '12345678' })).json())).toEqual(['listzhang']);
    expect(names((await list({ keyword: '小红' })).json())).toEqual(['listwang']);
    expect(names((await list({ keyword: 'list', sex: '0' })).json())).toEqual(['listwang']);
    expect(names((await list({ keyword: 'list', level_id: String(levels.silver.level_id) })).json())).toEqual(['listzhang']);
    expect(names((await list({ email: 'zhang@' })).json())).toEqual(['listzhang']);
    const range = { start_time: String(Date.parse('2025-02-01T00:00:00Z') / 1000), end_time: String(Date.parse('2025-04-01T00:00:00Z') / 1000) };
    expect(names((await list(range)).json())).toEqual(['listwang']);

    expect(names((await list({ keyword: 'list', sort: 'balance', order: 'desc' })).json())).toEqual(['listzhang', 'listwang']);
    expect(names((await list({ keyword: 'list', sort: 'consum_point', order: 'desc' })).json())).toEqual(['listwang', 'listzhang']);
    expect(names((await list({ keyword: 'list', sort: 'create_time', order: 'asc' })).json())).toEqual(['listzhang', 'listwang']);
    const paged = (await list({ keyword: 'list', page_size: '1', page_no: '2', sort: 'create_time', order: 'asc' })).json();
    expect(paged).toMatchObject({ page_no: 2, page_size: 1, data_total: 2 });
    expect(names(paged)).toEqual(['listwang']);
  });

  it('refuses bad filters and a role without the member pages', async () => {
    expect((await list({ sex: '2' })).statusCode).toBe(400);
    expect((await list({ sort: 'password' })).statusCode).toBe(400);
    expect((await list({ start_time: '200', end_time: '100' })).json()).toEqual({ code: 'VALIDATION', message: '开始时间不能晚于结束时间' });
    const { session: goodsOnly } = await t.adminWithPermissions(founder, ['goodsList']);
    expect((await list({}, goodsOnly)).json().code).toBe('NO_PERMISSION');
    // The recycle bin page reads the same list.
    const { session: recycleOnly } = await t.adminWithPermissions(founder, ['memberRecycle']);
    expect((await list({ disabled: '-1' }, recycleOnly)).statusCode).toBe(200);
    // The top-up page finds its member with it.
    const { session: topUpOnly } = await t.adminWithPermissions(founder, ['memberTopUp']);
    expect((await list({ keyword: 'list' }, topUpOnly)).statusCode).toBe(200);
  });
});

describe('the member list past its first page', () => {
  it('sorts by last login with those who never signed in last, either way', async () => {
    const early = await newMember({ uname: 'loginearly' });
    const late = await newMember({ uname: 'loginlate' });
    await newMember({ uname: 'loginnever' });
    await t.ctx.db.update(members).set({ lastLoginAt: new Date('2025-01-01T00:00:00Z') }).where(eq(members.id, early.member_id));
    await t.ctx.db.update(members).set({ lastLoginAt: new Date('2025-06-01T00:00:00Z') }).where(eq(members.id, late.member_id));
    expect(names((await list({ keyword: 'login', sort: 'last_login', order: 'desc' })).json())).toEqual(['loginlate', 'loginearly', 'loginnever']);
    expect(names((await list({ keyword: 'login', sort: 'last_login', order: 'asc' })).json())).toEqual(['loginearly', 'loginlate', 'loginnever']);
  });

  it('hands out a cursor that reads the next page by keyset, the same rows as by offset', async () => {
    for (let i = 0; i < 5; i++) await newMember({ uname: `cursor${i}` });
    const first = (await list({ keyword: 'cursor', page_size: '2', sort: 'create_time', order: 'desc' })).json();
    expect(first.next_cursor).toBeDefined();
    const byCursor = (await list({ keyword: 'cursor', page_size: '2', page_no: '2', sort: 'create_time', order: 'desc', cursor: first.next_cursor })).json();
    const byOffset = (await list({ keyword: 'cursor', page_size: '2', page_no: '2', sort: 'create_time', order: 'desc' })).json();
    expect(names(byCursor)).toEqual(names(byOffset));
    expect(byCursor.data_total).toBe(5);
  });
});

describe('ids past the spec maximum or the column', () => {
  const TOO_BIG = '99999999999999999999';
  const PAST_INT = '2147483648';

  it.each([
    ['GET', `admin/members/${TOO_BIG}`, '会员id格式有误'],
    ['PUT', `admin/members/${TOO_BIG}`, '会员id格式有误'],
    ['DELETE', `admin/members/${TOO_BIG}`, '会员id格式有误'],
    ['POST', `admin/members/${PAST_INT}`, '会员id格式有误'],
    ['GET', `admin/members/level/${TOO_BIG}`, '会员等级id格式有误'],
    ['PUT', `admin/members/level/${PAST_INT}`, '会员等级id格式有误'],
    ['DELETE', `admin/members/level/${TOO_BIG}`, '会员等级id格式有误'],
    ['PUT', `admin/members/level/default/${TOO_BIG}`, '会员等级id格式有误'],
    ['PUT', `admin/members/edit-level/${TOO_BIG}/1`, '会员id格式有误'],
    ['PUT', `admin/members/edit-level/1/${TOO_BIG}`, '会员等级id格式有误'],
    ['GET', `admin/members/deposit/${TOO_BIG}/wallet`, '会员id格式有误'],
    ['PUT', `admin/members/deposit/${TOO_BIG}/increase`, '会员id格式有误'],
    ['GET', `admin/members/point/${TOO_BIG}`, '会员id格式有误'],
    ['PUT', `admin/members/point/${PAST_INT}`, '会员id格式有误'],
    ['GET', `admin/members/deposit/log?member_id=${TOO_BIG}`, '会员id格式有误'],
    ['GET', `admin/members?level_id=${TOO_BIG}`, '会员等级id格式有误'],
  ])('%s %s answers 400: %s', async (method, url, message) => {
    const response = await t.inject({ method: method as 'GET', url: `/api/${url}`, session: verified, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', message });
  });

  it('refuses a level id past the column in a new member', async () => {
    const response = await addMember({ level_id: Number(TOO_BIG) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('会员等级id格式有误');
  });
});

describe('adding and editing a member', () => {
  it('adds a member with the default level, a hashed password and the full mobile on the detail', async () => {
    const created = await addMember({ uname: 'addli', nickname: '李雷', mobile: '+86 138-0013-8001', email: 'li@163.com', birthday: '1990-05-01', sex: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const member = created.json();
    expect(member).toMatchObject({ uname: 'addli', mobile: '13800138001', level_id: levels.normal.level_id, level_name: '普通会员', birthday: '1990-05-01', balance: 0, register_source: 'ADMIN' });
    const record = await memberRecord(member.member_id);
    expect(await verifyPassword(record.passwordHash, md5('pass123'))).toBe(true);
    const detail = await t.inject({ method: 'GET', url: `/api/admin/members/${member.member_id}`, session: founder });
    expect(detail.json().mobile).toBe('13800138001');
    expect((await t.inject({ method: 'GET', url: '/api/admin/members/99999999', session: founder })).json().code).toBe('MEMBER_NOT_FOUND');
    const page = (await t.inject({ method: 'GET', url: '/api/admin/index/page', session: founder })).json();
    expect(page.today.new_members).toBeGreaterThan(0);
    // A foreign number keeps its country code.
    expect((await addMember({ mobile: '+447911123456' })).json().mobile).toBe('+447911123456');
  });

  it('refuses a taken name or mobile and malformed input with a clear message', async () => {
    const first = await newMember({ uname: 'dupname', mobile: '13600000001' });
    expect((await addMember({ uname: 'dupname' })).json()).toEqual({ code: 'MEMBER_UNAME_TAKEN', message: '会员名称已存在' });
    expect((await addMember({ mobile: '13600000001' })).json()).toEqual({ code: 'MEMBER_MOBILE_TAKEN', message: '该手机号已被其他会员使用' });
    expect((await addMember({ mobile: '+8613600000001' })).json().code).toBe('MEMBER_MOBILE_TAKEN');
    expect((await addMember({ mobile: '1234' })).json()).toEqual({ code: 'VALIDATION', message: '手机号码格式有误！' });
    expect((await addMember({ mobile: '' })).json().message).toBe('请输入手机号！');
    expect((await addMember({ uname: 'x' })).json().message).toBe('会员名称为2-20个字符');
    expect((await addMember({ email: 'not-an-email' })).json().message).toBe('邮箱格式有误');
    expect((await addMember({ password: 'plain' })).json().message).toBe('密码格式有误');
    expect((await addMember({ level_id: 99999 })).json().code).toBe('LEVEL_NOT_FOUND');
    const { session } = await t.adminWithPermissions(founder, ['memberRecycle']);
    expect((await addMember({}, session)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/admin/members/${first.member_id}`, session })).statusCode).toBe(403);
  });

  it('keeps the region as the country/state/city picker gives it, checked and named from the region data', async () => {
    const member = await newMember({ uname: 'whereabouts' });
    const edit = (payload: Record<string, unknown>) => t.inject({ method: 'PUT', url: `/api/admin/members/${member.member_id}`, session: founder, payload: { mobile: member.mobile, ...payload } });
    const get = async (path: string) => (await t.inject({ method: 'GET', url: `/api/${path}` })).json();
    const selection = (fields: Record<string, unknown>) => ({ region_type: 1, country_code: '', country_name: '', internal_region_id: null, overseas_region: null, ...fields });

    // domestic: the chosen id, named and expanded by the server (names sent by the client are ignored)
    const domestic = await edit({ region_selection: selection({ region_type: 0, country_code: 'CN', country_name: '假的', internal_region_id: 440305 }) });
    expect(domestic.statusCode, domestic.body).toBe(200);
    expect(domestic.json()).toMatchObject({
      region_selection: { region_type: 0, country_code: 'CN', country_name: '中国', internal_region_id: 440305, overseas_region: null },
      region_ids: [440000, 440300, 440305],
      region: '广东省 深圳市 南山区',
    });

    // overseas, from the lists: state and city ids of that country and state
    const texas = ((await get('base/countries/US/states')) as { id: number; name: string }[]).find((state) => state.name === 'Texas')!;
    const houston = ((await get(`base/countries/${texas.id}/cities`)) as { id: number; name: string }[]).find((city) => city.name === 'Houston')!;
    const abroad = await edit({ region_selection: selection({ country_code: 'US', overseas_region: { state_id: texas.id, state_name: 'x', city_id: houston.id, city_name: 'y' } }) });
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect(abroad.json()).toMatchObject({
      region_selection: { region_type: 1, country_code: 'US', country_name: '美国', internal_region_id: null, overseas_region: { state_id: texas.id, state_name: 'Texas', city_id: houston.id, city_name: 'Houston' } },
      region_ids: [],
      region: '美国 Texas Houston',
    });
    expect(await memberRecord(member.member_id)).toMatchObject({ regionCountry: 'US', regionStateId: texas.id, regionState: 'Texas', regionCityId: houston.id, regionCity: 'Houston' });

    // the spec §5 messages when it falls short; nothing changes
    expect((await edit({ region_selection: selection({ country_code: 'ZZ' }) })).json()).toEqual({ code: 'VALIDATION', message: '请选择国家/地区' });
    expect((await edit({ region_selection: selection({ country_code: 'US' }) })).json().message).toBe('请选择省份地区');
    expect((await edit({ region_selection: selection({ country_code: 'US', overseas_region: { state_id: texas.id, state_name: '', city_id: null, city_name: '' } }) })).json().message).toBe('请选择城市');
    expect((await edit({ region_selection: selection({ country_code: 'AC', overseas_region: { state_id: null, state_name: '', city_id: null, city_name: '' } }) })).json().message).toBe('请填写省份地区');
    expect((await edit({ region_selection: selection({ country_code: 'AC', overseas_region: { state_id: null, state_name: 'Georgetown', city_id: null, city_name: '' } }) })).json().message).toBe('请填写城市');
    expect((await edit({ region_selection: selection({ country_code: 'CN', internal_region_id: 999999 }) })).json().message).toBe('请选择省份地区');
    expect((await memberRecord(member.member_id)).region).toBe('美国 Texas Houston');

    // typed where the data has no list
    const typed = await edit({ region_selection: selection({ country_code: 'AC', overseas_region: { state_id: null, state_name: ' Georgetown ', city_id: null, city_name: 'Two Boats' } }) });
    expect(typed.json()).toMatchObject({ region: '阿森松岛 Georgetown Two Boats', region_selection: { overseas_region: { state_id: null, state_name: 'Georgetown', city_id: null, city_name: 'Two Boats' } } });

    // absent leaves it; null (or a selection without a country) removes it
    expect((await edit({ nickname: '不动地区' })).json().region).toBe('阿森松岛 Georgetown Two Boats');
    expect((await edit({ region_selection: selection({}) })).json()).toMatchObject({ region_selection: null, region_ids: [], region: '' });
    await edit({ region_selection: selection({ region_type: 0, country_code: 'CN', internal_region_id: 110105 }) });
    expect((await edit({ region_selection: null })).json()).toMatchObject({ region_selection: null, region: '' });

    // a new member may come with one
    const added = await addMember({ region_selection: selection({ region_type: 0, country_code: 'CN', internal_region_id: 330782 }) });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ region_ids: [330000, 330700, 330782], region: '浙江省 金华市 义乌市' });
    expect((await addMember({ region_selection: selection({ country_code: 'US' }) })).json().message).toBe('请选择省份地区');
  });

  it('edits the profile but never the name; a new password is hashed and signs the member out', async () => {
    const member = await newMember({ uname: 'editme', nickname: '旧昵称' });
    const before = await memberRecord(member.member_id);
    const edit = (payload: Record<string, unknown>, session = founder) =>
      t.inject({ method: 'PUT', url: `/api/admin/members/${member.member_id}`, session, payload: { mobile: member.mobile, ...payload } });

    const renamed = await edit({ uname: 'hacked', nickname: '新昵称', sex: 0, address: '文三路1号', level_id: levels.gold.level_id });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ uname: 'editme', nickname: '新昵称', sex: 0, address: '文三路1号', level_name: '黄金会员' });
    expect(await memberRecord(member.member_id)).toMatchObject({ passwordHash: before.passwordHash, tokenVersion: before.tokenVersion });

    // The update replaces every field, as the edit form sends them all.
    // Resetting the password asks for the second step.
    expect((await edit({ nickname: '新昵称', password: md5('newpass1') })).statusCode).toBe(428);
    expect((await edit({ nickname: '新昵称', password: md5('newpass1') }, verified)).statusCode).toBe(200);
    const after = await memberRecord(member.member_id);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(await verifyPassword(after.passwordHash, md5('newpass1'))).toBe(true);

    const other = await newMember();
    expect((await edit({ mobile: other.mobile })).json().code).toBe('MEMBER_MOBILE_TAKEN');
    expect((await edit({ birthday: '2999-01-01' })).json().message).toBe('生日格式有误');
    expect((await t.inject({ method: 'PUT', url: '/api/admin/members/99999999', session: founder, payload: { mobile: nextMobile() } })).statusCode).toBe(404);
    const { session: listOnly } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await edit({ nickname: '越权' }, listOnly)).statusCode).toBe(403);
    expect((await memberRecord(member.member_id)).nickname).toBe('新昵称');
  });

  it('assigns a level to a member', async () => {
    const member = await newMember();
    const assign = await t.inject({ method: 'PUT', url: `/api/admin/members/edit-level/${member.member_id}/${levels.silver.level_id}`, session: founder });
    expect(assign.json()).toMatchObject({ level_id: levels.silver.level_id, level_name: '白银会员' });
    expect((await t.inject({ method: 'PUT', url: `/api/admin/members/edit-level/${member.member_id}/99999`, session: founder })).json().code).toBe('LEVEL_NOT_FOUND');
    expect((await t.inject({ method: 'PUT', url: `/api/admin/members/edit-level/99999999/${levels.silver.level_id}`, session: founder })).statusCode).toBe(404);
  });
});

describe('recycle bin', () => {
  it('moves a member to the recycle bin (signed out) and back, refusing to do either twice', async () => {
    const member = await newMember({ uname: 'recycleme' });
    const before = await memberRecord(member.member_id);
    const recycle = () => t.inject({ method: 'DELETE', url: `/api/admin/members/${member.member_id}`, session: founder });
    const restore = (session = founder) => t.inject({ method: 'POST', url: `/api/admin/members/${member.member_id}`, session });

    expect((await recycle()).statusCode).toBe(200);
    expect(await memberRecord(member.member_id)).toMatchObject({ disabled: -1, tokenVersion: before.tokenVersion + 1 });
    expect(names((await list({ keyword: 'recycleme' })).json())).toEqual([]);
    expect((await list({ keyword: 'recycleme', disabled: '-1' })).json().data[0]).toMatchObject({ uname: 'recycleme', disabled: -1 });
    expect((await recycle()).json()).toEqual({ code: 'MEMBER_ALREADY_RECYCLED', message: '该会员已在回收站中' });

    const { session: listOnly } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await restore(listOnly)).statusCode).toBe(403);
    expect((await restore()).statusCode).toBe(200);
    expect((await memberRecord(member.member_id)).disabled).toBe(0);
    expect(names((await list({ keyword: 'recycleme' })).json())).toEqual(['recycleme']);
    expect((await restore()).json()).toEqual({ code: 'MEMBER_NOT_RECYCLED', message: '该会员不在回收站中，无需恢复' });
    expect((await t.inject({ method: 'DELETE', url: '/api/admin/members/99999999', session: founder })).statusCode).toBe(404);
  });
});

describe('member levels', () => {
  const levelApi = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: Record<string, unknown>, session = founder) =>
    t.inject({ method, url: `/api/admin/members/level${path}`, session, payload });

  it('lists the levels by points with their member counts and exactly one default', async () => {
    const member = await newMember({ level_id: levels.gold.level_id });
    const all = (await levelApi('GET')).json() as MemberLevelRow[];
    expect(all.map((level) => level.level_name).slice(0, 3)).toEqual(['普通会员', '白银会员', '黄金会员']);
    expect(all.find((level) => level.level_id === levels.gold.level_id)!.member_count).toBeGreaterThanOrEqual(1);
    expect(all.filter((level) => level.is_default === 1).map((level) => level.level_id)).toEqual([levels.normal.level_id]);
    expect((await levelApi('GET', `/${levels.gold.level_id}`)).json()).toMatchObject({ level_name: '黄金会员', min_point: 5000, max_point: 20000 });
    expect((await levelApi('GET', '/99999')).statusCode).toBe(404);
    expect(member.member_id).toBeGreaterThan(0);
  });

  it('refuses overlapping point ranges, a taken name and an empty range', async () => {
    const overlap = await levelApi('POST', '', { level_name: '越界会员', benefit_ratio: 90, min_point: 4000, max_point: 6000 });
    expect(overlap.json()).toEqual({ code: 'LEVEL_RANGE_OVERLAP', message: '积分范围与“白银会员”（1000 – 5000）重叠' });
    // An open ceiling overlaps every range above its floor.
    expect((await levelApi('POST', '', { level_name: '无上限', benefit_ratio: 90, min_point: 10000, max_point: null })).json().code).toBe('LEVEL_RANGE_OVERLAP');
    expect((await levelApi('POST', '', { level_name: '白银会员', benefit_ratio: 90, min_point: 30000, max_point: 40000 })).json().code).toBe('LEVEL_NAME_TAKEN');
    expect((await levelApi('POST', '', { level_name: '空区间', benefit_ratio: 90, min_point: 30000, max_point: 30000 })).json()).toEqual({ code: 'VALIDATION', message: '积分上限须大于积分下限' });
    expect((await levelApi('POST', '', { level_name: '折扣错', benefit_ratio: 0, min_point: 30000 })).json().message).toBe('会员折扣须为1-100的整数');
    // Touching ranges do not overlap: [20000, ∞) starts where gold ends.
    const diamond = await levelApi('POST', '', { level_name: '钻石会员', benefit_ratio: 90, min_point: 20000, max_point: null, description: '顶级' });
    expect(diamond.statusCode, diamond.body).toBe(200);
    expect(diamond.json()).toMatchObject({ level_name: '钻石会员', is_default: 0, max_point: null, member_count: 0 });
    // A level may keep (or move within) its own range.
    const moved = await levelApi('PUT', `/${levels.gold.level_id}`, { level_name: '黄金会员', benefit_ratio: 95, min_point: 5000, max_point: 20000 });
    expect(moved.json()).toMatchObject({ benefit_ratio: 95 });
    expect((await levelApi('PUT', `/${levels.gold.level_id}`, { level_name: '黄金会员', benefit_ratio: 95, min_point: 5000, max_point: 25000 })).json().code).toBe('LEVEL_RANGE_OVERLAP');
    expect((await levelApi('PUT', '/99999', { level_name: '不存在', benefit_ratio: 95, min_point: 90000, max_point: 95000 })).statusCode).toBe(404);
    await levelApi('DELETE', `/${diamond.json().level_id}`);
  });

  it('keeps exactly one default level and refuses to delete it or a level members hold', async () => {
    const spare = (await levelApi('POST', '', { level_name: '临时等级', benefit_ratio: 99, min_point: 100000, max_point: 200000 })).json() as MemberLevelRow;
    expect((await levelApi('DELETE', `/${levels.normal.level_id}`)).json()).toEqual({ code: 'LEVEL_IS_DEFAULT', message: '默认等级不能删除，请先设置其他默认等级' });
    const holder = await newMember({ level_id: spare.level_id });
    expect((await levelApi('DELETE', `/${spare.level_id}`)).json()).toEqual({ code: 'LEVEL_IN_USE', message: '该等级下有1名会员，不能删除' });

    expect((await levelApi('PUT', `/default/${spare.level_id}`)).json()).toMatchObject({ is_default: 1 });
    const defaults = ((await levelApi('GET')).json() as MemberLevelRow[]).filter((level) => level.is_default === 1);
    expect(defaults.map((level) => level.level_id)).toEqual([spare.level_id]);
    // New members now get it.
    expect((await newMember()).mobile).toBeTruthy();
    expect((await levelApi('PUT', '/default/99999')).statusCode).toBe(404);
    await levelApi('PUT', `/default/${levels.normal.level_id}`);

    await t.inject({ method: 'PUT', url: `/api/admin/members/edit-level/${holder.member_id}/${levels.normal.level_id}`, session: founder });
    await t.ctx.db.update(members).set({ levelId: levels.normal.level_id }).where(eq(members.levelId, spare.level_id));
    expect((await levelApi('DELETE', `/${spare.level_id}`)).statusCode).toBe(200);
    expect((await levelApi('GET', `/${spare.level_id}`)).statusCode).toBe(404);
  });

  it('gives each level page only its own writes', async () => {
    const { session: levelList } = await t.adminWithPermissions(founder, ['memberLevel']);
    expect((await levelApi('GET', '', undefined, levelList)).statusCode).toBe(200);
    expect((await levelApi('POST', '', { level_name: '越权', benefit_ratio: 90, min_point: 300000 }, levelList)).statusCode).toBe(403);
    expect((await levelApi('PUT', `/${levels.gold.level_id}`, { level_name: '越权', benefit_ratio: 90, min_point: 300000 }, levelList)).statusCode).toBe(403);
    const { session: adder } = await t.adminWithPermissions(founder, ['memberLevelAdd']);
    expect((await levelApi('DELETE', `/${levels.gold.level_id}`, undefined, adder)).statusCode).toBe(403);
  });
});

describe('top-up of balance and points', () => {
  const topUp = (id: number, payload: Record<string, unknown>, session = verified) =>
    t.inject({ method: 'PUT', url: `/api/admin/members/deposit/${id}/increase`, session, payload });
  const adjustPoints = (id: number, payload: Record<string, unknown>, session = verified) =>
    t.inject({ method: 'PUT', url: `/api/admin/members/point/${id}`, session, payload });

  it('needs a passed second-step check (428 otherwise) and writes nothing without it', async () => {
    const member = await newMember();
    const unverified = await t.loginFounder();
    const refused = await topUp(member.member_id, { money: 100, reason: '活动补偿' }, unverified);
    expect(refused.statusCode).toBe(428);
    expect(refused.json().code).toBe('TWO_STEP_REQUIRED');
    expect((await adjustPoints(member.member_id, { point: 10, reason: '活动补偿' }, unverified)).statusCode).toBe(428);
    expect((await memberRecord(member.member_id)).balanceCents).toBe(0);
    expect(await ledgerOf(member.member_id, 'BALANCE')).toHaveLength(0);
    const { session: editOnly } = await t.adminWithPermissions(founder, ['memberEdit']);
    expect((await topUp(member.member_id, { money: 100, reason: '越权' }, editOnly)).statusCode).toBe(403);
  });

  it('tops up and deducts in yuan with a ledger row naming the operator; never below zero', async () => {
    const member = await newMember();
    const added = await topUp(member.member_id, { money: 100.5, reason: '线下充值' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ member_id: member.member_id, balance: 100.5, consum_point: 0, grade_point: 0 });
    const deducted = await topUp(member.member_id, { money: -20.25, reason: '误充扣回' });
    expect(deducted.json().balance).toBe(80.25);

    const wallet = await t.inject({ method: 'GET', url: `/api/admin/members/deposit/${member.member_id}/wallet`, session: founder });
    expect(wallet.json()).toMatchObject({ balance: 80.25 });
    const log = (await t.inject({ method: 'GET', url: '/api/admin/members/deposit/log', session: founder, query: { member_id: String(member.member_id) } })).json();
    expect(log.data_total).toBe(2);
    expect(log.data[0]).toMatchObject({ kind: 'BALANCE', amount: -20.25, after: 80.25, reason: '误充扣回', operator_type: 'ADMIN', operator_name: 'admin', member_name: member.uname });
    expect(log.data[1]).toMatchObject({ amount: 100.5, after: 100.5, reason: '线下充值' });

    const tooMuch = await topUp(member.member_id, { money: -80.26, reason: '扣款' });
    expect(tooMuch.json()).toEqual({ code: 'BALANCE_INSUFFICIENT', message: '会员余额不足，当前余额80.25元' });
    expect((await memberRecord(member.member_id)).balanceCents).toBe(8025);
    expect(await ledgerOf(member.member_id, 'BALANCE')).toHaveLength(2);
    expect((await topUp(member.member_id, { money: -80.25, reason: '清零' })).json().balance).toBe(0);
  });

  it('refuses a zero, oversized or over-precise amount, a missing reason and a member in the recycle bin', async () => {
    const member = await newMember();
    expect((await topUp(member.member_id, { money: 0, reason: '零' })).json().message).toBe('调整金额不能为0');
    expect((await topUp(member.member_id, { money: 1_000_000.01, reason: '大额' })).json().message).toBe('单次调整金额不能超过1000000元');
    expect((await topUp(member.member_id, { money: 1.005, reason: '精度' })).json().message).toBe('金额最多保留两位小数');
    expect((await topUp(member.member_id, { money: 10, reason: ' ' })).json().message).toBe('请填写调整原因');
    expect((await topUp(member.member_id, { money: 10, reason: '长'.repeat(101) })).json().message).toBe('调整原因最多100个字符');
    expect((await topUp(99999999, { money: 10, reason: '不存在' })).statusCode).toBe(404);
    await t.inject({ method: 'DELETE', url: `/api/admin/members/${member.member_id}`, session: founder });
    expect((await topUp(member.member_id, { money: 10, reason: '回收站' })).json()).toEqual({ code: 'MEMBER_RECYCLED', message: '会员已被禁用，不能调整余额或积分' });
    expect((await adjustPoints(member.member_id, { point: 10, reason: '回收站' })).json().code).toBe('MEMBER_RECYCLED');
    expect(await ledgerOf(member.member_id, 'BALANCE')).toHaveLength(0);
  });

  it('lets concurrent top-ups all land: the ledger adds up to the balance', async () => {
    const member = await newMember();
    // Funded first: run truly at once (PostgreSQL), the deduction may come before every top-up.
    expect((await topUp(member.member_id, { money: 100, reason: '预存' })).statusCode).toBe(200);
    const amounts = [10, 20.5, 30, 40.25, -5, 60, 70, 80.75, 90, 100];
    const responses = await Promise.all(amounts.map((money, i) => topUp(member.member_id, { money, reason: `并发${i}` })));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ledger = await ledgerOf(member.member_id, 'BALANCE');
    expect(ledger).toHaveLength(amounts.length + 1);
    const { balanceCents } = await memberRecord(member.member_id);
    expect(balanceCents).toBe(amounts.reduce((sum, money) => sum + Math.round(money * 100), 10_000));
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(balanceCents);
    // The rows chain into one running total: each starts where exactly one other ended, from 0 to the balance,
    // whatever order the database took them in (a deduction may land last, so the largest after is not the end).
    const byBefore = new Map(ledger.map((row) => [row.balanceAfter - row.amount, row]));
    expect(byBefore.size).toBe(ledger.length);
    let running = 0;
    for (let step = 0; step < ledger.length; step++) {
      const row = byBefore.get(running);
      expect(row, `no ledger row starts at ${running}`).toBeDefined();
      running = row!.balanceAfter;
    }
    expect(running).toBe(balanceCents);
  });

  it('adjusts spendable points with a ledger row, never below zero, and lists the point history', async () => {
    const member = await newMember();
    expect((await adjustPoints(member.member_id, { point: 500, reason: '活动奖励' })).json()).toMatchObject({ consum_point: 500 });
    expect((await adjustPoints(member.member_id, { point: -200, reason: '兑换扣除' })).json()).toMatchObject({ consum_point: 300 });
    expect((await adjustPoints(member.member_id, { point: -301, reason: '超扣' })).json()).toEqual({ code: 'POINT_INSUFFICIENT', message: '会员积分不足，当前积分300' });
    expect((await adjustPoints(member.member_id, { point: 1.5, reason: '小数' })).json().message).toBe('积分须为整数');
    await t.ctx.db.update(members).set({ consumPoint: 2_147_000_000 }).where(eq(members.id, member.member_id));
    expect((await adjustPoints(member.member_id, { point: 1_000_000, reason: '溢出' })).json().code).toBe('POINT_TOO_LARGE');
    await t.ctx.db.update(members).set({ consumPoint: 300 }).where(eq(members.id, member.member_id));

    const history = (await t.inject({ method: 'GET', url: `/api/admin/members/point/${member.member_id}`, session: founder })).json();
    expect(history.data_total).toBe(2);
    expect(history.data[0]).toMatchObject({ kind: 'POINT', amount: -200, after: 300, reason: '兑换扣除', operator_name: 'admin' });
    expect((await t.inject({ method: 'GET', url: '/api/admin/members/point/99999999', session: founder })).statusCode).toBe(404);
    const { session: levelOnly } = await t.adminWithPermissions(founder, ['memberLevel']);
    expect((await t.inject({ method: 'GET', url: `/api/admin/members/point/${member.member_id}`, session: levelOnly })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/members/deposit/log', session: levelOnly })).statusCode).toBe(403);
  });
});
