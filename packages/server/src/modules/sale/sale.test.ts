import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AskDetail, CommentRow, ComplaintDetail, ComplaintRow, GoodsDetail, NotificationRow, OrderDetail, Page } from '@agora/contract';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { planWithoutSeqScan } from '../../test/plans.js';
import { goods } from '../goods/tables.js';
import { complaintMessages, complaints, complaintTopics, goodsAsks, goodsComments, askReplies, notificationsSent } from './tables.js';
import { orderItems, orders } from '../orders/tables.js';
import { members } from '../members/tables.js';
import { hashPassword, md5 } from '../../platform/passwords.js';
import { expireComplaintWindows, fileComplaint } from './complaints.js';
import type { AppError } from '../../platform/errors.js';
import { readOrderSettings, saveOrderSettings } from '../orders/service.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

let sequence = 0;

async function fixtures() {
  const shop = await insertShop(t.ctx);
  const product = await insertGoods(t.ctx, shop, await insertCategory(t.ctx), { goodsName: `降噪耳机${++sequence}` });
  return { shop, product };
}

async function insertComplaint(status: string, fields: Partial<typeof complaints.$inferInsert> = {}) {
  const { shop, product } = await fixtures();
  const [row] = await t.ctx.db
    .insert(complaints)
    .values({
      topic: '商品质量问题',
      content: `耳机左耳没有声音${++sequence}`,
      status,
      orderSn: `S${String(sequence).padStart(10, '0')}`,
      skuId: 1,
      goodsId: product.id,
      goodsName: product.goodsName,
      priceCents: 19_900,
      memberId: 7,
      memberName: 'buyer7',
      shopId: shop.id,
      shopName: shop.shopName,
      ...fields,
    })
    .returning();
  return row;
}

const get = <T>(url: string, session = founder) => t.inject({ method: 'GET', url, session }).then((response) => ({ status: response.statusCode, body: response.json() as T }));

describe('complaints', () => {
  it('lists by tag and keyword, newest first', async () => {
    const open = await insertComplaint('COMMUNICATION', { content: '发错颜色了' });
    const done = await insertComplaint('COMPLETE');
    const withdrawn = await insertComplaint('CANCEL');
    const complaining = await get<Page<ComplaintRow>>('/api/admin/trade/order-complains?tag=COMPLAINING');
    const ids = complaining.body.data.map((row) => row.complain_id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(done.id);
    expect(ids).not.toContain(withdrawn.id);
    const canceled = await get<Page<ComplaintRow>>('/api/admin/trade/order-complains?tag=CANCELED');
    expect(canceled.body.data.map((row) => row.complain_id)).toEqual([withdrawn.id]);
    const byKeyword = await get<Page<ComplaintRow>>(`/api/admin/trade/order-complains?keywords=${encodeURIComponent('发错颜色')}`);
    expect(byKeyword.body.data.map((row) => row.complain_id)).toEqual([open.id]);
  });

  it('goes NEW → WAIT_APPEAL, talks while in discussion, and closes with the arbitration', async () => {
    const complaint = await insertComplaint('NEW');
    const detail = await get<ComplaintDetail>(`/api/admin/trade/order-complains/${complaint.id}`);
    expect(detail.body.allowable).toEqual({ allow_to_appeal: true, allow_communicate: false, allow_arbitrate: true });

    // a message needs the conversation to have begun
    const early = await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/communication`, query: { content: '请商家说明' }, session: founder });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('投诉新投诉状态不能进行对话操作');

    const handed = await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/to-appeal`, session: founder });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().status).toBe('WAIT_APPEAL');

    // the seller appealed (the seller's side writes the state through the same flow)
    await t.ctx.db.update(complaints).set({ status: 'COMMUNICATION', appealContent: '已补发', appealAt: new Date() }).where(eq(complaints.id, complaint.id));
    const said = await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/communication`, query: { content: '请双方提供物流凭证' }, session: founder });
    expect(said.statusCode).toBe(200);
    expect((said.json() as ComplaintDetail).messages.map((message) => [message.owner, message.content])).toContainEqual(['PLATFORM', '请双方提供物流凭证']);

    const tooLong = await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/complete`, payload: { arbitration_result: 'x'.repeat(501) }, session: founder });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('仲裁意见最多500个字符');

    const arbitrated = await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/complete`, payload: { arbitration_result: '商家补发新品并承担运费' }, session: founder });
    expect(arbitrated.statusCode).toBe(200);
    const closed = arbitrated.json() as ComplaintDetail;
    expect(closed.status).toBe('COMPLETE');
    expect(closed.arbitration_result).toBe('商家补发新品并承担运费');
    expect(closed.allowable).toEqual({ allow_to_appeal: false, allow_communicate: false, allow_arbitrate: false });

    // both parties were told, and the history shows it
    const sent = await t.ctx.db.select().from(notificationsSent).where(and(eq(notificationsSent.channel, 'STATION'), eq(notificationsSent.title, '交易投诉已仲裁')));
    expect(sent.map((row) => row.receiverType).sort()).toEqual(['MEMBER', 'SHOP']);
    const history = await get<Page<NotificationRow>>(`/api/admin/systems/notification-history?receiver=buyer7&channel=STATION`);
    expect(history.body.data.some((row) => row.content.includes('商家补发新品并承担运费'))).toBe(true);

    const again = await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/complete`, payload: { arbitration_result: '再仲裁一次' }, session: founder });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('投诉已完成状态不能进行仲裁操作');
  });

  it('of two operators arbitrating at once, exactly one wins', async () => {
    const complaint = await insertComplaint('WAIT_ARBITRATION');
    const second = await t.loginFounder();
    const responses = await Promise.all(
      [founder, second, founder, second].map((session, index) =>
        t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/complete`, payload: { arbitration_result: `仲裁意见${index}` }, session }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const lost of responses.filter((response) => response.statusCode !== 200)) expect(lost.json().message).toBe('投诉已完成状态不能进行仲裁操作');
    const messages = await t.ctx.db.select().from(complaintMessages).where(eq(complaintMessages.complaintId, complaint.id));
    expect(messages).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(complaints).where(eq(complaints.id, complaint.id));
    expect(messages[0].content).toBe(`仲裁结果：${row.arbitrationResult}`);
  });

  it('refuses an operator without the complaint pages', async () => {
    const { session } = await t.adminWithPermissions(founder, ['goodsCommentList']);
    const complaint = await insertComplaint('NEW');
    expect((await t.inject({ method: 'GET', url: '/api/admin/trade/order-complains', session })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/to-appeal`, session })).statusCode).toBe(403);
  });
});

