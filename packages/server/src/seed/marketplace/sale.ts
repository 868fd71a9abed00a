/**
 * The customer's voice in the demo, deterministic and read from the orders already written:
 * complaint topics, complaints in every state with their conversations, comments on completed
 * orders (grades, pictures, some waiting for audit, hidden, replied, followed up), asks with and
 * without answers, and the notification history of what those flows sent.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { recordNotifications, type SentNotification } from '../../platform/notifications.js';
import { members } from '../../modules/members/tables.js';
import { orderItems, orders } from '../../modules/orders/tables.js';
import { complaintMessages, complaints, complaintTopics, goodsAsks, goodsComments, askReplies } from '../../modules/sale/tables.js';
import { goods } from '../../modules/goods/tables.js';
import { reviewOfLine } from '../../modules/sale/comments.js';
import { expireComplaintWindows } from '../../modules/sale/complaints.js';
import { Random } from './random.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const TOPICS: [name: string, remark: string][] = [
  ['商品质量问题', '收到的商品存在破损、故障或与描述不符'],
  ['虚假发货', '商家填写了物流单号但实际未发货'],
  ['服务态度恶劣', '商家客服辱骂、威胁或长时间不回复'],
  ['未按约定时间发货', '超过承诺的发货时间仍未发货'],
  ['售后拒不处理', '符合售后条件但商家拒绝处理'],
];

/** Complaints the demo holds: a state and how far its conversation went. */
const COMPLAINTS: { status: string; topic: number; content: string; appeal?: string; talk?: [owner: 'BUYER' | 'SELLER' | 'PLATFORM', content: string][]; result?: string }[] = [
  { status: 'NEW', topic: 0, content: '耳机收到后左耳没有声音，联系客服三天没有回复' },
  { status: 'NEW', topic: 3, content: '下单时承诺48小时内发货，已经5天了还没发货' },
  { status: 'WAIT_APPEAL', topic: 1, content: '物流单号查询不到任何信息，怀疑虚假发货', talk: [['PLATFORM', '平台已审核该投诉，请商家在规定时间内申诉']] },
  { status: 'COMMUNICATION', topic: 0, content: '外包装破损，商品有明显划痕', appeal: '发货前已检查商品完好，破损可能发生在运输途中，愿意协助理赔', talk: [['PLATFORM', '平台已审核该投诉，请商家在规定时间内申诉'], ['BUYER', '快递员说是发货时就破损的'], ['SELLER', '请提供快递签收时的照片，我们马上处理']] },
  { status: 'COMMUNICATION', topic: 2, content: '客服态度非常差，问问题直接不理人', appeal: '当天咨询量过大未能及时回复，已对客服进行培训', talk: [['PLATFORM', '平台已审核该投诉，请商家在规定时间内申诉'], ['BUYER', '希望店铺给个说法']] },
  { status: 'WAIT_ARBITRATION', topic: 4, content: '商品七天内出现质量问题，商家拒绝退货', appeal: '买家使用不当导致损坏，不属于质量问题', talk: [['PLATFORM', '平台已审核该投诉，请商家在规定时间内申诉'], ['BUYER', '正常使用两天就坏了，有视频为证'], ['SELLER', '视频显示商品进水，不在保修范围'], ['BUYER', '我申请平台仲裁']] },
  { status: 'WAIT_ARBITRATION', topic: 1, content: '显示已签收但本人从未收到包裹', appeal: '物流显示已签收，签收人为门卫', talk: [['PLATFORM', '平台已审核该投诉，请商家在规定时间内申诉'], ['BUYER', '门卫处也没有找到包裹'], ['PLATFORM', '请商家提供签收底单']] },
  { status: 'COMPLETE', topic: 0, content: '收到的颜色和下单的颜色不一致', appeal: '仓库发错颜色，愿意换货', talk: [['PLATFORM', '平台已审核该投诉，请商家在规定时间内申诉'], ['BUYER', '同意换货']], result: '商家为买家换货并承担往返运费' },
  { status: 'COMPLETE', topic: 4, content: '申请退款一周了商家一直不处理', appeal: '已于今日处理退款', talk: [['PLATFORM', '平台已审核该投诉，请商家在规定时间内申诉']], result: '商家已完成退款，投诉结束' },
  { status: 'CANCEL', topic: 3, content: '一直没有发货', talk: [['BUYER', '商家已经发货了，撤销投诉']] },
];

