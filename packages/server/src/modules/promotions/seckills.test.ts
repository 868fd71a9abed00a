import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { PLATFORM_UTC_OFFSET_MS } from '../../platform/time.js';
import { promotionGoods, seckillApplies, seckills } from './tables.js';
import { platformDayStart } from '../../platform/time.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const DAY_MS = 86_400_000;
/** The platform-calendar day `offset` days from today. */
const day = (offset: number) => new Date(Date.now() + PLATFORM_UTC_OFFSET_MS + offset * DAY_MS).toISOString().slice(0, 10);
let names = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  seckill_name: `抢购日${++names}`,
  start_day: day(3),
  apply_end_time: Math.floor(platformDayStart(day(2)).getTime() / 1000),
  range_list: [10, 8, 20],
  seckill_rule: '每人限购一件',
  ...overrides,
});
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = founder) =>
  t.inject({ method, url: `/api/admin/${url}`, session, ...(payload ? { payload } : {}) });
const eventRow = async (id: number) => (await t.ctx.db.select().from(seckills).where(eq(seckills.id, id)))[0];
const allEvents = () => t.ctx.db.select().from(seckills).orderBy(seckills.id);

/** An event straight in the table: `offset` days from today, published unless told. */
async function insertEvent(offset: number, overrides: Partial<typeof seckills.$inferInsert> = {}) {
  const startAt = platformDayStart(day(offset));
  const [row] = await t.ctx.db
    .insert(seckills)
    .values({ name: `直接插入${++names}`, startAt, applyEndAt: new Date(startAt.getTime() - DAY_MS), hours: [0, 12], publishStatus: 1, ...overrides })
    .returning();
  return row;
}

async function insertApply(event: { id: number }, overrides: Partial<typeof seckillApplies.$inferInsert> = {}, item?: { id: number; goodsName: string; shopId: number; shopName: string }) {
  const target = item ?? (await insertGoods(t.ctx, await insertShop(t.ctx), await insertCategory(t.ctx)));
  const [row] = await t.ctx.db
    .insert(seckillApplies)
    .values({ seckillId: event.id, timeLine: 12, goodsId: target.id, skuId: target.id, goodsName: target.goodsName, shopId: target.shopId, shopName: target.shopName, priceCents: 5900, originalPriceCents: 9900, soldQuantity: 20, ...overrides })
    .returning();
  return { apply: row, goods: target };
}

