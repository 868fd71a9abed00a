import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { hashPassword, md5 } from '../../platform/passwords.js';
import { memberLedger, members } from '../members/tables.js';
import { signActivities, signRecords } from './points-tables.js';
import { coupons, memberCoupons } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const HOUR = 3600;
const DAY = 24 * HOUR;
const now = () => Math.floor(Date.now() / 1000);
// Every test's window sits in its own stretch of the calendar, so the no-overlap rule meets only what the test means.
let slot = 0;
const window = () => {
  slot += 1;
  const start = now() + slot * 10 * DAY;
  return { start_time: start, end_time: start + 5 * DAY };
};
const body = (overrides: object = {}) => ({ title: '每日签到', ...window(), rewards: [{ reward_type: 'POINT', point: 5 }, { reward_type: 'POINT', point: 10 }], ...overrides });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = founder) =>
  t.inject({ method, url: `/api/admin/promotion/sign/${url}`, session, ...(payload ? { payload } : {}) });
const activity = async (id: number) => (await t.ctx.db.select().from(signActivities).where(eq(signActivities.id, id)))[0];

/** An activity straight in the table, for windows the API refuses (already started or over). */
async function insertActivity(values: Partial<typeof signActivities.$inferInsert> & { startAt: Date; endAt: Date }) {
  const [row] = await t.ctx.db.insert(signActivities).values({ title: '直接插入', rewards: [{ reward_type: 'POINT', point: 5, coupon_id: null }], ...values }).returning();
  return row;
}

async function member(uname: string) {
  const [row] = await t.ctx.db.insert(members).values({ uname, mobile: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, passwordHash: await hashPassword(md5('secret1')) }).returning();
  return row;
}
const checkIn = (uname: string, password = 'secret1') => t.inject({ method: 'POST', url: '/api/buyer/sign-in', payload: { uname, password: md5(password) } });