describe('complaints on order lines', () => {
  const DAY_MS = 86_400_000;
  /** A paid order of buyer7 with two lines, completed `daysAgo` days ago unless another state is given. */
  async function insertOrder(daysAgo: number, fields: Partial<typeof orders.$inferInsert> = {}) {
    const { shop, product } = await fixtures();
    await t.ctx.db.insert(complaintTopics).values({ topicName: '商品质量问题' }).onConflictDoNothing();
    const n = ++sequence;
    const [order] = await t.ctx.db
      .insert(orders)
      .values({ sn: `C${String(n).padStart(12, '0')}`, shopId: shop.id, shopName: shop.shopName, memberId: 7, memberName: 'buyer7', status: 'COMPLETE', payStatus: 'PAY_YES', completedAt: new Date(Date.now() - daysAgo * DAY_MS), shipName: '张三', ...fields })
      .returning();
    await t.ctx.db.insert(orderItems).values([11, 12].map((skuId) => ({ orderId: order.id, goodsId: product.id, skuId, goodsName: product.goodsName, priceCents: 19_900, num: 1, subtotalCents: 19_900 })));
    return order;
  }
  const file = (orderSn: string, skuId = 11) => t.ctx.db.transaction((tx) => fileComplaint(tx, { orderSn, skuId, topic: '商品质量问题', content: '耳机左耳没有声音' }));
  /** 'filed', or the refusal as the operator would read it */
  const refusal = (promise: Promise<unknown>) => promise.then(() => 'filed', (error: AppError) => error.localized('zh'));
  const lines = async (sn: string) => (await get<OrderDetail>(`/api/admin/trade/orders/${sn}`)).body.items.map((item) => [item.sku_id, item.complain_status]);

  it('marks the line in complaint when filed and complained once arbitrated, as the order detail shows', async () => {
    const order = await insertOrder(2);
    expect(await lines(order.sn)).toEqual([[11, 'NO_APPLY'], [12, 'NO_APPLY']]);
    const complaint = await file(order.sn);
    expect(complaint).toMatchObject({ status: 'NEW', orderSn: order.sn, skuId: 11, shipName: '张三', memberName: 'buyer7' });
    expect(await lines(order.sn)).toEqual([[11, 'APPLYING'], [12, 'NO_APPLY']]);
    expect(await refusal(file(order.sn))).toBe('该商品已投诉，不能重复投诉');
    // a refused arbitration (too long) leaves the line in complaint
    await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/complete`, payload: { arbitration_result: 'x'.repeat(501) }, session: founder });
    expect(await lines(order.sn)).toEqual([[11, 'APPLYING'], [12, 'NO_APPLY']]);
    const done = await t.inject({ method: 'PUT', url: `/api/admin/trade/order-complains/${complaint.id}/complete`, payload: { arbitration_result: '商家补发' }, session: founder });
    expect(done.statusCode).toBe(200);
    expect(await lines(order.sn)).toEqual([[11, 'COMPLETE'], [12, 'NO_APPLY']]);
    expect(await refusal(file(order.sn))).toBe('该商品已投诉，不能重复投诉');
    // the other line can still be complained about
    expect(await refusal(file(order.sn, 12))).toBe('filed');
  });

  it('refuses a line outside the window, an unpaid order and an unknown line; the window closes by the task', async () => {
    const old = await insertOrder(31);
    const recent = await insertOrder(29);
    const open = await insertOrder(40, { status: 'SHIPPED', completedAt: null });
    const unpaid = await insertOrder(0, { status: 'CONFIRM', payStatus: 'PAY_NO', completedAt: null });
    expect(await refusal(file(old.sn))).toBe('该商品已超过投诉有效期，不能投诉');
    expect(await refusal(file(unpaid.sn))).toBe('订单已确认状态不能进行投诉操作');
    expect(await refusal(file(recent.sn, 99))).toBe('订单中没有该商品');
    expect(await refusal(file(open.sn))).toBe('filed');

    // a complaint under way on an old order keeps going; its other line expires
    const [underWay] = await t.ctx.db.select().from(orders).where(eq(orders.id, (await insertOrder(20)).id));
    await file(underWay.sn);
    await t.ctx.db.update(orders).set({ completedAt: new Date(Date.now() - 45 * DAY_MS) }).where(eq(orders.id, underWay.id));

    expect(await expireComplaintWindows(t.ctx)).toBeGreaterThanOrEqual(3);
    expect(await lines(old.sn)).toEqual([[11, 'EXPIRED'], [12, 'EXPIRED']]);
    expect(await lines(underWay.sn)).toEqual([[11, 'APPLYING'], [12, 'EXPIRED']]);
    expect(await lines(recent.sn)).toEqual([[11, 'NO_APPLY'], [12, 'NO_APPLY']]);
    expect(await lines(open.sn)).toEqual([[11, 'APPLYING'], [12, 'NO_APPLY']]);
    expect((await t.ctx.db.select({ open: orders.complainOpen }).from(orders).where(eq(orders.id, old.id)))[0].open).toBe(0);
    // closed orders leave the task's index: the next run finds nothing of theirs
    expect(await expireComplaintWindows(t.ctx)).toBe(0);
    expect(await refusal(file(underWay.sn, 12))).toBe('该商品已超过投诉有效期，不能投诉');
    // the window follows the setting
    const settings = await readOrderSettings(t.ctx);
    await saveOrderSettings(t.ctx, { ...settings, complain_expired_day: 28 });
    expect(await refusal(file(recent.sn))).toBe('该商品已超过投诉有效期，不能投诉');
    await saveOrderSettings(t.ctx, settings);
  });

  it('of two filings on one line at once, exactly one is filed', async () => {
    const order = await insertOrder(1);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => refusal(file(order.sn))));
    expect(outcomes.filter((outcome) => outcome === 'filed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'filed')).toEqual(Array(3).fill('该商品已投诉，不能重复投诉'));
    expect(await t.ctx.db.select().from(complaints).where(eq(complaints.orderSn, order.sn))).toHaveLength(1);
  });

  it('the buyer files on their own order line and withdraws: the line goes in complaint, then complained', async () => {
    const [buyer] = await t.ctx.db.insert(members).values({ uname: `buyer${++sequence}`, mobile: `138${String(sequence).padStart(8, '0')}`, passwordHash: await hashPassword(md5('secret1')) }).returning();
    const order = await insertOrder(3, { memberId: buyer.id, memberName: buyer.uname });
    const other = await insertOrder(3);
    const credentials = { uname: buyer.uname, password: md5('secret1') };
    const filing = { ...credentials, order_sn: order.sn, sku_id: 12, complain_topic: '商品质量问题', content: '屏幕有坏点' };
    const send = (payload: object) => t.inject({ method: 'POST', url: '/api/buyer/trade/order-complains', payload });

    expect((await send({ ...filing, password: md5('wrong') })).json().message).toBe('会员名称或密码错误');
    const notOwn = await send({ ...filing, order_sn: other.sn });
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json().message).toBe('订单不存在');
    expect((await send({ ...filing, content: ' ' })).json().message).toContain('请填写投诉内容');
    const filed = await send(filing);
    expect(filed.statusCode, filed.body).toBe(200);
    const complaint = filed.json() as ComplaintDetail;
    expect(complaint).toMatchObject({ status: 'NEW', order_sn: order.sn, member_name: buyer.uname, content: '屏幕有坏点' });
    expect(await lines(order.sn)).toEqual([[11, 'NO_APPLY'], [12, 'APPLYING']]);
    expect((await send(filing)).json().message).toBe('该商品已投诉，不能重复投诉');

    const withdraw = (id: number, payload: object) => t.inject({ method: 'PUT', url: `/api/buyer/trade/order-complains/${id}/cancel`, payload });
    // another member's complaint is not the buyer's to withdraw
    const someoneElses = await insertComplaint('NEW');
    expect((await withdraw(someoneElses.id, credentials)).statusCode).toBe(404);
    const withdrawn = await withdraw(complaint.complain_id, credentials);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json() as ComplaintDetail).status).toBe('CANCEL');
    expect(await lines(order.sn)).toEqual([[11, 'NO_APPLY'], [12, 'COMPLETE']]);
    expect((await withdraw(complaint.complain_id, credentials)).json().message).toBe('投诉已撤销状态不能进行撤销操作');
  });

  it('reads the partial index for the expiry task', async () => {
    const plan = await planWithoutSeqScan(t.ctx.db, sql`select id from orders where status = 'COMPLETE' and complain_open = 1 and completed_at < now() order by completed_at, id limit 1000`);
    expect(plan).toContain('orders_complain_open_idx');
  });
});

describe('complaint topics', () => {
  it('adds, renames and deletes; a taken name is refused', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/admin/systems/complain-topics', payload: { topic_name: '虚假发货', topic_remark: '未发货却填写单号' }, session: founder });
    expect(created.statusCode).toBe(200);
    const clash = await t.inject({ method: 'POST', url: '/api/admin/systems/complain-topics', payload: { topic_name: '虚假发货' }, session: founder });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('投诉主题已存在');
    const other = await t.inject({ method: 'POST', url: '/api/admin/systems/complain-topics', payload: { topic_name: '服务态度' }, session: founder });
    const rename = await t.inject({ method: 'PUT', url: `/api/admin/systems/complain-topics/${other.json().topic_id}`, payload: { topic_name: '虚假发货' }, session: founder });
    expect(rename.json().message).toBe('投诉主题已存在');
    const short = await t.inject({ method: 'POST', url: '/api/admin/systems/complain-topics', payload: { topic_name: '差' }, session: founder });
    expect(short.json().message).toContain('投诉主题为2-30个字符');
    expect((await t.inject({ method: 'DELETE', url: `/api/admin/systems/complain-topics/${other.json().topic_id}`, session: founder })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/admin/systems/complain-topics/${other.json().topic_id}`, session: founder })).statusCode).toBe(404);
  });
});