describe('seckill events', () => {
  it('saves a draft and publishes one at once, with sorted slots', async () => {
    const draft = await api('POST', 'promotion/seckill', body({ seckill_name: '草稿抢购' }));
    expect(draft.statusCode).toBe(200);
    const saved = (await api('GET', `promotion/seckill/${draft.json().seckill_id}`)).json();
    expect(saved).toMatchObject({ seckill_name: '草稿抢购', start_day: day(3), range_list: [8, 10, 20], publish_status: 0, status: 0 });
    const published = await api('POST', 'promotion/seckill', body({ seckill_name: '直接发布', publish: 1 }));
    expect((await eventRow(published.json().seckill_id)).publishStatus).toBe(1);
    const listed = (await api('GET', `promotion/seckill?seckill_name=${encodeURIComponent('草稿抢购')}&status=0`)).json();
    expect(listed.data.map((row: { seckill_name: string }) => row.seckill_name)).toEqual(['草稿抢购']);
  });

  it.each([
    ['a taken name', () => ({ seckill_name: '重名抢购' }), '活动名称已存在'],
    ['no slot', () => ({ range_list: [] }), '请选择抢购时段'],
    ['a repeated slot', () => ({ range_list: [9, 9] }), '抢购时段不能重复'],
    ['an hour past 23', () => ({ range_list: [24] }), '抢购时段为0到23点'],
    ['a day in the past', () => ({ start_day: day(-2), apply_end_time: Math.floor(Date.now() / 1000) + 60 }), '活动日期不能早于今天'],
    ['a deadline in the past', () => ({ apply_end_time: Math.floor(Date.now() / 1000) - 60 }), '报名截止时间须晚于当前时间'],
    ['a deadline after the start', () => ({ apply_end_time: Math.floor(platformDayStart(day(3)).getTime() / 1000) + 3600 }), '报名截止时间不能晚于活动开始时间'],
  ])('refuses %s and saves nothing', async (_case, change, message) => {
    if (message === '活动名称已存在') await api('POST', 'promotion/seckill', body({ seckill_name: '重名抢购' }));
    const before = await allEvents();
    const response = await api('POST', 'promotion/seckill', body(change()));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await allEvents()).toEqual(before);
  });

  it('answers the name-taken message to the second of two operators saving one name at once', async () => {
    const results = await Promise.all([1, 2].map(() => api('POST', 'promotion/seckill', body({ seckill_name: '同时重名' }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().message).toBe('活动名称已存在');
  });

  it('edits and publishes only a draft', async () => {
    const id = (await api('POST', 'promotion/seckill', body())).json().seckill_id;
    expect((await api('PUT', `promotion/seckill/${id}`, body({ seckill_name: '改名抢购', range_list: [1] }))).statusCode).toBe(200);
    expect((await api('POST', `promotion/seckill/publish/${id}`)).statusCode).toBe(200);
    const before = await eventRow(id);
    expect(before).toMatchObject({ name: '改名抢购', hours: [1], publishStatus: 1 });
    expect((await api('PUT', `promotion/seckill/${id}`, body())).json().message).toBe('活动已发布，不能编辑');
    expect((await api('POST', `promotion/seckill/publish/${id}`)).json().message).toBe('活动已发布，请勿重复发布');
    expect(await eventRow(id)).toEqual(before);
  });

  it('closes a running event only, ending its sale prices; deletes a draft or an ended event only', async () => {
    const running = await insertEvent(0, { hours: [0, 23] });
    const { apply } = await insertApply(running, { timeLine: 0 });
    expect((await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [apply.id], status: 'PASS' })).statusCode).toBe(200);
    const waiting = await insertEvent(2);
    expect((await api('POST', `promotion/seckill/invalid/${waiting.id}`)).json().message).toBe('只有进行中的活动可以关闭');
    expect((await api('DELETE', `promotion/seckill/${waiting.id}`)).json().message).toBe('已发布且未结束的活动不能删除');
    expect((await eventRow(waiting.id)).closedAt).toBeNull();

    expect((await api('POST', `promotion/seckill/invalid/${running.id}`)).statusCode).toBe(200);
    const closed = (await api('GET', `promotion/seckill/${running.id}`)).json();
    expect(closed).toMatchObject({ status: 2, closed: 1 });
    const [window] = await t.ctx.db.select().from(promotionGoods).where(eq(promotionGoods.applyId, apply.id));
    expect(window.endAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await api('POST', `promotion/seckill/invalid/${running.id}`)).json().message).toBe('只有进行中的活动可以关闭');
    expect((await api('DELETE', `promotion/seckill/${running.id}`)).statusCode).toBe(200);
    expect((await api('GET', `promotion/seckill/${running.id}`)).statusCode).toBe(404);

    const draft = await insertEvent(4, { publishStatus: 0 });
    expect((await api('DELETE', `promotion/seckill/${draft.id}`)).statusCode).toBe(200);
  });
});