describe('sign-in activities', () => {
  it('creates a waiting activity, edits it while it waits and lists it by status', async () => {
    const created = await api('POST', 'active', body({ title: '新建签到' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().activity_id;
    expect((await api('PUT', `active/${id}`, body({ title: '改名签到' }))).statusCode).toBe(200);
    const page = (await api('GET', 'active?status=WAIT&title=改名签到')).json();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ activity_id: id, status: 'WAIT', cycle_days: 2 });
    const detail = (await api('GET', `active/${id}`)).json();
    expect(detail.rewards.map((reward: { day: number; point: number }) => [reward.day, reward.point])).toEqual([[1, 5], [2, 10]]);
  });

  it.each([
    ['a start in the past', () => ({ start_time: now() - HOUR, end_time: now() + DAY }), '活动开始时间须晚于当前时间'],
    ['an end before the start', () => ({ start_time: now() + 2 * DAY, end_time: now() + DAY }), '活动开始时间须早于结束时间'],
    ['a coupon reward without a coupon', () => ({ rewards: [{ reward_type: 'COUPON' }] }), '请选择奖励优惠券'],
  ])('refuses %s and saves nothing', async (_case, change, message) => {
    const before = await t.ctx.db.select().from(signActivities);
    const response = await api('POST', 'active', body(change()));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.ctx.db.select().from(signActivities)).toHaveLength(before.length);
  });

  it('refuses a window overlapping another live activity, but not a closed one', async () => {
    const first = body({ title: '先来的' });
    const id = (await api('POST', 'active', first)).json().activity_id;
    const overlap = await api('POST', 'active', body({ start_time: first.start_time + DAY, end_time: first.end_time + DAY }));
    expect(overlap.json().message).toBe('活动时间与签到活动“先来的”重叠，同一时间只能有一个签到活动');
    expect((await api('POST', `active/${id}/close`)).statusCode).toBe(200);
    expect((await api('POST', 'active', body({ start_time: first.start_time + DAY, end_time: first.end_time + DAY }))).statusCode).toBe(200);
  });

  it('lets exactly one of two overlapping activities created at once in', async () => {
    const shared = window();
    const results = await Promise.all(['同时甲', '同时乙'].map((title) => api('POST', 'active', body({ title, ...shared }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('checks a coupon reward is a platform coupon valid over the whole window', async () => {
    const w = window();
    const [short] = await t.ctx.db.insert(coupons).values({ title: '短期券', priceCents: 500, thresholdCents: 5000, startAt: new Date(), endAt: new Date((w.start_time + DAY) * 1000), createNum: 10 }).returning();
    const response = await api('POST', 'active', body({ ...w, rewards: [{ reward_type: 'COUPON', coupon_id: short.id }] }));
    expect(response.json().message).toBe('奖励优惠券“短期券”不可用：须为未作废的平台优惠券，且有效期覆盖整个活动时间');
    expect((await api('GET', 'coupons')).json().some((row: { coupon_id: number }) => row.coupon_id === short.id)).toBe(true);
  });

  it('guards edit, close and delete by the status, with one message form, and changes nothing when refused', async () => {
    const open = await insertActivity({ title: '进行中', startAt: new Date(Date.now() - 10 * DAY * 1000), endAt: new Date(Date.now() - 9 * DAY * 1000), status: 'WAIT' });
    // the stored status is stale (WAIT) but its window is over: read as FINISH
    expect((await api('GET', `active/${open.id}`)).json().status).toBe('FINISH');
    const edit = await api('PUT', `active/${open.id}`, body());
    expect(edit.json().message).toBe('签到活动已结束状态不能编辑');
    expect((await api('POST', `active/${open.id}/close`)).json().message).toBe('签到活动已结束状态不能关闭');
    const waiting = (await api('POST', 'active', body({ title: '待删除' }))).json().activity_id;
    expect((await api('DELETE', `active/${waiting}`)).json().message).toBe('签到活动未开始状态不能删除');
    expect(await activity(waiting)).toMatchObject({ status: 'WAIT', title: '待删除' });
    expect((await api('POST', `active/${waiting}/close`)).statusCode).toBe(200);
    expect((await api('POST', `active/${waiting}/close`)).json().message).toBe('签到活动已关闭状态不能关闭');
    expect((await api('DELETE', `active/${waiting}`)).statusCode).toBe(200);
    expect((await api('DELETE', `active/${open.id}`)).statusCode).toBe(200);
  });

  it('moves the stored statuses with the clock through the scheduled task', async () => {
    const starting = await insertActivity({ startAt: new Date(Date.now() - 1000), endAt: new Date(Date.now() + 1000 * DAY * 200) });
    const over = await insertActivity({ status: 'OPEN', startAt: new Date(Date.now() - 3 * DAY * 1000), endAt: new Date(Date.now() - 2 * DAY * 1000) });
    await t.ctx.scheduler.ensureTasks();
    const outcomes = await t.ctx.scheduler.runDueTasks(new Date());
    expect(outcomes.find((outcome) => outcome.name === 'promotions.sign-status')).toMatchObject({ status: 'ok' });
    expect((await activity(starting.id)).status).toBe('OPEN');
    expect((await activity(over.id)).status).toBe('FINISH');
    await t.ctx.db.update(signActivities).set({ status: 'CLOSE' }).where(eq(signActivities.id, starting.id));
  });
});

describe('a member checking in', () => {
  it('awards the day’s points once through the ledger, writes the record the screen lists, and refuses a second check-in', async () => {
    const running = await insertActivity({ title: '签到送积分', status: 'OPEN', startAt: new Date(Date.now() - 1000), endAt: new Date(Date.now() + 2 * DAY * 1000), rewards: [{ reward_type: 'POINT', point: 7, coupon_id: null }] });
    const who = await member('checkin1');
    const first = await checkIn('checkin1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ continuous_days: 1, reward_type: 'POINT', point: 7 });
    const [after] = await t.ctx.db.select().from(members).where(eq(members.id, who.id));
    expect(after.consumPoint).toBe(7);
    const ledger = await t.ctx.db.select().from(memberLedger).where(eq(memberLedger.memberId, who.id));
    expect(ledger).toMatchObject([{ kind: 'POINT', amount: 7, balanceAfter: 7 }]);
    const second = await checkIn('checkin1');
    expect(second.json().message).toBe('今天已经签到过了');
    const records = (await api('GET', `record?member_name=checkin1&activity_id=${running.id}`)).json();
    expect(records.data).toHaveLength(1);
    expect(records.data[0]).toMatchObject({ member_name: 'checkin1', point: 7, activity_title: '签到送积分' });
    expect((await activity(running.id)).signNum).toBe(1);
    expect((await checkIn('checkin1', 'wrong')).json().message).toBe('会员名称或密码错误');
  });

  it('gives one reward when the same member checks in twice at once', async () => {
    const who = await member('checkin2');
    const results = await Promise.all([checkIn('checkin2'), checkIn('checkin2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.ctx.db.select().from(signRecords).where(eq(signRecords.memberId, who.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(memberLedger).where(eq(memberLedger.memberId, who.id))).toHaveLength(1);
    expect((await t.ctx.db.select().from(members).where(eq(members.id, who.id)))[0].consumPoint).toBe(7);
  });

  it('hands out the coupon of a coupon day and counts the claim', async () => {
    await t.ctx.db.update(signActivities).set({ status: 'CLOSE' });
    const [coupon] = await t.ctx.db.insert(coupons).values({ title: '签到券', priceCents: 500, thresholdCents: 5000, startAt: new Date(Date.now() - DAY * 1000), endAt: new Date(Date.now() + 30 * DAY * 1000), createNum: 1 }).returning();
    await insertActivity({ title: '签到送券', status: 'OPEN', startAt: new Date(Date.now() - 1000), endAt: new Date(Date.now() + 2 * DAY * 1000), rewards: [{ reward_type: 'COUPON', point: 0, coupon_id: coupon.id }] });
    const who = await member('checkin3');
    const response = await checkIn('checkin3');
    expect(response.json()).toMatchObject({ reward_type: 'COUPON', coupon_title: '签到券' });
    expect(await t.ctx.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, who.id))).toHaveLength(1);
    expect((await t.ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0].receivedNum).toBe(1);
    await member('checkin4');
    const exhausted = await checkIn('checkin4');
    expect(exhausted.json().message).toBe('今日奖励优惠券已发完，请联系平台');
    expect(await t.ctx.db.select().from(signRecords).where(eq(signRecords.memberName, 'checkin4'))).toHaveLength(0);
  });

  it('refuses a check-in when no activity runs', async () => {
    await t.ctx.db.update(signActivities).set({ status: 'CLOSE' });
    await member('checkin5');
    expect((await checkIn('checkin5')).json().message).toBe('当前没有进行中的签到活动');
  });
});