describe('goods comments', () => {
  async function insertComments(rows: Partial<typeof goodsComments.$inferInsert>[]) {
    const { shop, product } = await fixtures();
    const inserted = await t.ctx.db
      .insert(goodsComments)
      .values(rows.map((row) => ({ goodsId: product.id, goodsName: product.goodsName, memberId: 3, memberName: 'member3', shopId: shop.id, shopName: shop.shopName, content: '很好用', grade: 'good', ...row })))
      .returning();
    return { shop, product, inserted };
  }
  const commentNum = async (goodsId: number) => (await t.ctx.db.select({ n: goods.commentNum }).from(goods).where(eq(goods.id, goodsId)))[0].n;
  /** the goods' 好评率 as the goods detail answers it */
  const grade = async (goodsId: number) => (await get<GoodsDetail[]>(`/api/admin/goods/${goodsId}/details`)).body[0].grade;

  it('filters by grade and shop; hiding and showing keep the goods count to what the storefront shows', async () => {
    const { shop, product, inserted } = await insertComments([{ grade: 'good' }, { grade: 'bad', content: '质量太差' }, { grade: 'neutral', auditStatus: 'WAIT_AUDIT', content: '一般' }]);
    const bad = await get<Page<CommentRow>>(`/api/admin/members/comments?grade=bad&seller_id=${shop.id}`);
    expect(bad.body.data.map((row) => row.comment_id)).toEqual([inserted[1].id]);

    const hide = await t.inject({ method: 'DELETE', url: `/api/admin/members/comments/${inserted[1].id}`, session: founder });
    expect(hide.statusCode).toBe(200);
    expect(await commentNum(product.id)).toBe(1);
    expect(await grade(product.id)).toBe(100);
    const twice = await t.inject({ method: 'DELETE', url: `/api/admin/members/comments/${inserted[1].id}`, session: founder });
    expect(twice.json().message).toBe('该评论已隐藏');
    await t.inject({ method: 'PUT', url: `/api/admin/members/comments/${inserted[1].id}/show`, session: founder });
    expect(await commentNum(product.id)).toBe(2);
    expect(await grade(product.id)).toBe(50);

    // passing the waiting one makes it count; a batch with an audited one changes nothing
    const mixed = await t.inject({ method: 'POST', url: '/api/admin/members/comments/batch/audit', payload: { ids: [inserted[2].id, inserted[0].id], auth_status: 'PASS_AUDIT' }, session: founder });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('评论“很好用”已审核，请勿重复审核');
    expect((await t.ctx.db.select().from(goodsComments).where(eq(goodsComments.id, inserted[2].id)))[0].auditStatus).toBe('WAIT_AUDIT');
    const pass = await t.inject({ method: 'POST', url: '/api/admin/members/comments/batch/audit', payload: { ids: [inserted[2].id], auth_status: 'PASS_AUDIT' }, session: founder });
    expect(pass.statusCode).toBe(200);
    expect(await commentNum(product.id)).toBe(3);
    // the positive-review rate: one good among three counted
    expect(await grade(product.id)).toBe(33.3);
  });

  it('takes the platform reply once, to a passed review only, and tells the member', async () => {
    const { inserted } = await insertComments([{ grade: 'bad', content: '物流太慢', auditStatus: 'PASS_AUDIT' }, { content: '待审核的评论', auditStatus: 'WAIT_AUDIT' }]);
    const id = inserted[0].id;
    const unaudited = await t.inject({ method: 'PUT', url: `/api/admin/members/comments/${inserted[1].id}/reply`, payload: { content: '感谢支持' }, session: founder });
    expect(unaudited.statusCode).toBe(400);
    expect(unaudited.json().message).toBe('该评论未通过审核，不能回复');
    expect((await t.ctx.db.select().from(goodsComments).where(eq(goodsComments.id, inserted[1].id)))[0].replyContent).toBe('');
    const empty = await t.inject({ method: 'PUT', url: `/api/admin/members/comments/${id}/reply`, payload: { content: '  ' }, session: founder });
    expect(empty.json().message).toContain('请填写回复内容');
    const replies = await Promise.all(
      ['抱歉，已催促商家', '已为您登记'].map((content) => t.inject({ method: 'PUT', url: `/api/admin/members/comments/${id}/reply`, payload: { content }, session: founder })),
    );
    expect(replies.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(replies.find((response) => response.statusCode !== 200)!.json().message).toBe('该评论已回复，不能重复回复');
    const sent = await t.ctx.db.select().from(notificationsSent).where(eq(notificationsSent.title, '评论收到回复'));
    expect(sent).toHaveLength(1);
  });
});

describe('goods asks', () => {
  async function insertAsk(fields: Partial<typeof goodsAsks.$inferInsert> = {}) {
    const { shop, product } = await fixtures();
    const [row] = await t.ctx.db
      .insert(goodsAsks)
      .values({ goodsId: product.id, goodsName: product.goodsName, memberId: 5, memberName: 'member5', shopId: shop.id, shopName: shop.shopName, content: '这款支持无线充电吗？', ...fields })
      .returning();
    return row;
  }

  it('answers once, audits only waiting asks, hides', async () => {
    const ask = await insertAsk({ authStatus: 'WAIT_AUDIT' });
    const short = await t.inject({ method: 'PUT', url: `/api/admin/members/asks/${ask.id}/reply`, payload: { content: '支持' }, session: founder });
    expect(short.json().message).toContain('回复内容为3-120个字符');
    const answered = await t.inject({ method: 'PUT', url: `/api/admin/members/asks/${ask.id}/reply`, payload: { content: '支持15W无线快充' }, session: founder });
    expect(answered.statusCode).toBe(200);
    expect((answered.json() as AskDetail).reply_status).toBe('YES');
    const again = await t.inject({ method: 'PUT', url: `/api/admin/members/asks/${ask.id}/reply`, payload: { content: '再回复一次' }, session: founder });
    expect(again.json().message).toBe('该咨询已回复，不能重复回复');

    expect((await t.inject({ method: 'POST', url: '/api/admin/members/asks/batch/audit', payload: { ids: [ask.id], auth_status: 'REFUSE_AUDIT' }, session: founder })).statusCode).toBe(200);
    const twice = await t.inject({ method: 'POST', url: '/api/admin/members/asks/batch/audit', payload: { ids: [ask.id], auth_status: 'PASS_AUDIT' }, session: founder });
    expect(twice.json().message).toBe('咨询“这款支持无线充电吗？”已审核，请勿重复审核');

    expect((await t.inject({ method: 'DELETE', url: `/api/admin/members/asks/${ask.id}`, session: founder })).statusCode).toBe(200);
    const detail = await get<AskDetail>(`/api/admin/members/asks/${ask.id}`);
    expect(detail.body.status).toBe('DELETED');
  });

  it('audits other buyers\' answers and counts the passed ones', async () => {
    const ask = await insertAsk();
    const replies = await t.ctx.db
      .insert(askReplies)
      .values([
        { askId: ask.id, memberId: 11, memberName: 'member11', content: '支持的，我用过', authStatus: 'WAIT_AUDIT' },
        { askId: ask.id, memberId: 12, memberName: 'member12', content: '可以无线充', authStatus: 'WAIT_AUDIT' },
      ])
      .returning();
    await t.inject({ method: 'POST', url: '/api/admin/members/reply/batch/audit', payload: { ids: replies.map((reply) => reply.id), auth_status: 'PASS_AUDIT' }, session: founder });
    expect((await get<AskDetail>(`/api/admin/members/asks/${ask.id}`)).body.reply_num).toBe(2);
    await t.inject({ method: 'DELETE', url: `/api/admin/members/reply/${replies[0].id}`, session: founder });
    const detail = await get<AskDetail>(`/api/admin/members/asks/${ask.id}`);
    expect(detail.body.reply_num).toBe(1);
    expect(detail.body.replies.map((reply) => reply.content)).toEqual(['可以无线充']);
  });
});

describe('notification history', () => {
  it('records the SMS a verification code sent, with the code masked', async () => {
    await t.ctx.sms.send({ mobile: '13900001111', scene: 'TEST', content: '您的验证码为123456', secret: '123456' });
    const page = await get<Page<NotificationRow>>('/api/admin/systems/notification-history?receiver=13900001111&channel=SMS');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].content).toBe('您的验证码为******');
  });

  it('refuses a reversed time range', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/admin/systems/notification-history?start_time=200&end_time=100', session: founder });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('开始时间不能晚于结束时间');
  });

  it('reads an index for each filter', async () => {
    for (const query of [
      sql`select id from notifications_sent where receiver = 'buyer7' order by created_at desc, id desc limit 20`,
      sql`select id from notifications_sent where channel = 'SMS' order by created_at desc, id desc limit 20`,
      sql`select id from complaints where status not in ('COMPLETE', 'CANCEL') order by created_at desc, id desc limit 20`,
      sql`select id from goods_comments where grade = 'bad' order by created_at desc, id desc limit 20`,
      sql`select id from goods_comments where content ilike '%物流%'`,
      sql`select id from goods_asks where auth_status = 'WAIT_AUDIT' order by created_at desc, id desc limit 20`,
    ]) {
      const plan = await planWithoutSeqScan(t.ctx.db, query);
      expect(plan).not.toContain('Seq Scan');
      expect(plan).toMatch(/Index|Bitmap/);
    }
  });
});
