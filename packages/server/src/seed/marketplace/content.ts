/**
 * Demo content and search: help and notice articles under the built-in categories (plus a
 * sub-category or two, and an empty category that may be deleted), hot keywords, custom
 * dictionary words, search tips, sensitive words (one of them deleted), the buyers' search
 * history, and a first goods re-index queued so search works from the first start.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { enqueueJob } from '../../platform/jobs.js';
import { ensureArticleBuiltIns } from '../../modules/articles/builtins.js';
import { articleCategories, articles } from '../../modules/articles/tables.js';
import { customWords, hotKeywords, searchKeywords, searchTips, sensitiveWords } from '../../modules/search/tables.js';
import { REINDEX_KIND } from '../../modules/search/goods-index.js';

const DAY = 86_400_000;

const SUB_CATEGORIES: { parent: string; name: string; type: 'HELP' | 'NOTICE' | 'OTHER'; sort: number }[] = [
  { parent: '帮助中心', name: '购物指南', type: 'HELP', sort: 1 },
  { parent: '帮助中心', name: '配送方式', type: 'HELP', sort: 2 },
  { parent: '帮助中心', name: '售后服务', type: 'HELP', sort: 3 },
  { parent: '帮助中心', name: '支付方式', type: 'HELP', sort: 4 },
];

const ARTICLES: { category: string; name: string; content: string; daysAgo: number; url?: string }[] = [
  { category: '购物指南', name: '新用户注册流程', daysAgo: 300, content: '<h2>注册步骤</h2><ol><li><p>点击页面右上角“免费注册”</p></li><li><p>填写手机号并获取验证码</p></li><li><p>设置登录密码，完成注册</p></li></ol>' },
  { category: '购物指南', name: '如何下单', daysAgo: 280, content: '<h2>下单流程</h2><p>选好商品后加入购物车，确认收货地址与配送方式，<strong>提交订单</strong>并在规定时间内完成支付。</p>' },
  { category: '购物指南', name: '优惠券使用说明', daysAgo: 120, content: '<p>优惠券需在有效期内使用，满足使用门槛方可抵扣；一个订单仅可使用一张平台券。</p>' },
  { category: '配送方式', name: '配送范围及运费', daysAgo: 260, content: '<p>全国大部分地区支持配送，偏远地区运费以结算页为准。</p><ul><li><p>满 99 元包邮</p></li><li><p>生鲜商品仅限部分城市</p></li></ul>' },
  { category: '配送方式', name: '货到付款说明', daysAgo: 250, content: '<p>支持货到付款的地区在结算页可选择“货到付款”，签收时向配送员付款。</p>' },
  { category: '售后服务', name: '退换货政策', daysAgo: 240, content: '<h2>七天无理由退货</h2><p>签收之日起 7 天内，商品完好可申请退货；质量问题 15 天内可换货。</p>' },
  { category: '售后服务', name: '退款时效', daysAgo: 230, content: '<p>商家确认收到退货后，退款原路返回：预存款即时到账，银行卡 1–7 个工作日。</p>' },
  { category: '支付方式', name: '支持的支付方式', daysAgo: 220, content: '<p>支持支付宝、微信支付、银联在线与预存款支付。</p>' },
  { category: '商城公告', name: '双十一活动规则', daysAgo: 30, content: '<h2>活动时间</h2><p>11 月 1 日 20:00 至 11 月 11 日 23:59。</p><blockquote><p>跨店满 300 减 50，可与店铺券叠加。</p></blockquote>' },
  { category: '商城公告', name: '春节物流安排', daysAgo: 10, content: '<p>春节期间部分快递暂停揽收，详见各店铺公告。</p>' },
  { category: '商城公告', name: '平台服务协议更新', daysAgo: 3, content: '', url: 'https://example.com/terms' },
];

const HOT_KEYWORDS = ['手机', '笔记本电脑', '蓝牙耳机', '运动鞋', '羽绒服', '零食礼包', '护肤品', '扫地机器人'];
const CUSTOM_WORDS = ['华为Mate', '小米手环', '戴森吹风机', '三只松鼠', '李宁', '双十一'];
const CUSTOM_TIPS: [words: string, sort: number][] = [
  ['手机壳 防摔', 1],
  ['无线蓝牙耳机 降噪', 2],
  ['冬季加厚羽绒服', 3],
  ['儿童绘本 3-6岁', 4],
];
const SENSITIVE = ['傻瓜', '垃圾货', '骗子', '假货', '差评师'];
const SEARCH_HISTORY: [keyword: string, count: number, hoursAgo: number][] = [
  ['手机', 1280, 1], ['蓝牙耳机', 860, 2], ['羽绒服', 742, 3], ['笔记本电脑', 655, 5], ['运动鞋', 590, 4],
  ['零食', 512, 6], ['面膜', 433, 8], ['扫地机器人', 388, 12], ['充电宝', 301, 9], ['保温杯', 276, 20],
  ['机械键盘', 240, 30], ['儿童玩具', 198, 26], ['洗发水', 176, 40], ['茶叶', 150, 50], ['跑步机', 122, 70],
  ['电动牙刷', 97, 80], ['咖啡豆', 64, 100], ['瑜伽垫', 41, 150], ['汉服', 23, 200], ['露营帐篷', 9, 300],
];

export async function seedContent(ctx: AppContext, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  await ensureArticleBuiltIns(ctx);
  const idOf = async (name: string) => (await ctx.db.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.name, name)))[0]?.id;
  for (const sub of SUB_CATEGORIES) {
    const parentId = await idOf(sub.parent);
    if (parentId) await ctx.db.insert(articleCategories).values({ name: sub.name, parentId, type: sub.type, sort: sub.sort, createdAt: ago(365) }).onConflictDoNothing();
  }
  await ctx.db.insert(articleCategories).values({ name: '商家帮助', type: 'OTHER', sort: 9, createdAt: ago(90) }).onConflictDoNothing();
  for (const [index, article] of ARTICLES.entries()) {
    const categoryId = await idOf(article.category);
    if (!categoryId) continue;
    await ctx.db.insert(articles).values({ name: article.name, categoryId, sort: index + 1, content: article.content, outsideUrl: article.url ?? '', createdAt: ago(article.daysAgo), updatedAt: ago(Math.max(0, article.daysAgo - 2)) });
  }
  await ctx.db.insert(hotKeywords).values(HOT_KEYWORDS.map((hotName, index) => ({ hotName, sort: index + 1, createdAt: ago(60) }))).onConflictDoNothing();
  await ctx.db.insert(customWords).values(CUSTOM_WORDS.map((name, index) => ({ name, createdAt: ago(50 - index) }))).onConflictDoNothing();
  await ctx.db.insert(searchTips).values(CUSTOM_TIPS.map(([words, sort]) => ({ words, sort, type: 'CUSTOM', createdAt: ago(40) }))).onConflictDoNothing();
  await ctx.db.insert(sensitiveWords).values([
    ...SENSITIVE.map((wordName, index) => ({ wordName, createdAt: ago(100 - index) })),
    { wordName: '水货', createdAt: ago(200), deletedAt: ago(150) },
  ]);
  await ctx.db
    .insert(searchKeywords)
    .values(SEARCH_HISTORY.map(([keyword, count, hoursAgo]) => ({ keyword, count, lastAt: new Date(now.getTime() - hoursAgo * 3_600_000) })))
    .onConflictDoNothing();
  await enqueueJob(ctx, { kind: REINDEX_KIND, owner: null, params: {}, filterSummary: '全量重建商品索引' });
}
