import { eq } from 'drizzle-orm';
import { ARTICLE_POSITION_LABELS, type ArticleCategoryType, type ArticlePosition } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { articleCategories, articles } from './tables.js';

/**
 * The built-in article categories (特殊的文章分类: neither edited nor deleted) and the
 * fixed-position articles the buyer and seller sites link to (agreements, contact). Every
 * platform has them from its first start, demo data or not; an instance starting beside another
 * one inserts nothing twice (unique name, unique position).
 */
const BUILT_IN: { name: string; type: ArticleCategoryType; sort: number }[] = [
  { name: '帮助中心', type: 'HELP', sort: 1 },
  { name: '商城公告', type: 'NOTICE', sort: 2 },
  { name: '固定位置', type: 'POSITION', sort: 3 },
];

const FIXED: { position: Exclude<ArticlePosition, 'OTHER'>; content: string }[] = [
  { position: 'REGISTRATION_AGREEMENT', content: '<h2>用户注册协议</h2><p>欢迎注册成为本商城会员。注册前请仔细阅读本协议，注册即表示您同意本协议的全部条款。</p>' },
  { position: 'COOPERATION_AGREEMENT', content: '<h2>商家入驻协议</h2><p>商家申请入驻前须如实提交主体资质，遵守平台规则，按约定缴纳保证金与佣金。</p>' },
  { position: 'CONTACT_INFORMATION', content: '<h2>联系我们</h2><p>客服热线：400-800-8888（9:00–21:00）</p><p>客服邮箱：service@example.com</p>' },
  { position: 'GROUP_BUY_AGREEMENT', content: '<h2>团购活动协议</h2><p>参加团购的商品须保证库存与价格，活动期间不得擅自下架或调价。</p>' },
];

export async function ensureArticleBuiltIns(ctx: AppContext): Promise<void> {
  await ctx.db
    .insert(articleCategories)
    .values(BUILT_IN.map((category) => ({ ...category, parentId: 0, allowDelete: 0 })))
    .onConflictDoNothing();
  const [fixedCategory] = await ctx.db.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.name, '固定位置'));
  if (!fixedCategory) return;
  await ctx.db
    .insert(articles)
    .values(FIXED.map((article, index) => ({ name: ARTICLE_POSITION_LABELS[article.position].zh, categoryId: fixedCategory.id, sort: index + 1, content: article.content, showPosition: article.position })))
    .onConflictDoNothing();
}