describe('auditing the applications', () => {
  it('passes a batch: each goods item gets its promotion price from its slot to the end of the day', async () => {
    const event = await insertEvent(1);
    const a = await insertApply(event, { timeLine: 10, priceCents: 4900 });
    const b = await insertApply(event, { timeLine: 20 });
    const response = await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [a.apply.id, b.apply.id], status: 'PASS' });
    expect(response.statusCode).toBe(200);
    const [window] = await t.ctx.db.select().from(promotionGoods).where(eq(promotionGoods.goodsId, a.goods.id));
    expect(window).toMatchObject({ promotionType: 'SECKILL', activityId: event.id, title: '限时抢购', priceCents: 4900, num: 20 });
    expect(window.startAt.getTime()).toBe(event.startAt.getTime() + 10 * 3_600_000);
    expect(window.endAt.getTime()).toBe(event.startAt.getTime() + DAY_MS - 1000);
    const passed = (await api('GET', `promotion/seckill-goods?seckill_id=${event.id}&status=PASS`)).json();
    expect(passed.data.map((row: { time_line: number }) => row.time_line)).toEqual([10, 20]);
    expect((await api('GET', `promotion/seckill/${event.id}`)).json()).toMatchObject({ pass_num: 2, apply_num: 0 });
  });

  it('refuses with a required reason', async () => {
    const event = await insertEvent(1);
    const { apply } = await insertApply(event);
    const missing = await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [apply.id], status: 'FAIL', fail_reason: ' ' });
    expect(missing.json().message).toBe('请填写拒绝原因');
    expect((await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [apply.id], status: 'FAIL', fail_reason: '价格高于近期售价' })).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(seckillApplies).where(eq(seckillApplies.id, apply.id));
    expect(row).toMatchObject({ status: 'FAIL', failReason: '价格高于近期售价', auditorName: 'admin' });
    expect(await t.ctx.db.select().from(promotionGoods).where(eq(promotionGoods.applyId, apply.id))).toEqual([]);
  });

  it('refuses the whole batch when one application was already audited, changing nothing', async () => {
    const event = await insertEvent(1);
    const waiting = await insertApply(event);
    const done = await insertApply(event, { status: 'FAIL', failReason: '已拒绝' });
    const response = await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [waiting.apply.id, done.apply.id], status: 'PASS' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`商品“${done.goods.goodsName}”已审核，请勿重复审核`);
    const [row] = await t.ctx.db.select().from(seckillApplies).where(eq(seckillApplies.id, waiting.apply.id));
    expect(row.status).toBe('APPLY');
    expect(await t.ctx.db.select().from(promotionGoods).where(eq(promotionGoods.goodsId, waiting.goods.id))).toEqual([]);
  });

  it('refuses a goods item already in an overlapping promotion, naming it; another day is fine', async () => {
    const first = await insertEvent(1);
    const second = await insertEvent(1);
    const third = await insertEvent(2);
    const taken = await insertApply(first, { timeLine: 8 });
    expect((await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [taken.apply.id], status: 'PASS' })).statusCode).toBe(200);
    const clash = await insertApply(second, { timeLine: 20 }, taken.goods);
    const other = await insertApply(second, { timeLine: 20 });
    const response = await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [other.apply.id, clash.apply.id], status: 'PASS' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`商品“${taken.goods.goodsName}”已参加同一时段的其他促销活动（限时抢购），不能重复参加`);
    const statuses = await t.ctx.db.select({ status: seckillApplies.status }).from(seckillApplies).where(eq(seckillApplies.seckillId, second.id));
    expect(statuses.map((row) => row.status)).toEqual(['APPLY', 'APPLY']);
    expect(await t.ctx.db.select().from(promotionGoods).where(eq(promotionGoods.goodsId, other.goods.id))).toEqual([]);

    const nextDay = await insertApply(third, { timeLine: 8 }, taken.goods);
    expect((await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [nextDay.apply.id], status: 'PASS' })).statusCode).toBe(200);
  });

  it('lets exactly one of two operators audit one application at once', async () => {
    const event = await insertEvent(1);
    const { apply } = await insertApply(event);
    const results = await Promise.all([
      api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [apply.id], status: 'PASS' }),
      api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [apply.id], status: 'FAIL', fail_reason: '同时拒绝' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    expect(loser.json().message).toMatch(/已审核，请勿重复审核$/);
    const [row] = await t.ctx.db.select().from(seckillApplies).where(eq(seckillApplies.id, apply.id));
    const windows = await t.ctx.db.select().from(promotionGoods).where(eq(promotionGoods.applyId, apply.id));
    expect(windows).toHaveLength(row.status === 'PASS' ? 1 : 0);
  });

  it('lets exactly one of two operators pass one goods item into two overlapping events', async () => {
    const a = await insertEvent(1);
    const b = await insertEvent(1);
    const first = await insertApply(a);
    const second = await insertApply(b, {}, first.goods);
    const results = await Promise.all([first, second].map(({ apply }) => api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [apply.id], status: 'PASS' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.ctx.db.select().from(promotionGoods).where(eq(promotionGoods.goodsId, first.goods.id))).toHaveLength(1);
  });

  it('needs the audit permission to audit', async () => {
    const { session } = await t.adminWithPermissions(founder, ['seckillPassGoodsList']);
    const event = await insertEvent(1);
    const { apply } = await insertApply(event);
    expect((await api('GET', `promotion/seckill-goods?seckill_id=${event.id}`, undefined, session)).statusCode).toBe(200);
    expect((await api('POST', 'promotion/seckill-goods/batch/audit', { apply_ids: [apply.id], status: 'PASS' }, session)).statusCode).toBe(403);
  });
});