const GOOD_WORDS = ['质量很好，和描述一致，物流也很快', '做工精细，包装用心，会回购', '性价比很高，家人都说好', '用了一周了，没有任何问题，推荐购买', '客服很耐心，发货速度快'];
const NEUTRAL_WORDS = ['一般般吧，价格有点贵', '东西还行，就是物流慢了点', '和图片有些色差，能接受'];
const BAD_WORDS = ['质量太差了，用了两天就坏了', '与描述严重不符，非常失望', '包装破损，客服也不处理'];
const REPLIES = ['感谢您的支持，期待再次光临', '非常抱歉给您带来不好的体验，已联系商家为您处理', '感谢反馈，我们会督促商家改进'];
const ASKS = ['这款支持无线充电吗？', '请问有没有发票？', '尺码偏大还是偏小？', '保修期是多久？', '什么时候能发货？', '可以开增值税专用发票吗？', '和上一代相比有什么升级？', '这个颜色实物会不会偏暗？'];
const ANSWERS = ['支持的，亲，下单即可', '可以开具电子普通发票', '尺码标准，按平时尺码购买即可', '全国联保一年', '现货，24小时内发货'];

async function insertChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await write(rows.slice(i, i + 500));
}

export async function seedSale(ctx: AppContext, now: Date): Promise<void> {
  const random = new Random(20261224);
  await ctx.db.insert(complaintTopics).values(TOPICS.map(([topicName, topicRemark], index) => ({ topicName, topicRemark, createdAt: new Date(now.getTime() - (300 - index) * DAY_MS) })));

  // complaints on received or completed orders, one each
  const complained = await ctx.db
    .select({ order: orders, item: orderItems })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(inArray(orders.status, ['ROG', 'COMPLETE']))
    .orderBy(asc(orders.id))
    .limit(COMPLAINTS.length * 40);
  const sent: SentNotification[] = [];
  const seen = new Set<number>();
  const picked = complained.filter(({ order }) => !seen.has(order.id) && seen.add(order.id)).filter((_, index) => index % 7 === 3);
  for (const [index, demo] of COMPLAINTS.entries()) {
    const source = picked[index];
    if (!source) break;
    const { order, item } = source;
    const createdAt = new Date(now.getTime() - (COMPLAINTS.length - index) * 2 * DAY_MS - random.int(0, DAY_MS));
    const [row] = await ctx.db
      .insert(complaints)
      .values({
        topic: TOPICS[demo.topic][0],
        content: demo.content,
        images: index % 2 === 0 && item.image ? [item.image] : [],
        status: demo.status,
        orderSn: order.sn,
        skuId: item.skuId,
        goodsId: item.goodsId,
        goodsName: item.goodsName,
        goodsImage: item.image,
        priceCents: item.priceCents,
        num: item.num,
        shipName: order.shipName,
        shipMobile: order.shipMobile,
        shipAddress: `${order.shipRegion} ${order.shipAddress}`.trim(),
        memberId: order.memberId,
        memberName: order.memberName,
        shopId: order.shopId,
        shopName: order.shopName,
        appealContent: demo.appeal ?? '',
        appealImages: demo.appeal && item.image ? [item.image] : [],
        appealAt: demo.appeal ? new Date(createdAt.getTime() + 20 * HOUR_MS) : null,
        arbitrationResult: demo.result ?? '',
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    // the line carries the complaint's state: under way, or ended (arbitrated or withdrawn)
    await ctx.db
      .update(orderItems)
      .set({ complainStatus: demo.status === 'COMPLETE' || demo.status === 'CANCEL' ? 'COMPLETE' : 'APPLYING' })
      .where(eq(orderItems.id, item.id));
    const talk = [...(demo.talk ?? []), ...(demo.result ? [['PLATFORM', `仲裁结果：${demo.result}`] as ['PLATFORM', string]] : [])];
    if (talk.length > 0) {
      await ctx.db.insert(complaintMessages).values(
        talk.map(([owner, content], step) => ({
          complaintId: row.id,
          owner,
          ownerId: owner === 'BUYER' ? order.memberId : owner === 'SELLER' ? order.shopId : 1,
          ownerName: owner === 'BUYER' ? order.memberName : owner === 'SELLER' ? order.shopName : '平台',
          content,
          createdAt: new Date(createdAt.getTime() + (step + 1) * 6 * HOUR_MS),
        })),
      );
    }
    if (demo.result) {
      for (const [receiverType, receiverId, receiver] of [['MEMBER', order.memberId, order.memberName], ['SHOP', order.shopId, order.shopName]] as const) {
        sent.push({ channel: 'STATION', receiverType, receiverId, receiver, title: '交易投诉已仲裁', content: `订单${order.sn}的交易投诉（${row.topic}）平台已仲裁：${demo.result}` });
      }
    }
  }

  // the lines of orders completed longer ago than the complaint window can no longer be complained about
  await expireComplaintWindows(ctx, now);

  // comments on completed orders
  const commentSources = await ctx.db
    .select({ order: orders, item: orderItems })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.status, 'COMPLETE'))
    .orderBy(asc(orders.id))
    .limit(400);
  const commentRows: (typeof goodsComments.$inferInsert)[] = [];
  for (const [index, { order, item }] of commentSources.entries()) {
    const grade = random.weighted({ good: 80, neutral: 12, bad: 8 });
    const words = grade === 'good' ? GOOD_WORDS : grade === 'neutral' ? NEUTRAL_WORDS : BAD_WORDS;
    const createdAt = new Date((order.completedAt ?? order.createdAt).getTime() + random.int(1, 72) * HOUR_MS);
    const withImage = item.image !== '' && random.chance(0.25);
    const audit = index % 17 === 5 ? 'WAIT_AUDIT' : index % 41 === 9 ? 'REFUSE_AUDIT' : 'PASS_AUDIT';
    const replied = audit === 'PASS_AUDIT' && (grade !== 'good' ? random.chance(0.5) : random.chance(0.1));
    commentRows.push({
      ...reviewOfLine(order, item),
      content: random.pick(words),
      images: withImage ? [item.image] : [],
      haveImage: withImage ? 1 : 0,
      grade,
      commentsType: 'INITIAL',
      auditStatus: audit,
      status: audit === 'PASS_AUDIT' && index % 29 === 13 ? 0 : 1,
      replyContent: replied ? random.pick(REPLIES) : '',
      replyAt: replied ? new Date(createdAt.getTime() + random.int(1, 48) * HOUR_MS) : null,
      createdAt: createdAt.getTime() > now.getTime() ? new Date(now.getTime() - HOUR_MS) : createdAt,
    });
    if (replied) {
      sent.push({ channel: 'STATION', receiverType: 'MEMBER', receiverId: order.memberId, receiver: order.memberName, title: '评论收到回复', content: `您对商品“${item.goodsName}”的评论收到平台回复：${commentRows.at(-1)!.replyContent}` });
    }
  }
  await insertChunks(commentRows, (chunk) => ctx.db.insert(goodsComments).values(chunk));
  // a few follow-ups (追评) on passed comments
  const passed = await ctx.db.select().from(goodsComments).where(and(eq(goodsComments.auditStatus, 'PASS_AUDIT'), eq(goodsComments.status, 1))).orderBy(asc(goodsComments.id)).limit(200);
  const followUps = passed.filter((_, index) => index % 15 === 2).map((parent) => ({
    ...parent,
    id: undefined,
    parentId: parent.id,
    commentsType: 'ADDITIONAL',
    content: parent.grade === 'bad' ? '商家后来主动联系处理了，态度还可以' : '用了一个月，依然很满意',
    images: [],
    haveImage: 0,
    auditStatus: parent.id % 2 === 0 ? 'WAIT_AUDIT' : 'PASS_AUDIT',
    replyContent: '',
    replyAt: null,
    createdAt: new Date(Math.min(now.getTime() - HOUR_MS, parent.createdAt.getTime() + 10 * DAY_MS)),
  }));
  if (followUps.length > 0) await ctx.db.insert(goodsComments).values(followUps);
  await ctx.db.execute(sql`update goods set comment_num = c.n, good_comment_num = c.good from (
    select goods_id, count(*)::int as n, (count(*) filter (where grade = 'good'))::int as good
    from goods_comments where status = 1 and audit_status = 'PASS_AUDIT' and comments_type = 'INITIAL' group by goods_id
  ) c where c.goods_id = goods.id`);

  // asks on goods on sale
  const asked = await ctx.db
    .select({ id: goods.id, goodsName: goods.goodsName, thumbnail: goods.thumbnail, shopId: goods.shopId, shopName: goods.shopName })
    .from(goods)
    .where(and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1)))
    .orderBy(asc(goods.id))
    .limit(40);
  const askers = await ctx.db.select({ id: members.id, uname: members.uname }).from(members).where(ne(members.disabled, -1)).orderBy(asc(members.id)).limit(60);
  if (askers.length >= 3) {
    for (const [index, item] of asked.entries()) {
      const asker = askers[index % askers.length];
      const answered = index % 3 !== 0;
      const auth = index % 9 === 4 ? 'WAIT_AUDIT' : index % 13 === 7 ? 'REFUSE_AUDIT' : 'PASS_AUDIT';
      const createdAt = new Date(now.getTime() - (asked.length - index) * 11 * HOUR_MS);
      const answer = answered ? random.pick(ANSWERS) : '';
      const [ask] = await ctx.db
        .insert(goodsAsks)
        .values({
          goodsId: item.id,
          goodsName: item.goodsName,
          goodsImage: item.thumbnail,
          memberId: asker.id,
          memberName: asker.uname,
          anonymous: index % 5 === 1 ? 'YES' : 'NO',
          shopId: item.shopId,
          shopName: item.shopName,
          content: ASKS[index % ASKS.length],
          replyContent: answer,
          replyAt: answered ? new Date(createdAt.getTime() + 3 * HOUR_MS) : null,
          replyStatus: answered ? 'YES' : 'NO',
          status: index % 19 === 11 ? 'DELETED' : 'NORMAL',
          authStatus: auth,
          createdAt,
        })
        .returning();
      if (answered) sent.push({ channel: 'STATION', receiverType: 'MEMBER', receiverId: asker.id, receiver: asker.uname, title: '咨询收到回复', content: `您对商品“${item.goodsName}”的咨询收到回复：${answer}` });
      if (index % 4 === 2) {
        const others = [askers[(index + 1) % askers.length], askers[(index + 2) % askers.length]];
        await ctx.db.insert(askReplies).values(
          others.map((other, step) => ({ askId: ask.id, memberId: other.id, memberName: other.uname, content: step === 0 ? '我买过，挺好用的' : '同问，坐等回复', authStatus: step === 0 ? 'PASS_AUDIT' : 'WAIT_AUDIT', createdAt: new Date(createdAt.getTime() + (step + 1) * 5 * HOUR_MS) })),
        );
        await ctx.db.update(goodsAsks).set({ replyNum: 1 }).where(eq(goodsAsks.id, ask.id));
      }
    }
  }

  // what else the platform sent: shipping notices by SMS, bills to shops by email
  const shipped = await ctx.db
    .select({ sn: orders.sn, memberId: orders.memberId, mobile: orders.shipMobile, shopId: orders.shopId, shopName: orders.shopName })
    .from(orders)
    .where(eq(orders.status, 'SHIPPED'))
    .orderBy(asc(orders.id))
    .limit(25);
  for (const order of shipped) {
    if (order.mobile) sent.push({ channel: 'SMS', receiverType: 'MEMBER', receiverId: order.memberId, receiver: order.mobile, title: 'MEMBERORDERSSEND', content: `【Agora】您的订单${order.sn}已发货，请注意查收。` });
  }
  for (const [index, order] of shipped.slice(0, 8).entries()) {
    sent.push({ channel: 'EMAIL', receiverType: 'SHOP', receiverId: order.shopId, receiver: `shop${order.shopId}@agora.example`, title: '结算单已生成', content: `${order.shopName}：您的第${index + 1}期结算单已生成，请登录商家中心核对。` });
  }
  // in time order, the newest last, as they were sent
  const rows = sent.map((row, index) => ({ ...row, at: new Date(now.getTime() - (sent.length - index) * 37 * 60_000) }));
  await insertChunks(rows, (chunk) => recordNotifications(ctx.db, chunk));
}
