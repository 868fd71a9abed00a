/**
 * Demo micro pages: each client's home page and a handful of campaign pages, some published, some
 * still drafts — the kind of list an operator keeps around the big shopping festivals.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { PageClientType, PageFloor } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { focusPictures, pages } from '../../modules/pages/tables.js';
import { categories, goods } from '../../modules/goods/tables.js';
import { shops } from '../../modules/shops/tables.js';
import { siteNavigations } from '../../modules/navigation/tables.js';

interface DemoPage {
  name: string;
  description: string;
  published: boolean;
  home?: boolean;
  daysAgo: number;
}

const DEMO_PAGES: Record<PageClientType, DemoPage[]> = {
  PC: [
    { name: '商城首页', description: '全站首页：轮播、频道入口与楼层商品', published: true, home: true, daysAgo: 360 },
    { name: '双十一狂欢节主会场', description: '11.11 主会场，分品类楼层与跨店满减', published: true, daysAgo: 30 },
    { name: '双十二年终盛典', description: '12.12 预热页，待补充品牌楼层', published: false, daysAgo: 5 },
    { name: '618 年中大促', description: '6.18 主会场（已结束，保留备查）', published: true, daysAgo: 170 },
    { name: '新品首发', description: '每周新品专题', published: true, daysAgo: 60 },
    { name: '年货节', description: '春节年货专题草稿', published: false, daysAgo: 2 },
    { name: '品牌特卖', description: '品牌授权专区', published: true, daysAgo: 90 },
  ],
  MOBILE: [
    { name: '移动端首页', description: 'App 与 H5 首页', published: true, home: true, daysAgo: 350 },
    { name: '限时秒杀专题', description: '整点秒杀入口', published: true, daysAgo: 45 },
    { name: '双十一手机会场', description: '11.11 移动端会场', published: true, daysAgo: 28 },
    { name: '新人专享', description: '新人券与 1 元购', published: true, daysAgo: 120 },
    { name: '拼团频道', description: '拼团专题草稿', published: false, daysAgo: 3 },
  ],
};

/** What the demo floors show: the first goods on sale, open shops and top-level categories, by id. */
interface Showcase {
  goodsIds: number[];
  /** pictures already stored by the catalogue seed: the storage driver is not asked again this late in the seed */
  pictures: string[];
  shopIds: number[];
  categoryIds: number[];
}

async function showcaseOf(ctx: AppContext): Promise<Showcase> {
  const [onSale, open, roots] = await Promise.all([
    ctx.db.select({ id: goods.id, thumbnail: goods.thumbnail }).from(goods).where(and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1))).orderBy(asc(goods.id)).limit(20),
    ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, 'OPEN')).orderBy(asc(shops.id)).limit(6),
    ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, 0)).orderBy(asc(categories.id)).limit(8),
  ]);
  return { goodsIds: onSale.map((row) => row.id), pictures: onSale.map((row) => row.thumbnail).filter(Boolean), shopIds: open.map((row) => row.id), categoryIds: roots.map((row) => row.id) };
}

/** Floors as the decoration app saves them: the carousel, a titled goods floor, tags, links, shops and categories. */
function floorsFor(index: number, show: Showcase): PageFloor[] {
  const goodsAt = (from: number, n: number) => show.goodsIds.slice(from % Math.max(1, show.goodsIds.length)).concat(show.goodsIds).slice(0, n);
  return [
    { key: `f${index}-carousel`, type: 'CAROUSEL' },
    { key: `f${index}-title`, type: 'TITLE', title: { text: index % 2 ? '今日特惠' : '热卖推荐', start_color: '#ff4d4f', end_color: '#ff9c6e' } },
    {
      key: `f${index}-tags`,
      type: 'TAGS',
      tags: [
        { block_type: 'TEXT', block_value: '手机', block_opt: { opt_type: 'KEYWORD', opt_value: '手机' } },
        { block_type: 'TEXT', block_value: '新品', block_opt: { opt_type: 'URL', opt_value: '/new' } },
        { block_type: 'TEXT', block_value: '包邮', block_opt: { opt_type: 'NONE', opt_value: '' } },
      ],
    },
    { key: `f${index}-goods`, type: 'GOODS', heading: '热卖推荐', columns: 4, goods_ids: goodsAt(index * 3, 8) },
    {
      key: `f${index}-links`,
      type: 'TEXT_LINKS',
      links: [
        { text: '全场满299减30', opt_type: 'URL', opt_value: '/coupons' },
        { text: '品牌特卖专区', opt_type: 'URL', opt_value: '/brands' },
      ],
    },
    { key: `f${index}-shops`, type: 'SHOPS', shop_ids: show.shopIds },
    { key: `f${index}-categories`, type: 'CATEGORIES', category_ids: show.categoryIds },
    { key: `f${index}-more`, type: 'GOODS', heading: '猜你喜欢', columns: 5, goods_ids: goodsAt(index * 3 + 8, 10) },
  ];
}

/** The demo carousels: three pictures on PC, two on mobile, linking to a keyword, a goods item and a page. */
async function seedFocusPictures(ctx: AppContext, show: Showcase): Promise<void> {
  const actions = [
    { type: 'KEYWORD', param: '双十一' },
    { type: 'GOODS', param: String(show.goodsIds[0] ?? 1) },
    { type: 'URL', param: '/brands' },
  ] as const;
  const rows: (typeof focusPictures.$inferInsert)[] = [];
  for (const [client, count] of [['PC', 3], ['MOBILE', 2]] as const) {
    for (const [index, action] of actions.slice(0, count).entries()) {
      const picUrl = show.pictures[(index + (client === 'PC' ? 0 : 3)) % Math.max(1, show.pictures.length)];
      if (picUrl) rows.push({ clientType: client, picUrl, operationType: action.type, operationParam: action.param });
    }
  }
  if (rows.length > 0) await ctx.db.insert(focusPictures).values(rows);
}

export async function seedPages(ctx: AppContext, now: Date): Promise<void> {
  const show = await showcaseOf(ctx);
  await seedFocusPictures(ctx, show);
  const rows = Object.entries(DEMO_PAGES).flatMap(([client, list]) =>
    list.map((page, index) => {
      const created = new Date(now.getTime() - page.daysAgo * 86_400_000);
      return {
        clientType: client,
        pageName: page.name,
        description: page.description,
        pageData: floorsFor(index, show),
        publishStatus: page.published ? 'YES' : 'NO',
        isIndex: page.home ? 1 : 0,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
  await ctx.db.insert(pages).values(rows);
}

/** The buyer site's menus: PC links (one hidden, one opening a new window) and mobile icons. */
const DEMO_NAVIGATIONS = {
  PC: [
    { name: '首页', url: '/' },
    { name: '限时秒杀', url: '/seckill' },
    { name: '拼团', url: '/assemble' },
    { name: '品牌街', url: '/brands' },
    { name: '领券中心', url: '/coupons' },
    { name: '帮助中心', url: 'https://help.example.com', newWindow: true },
    { name: '积分商城', url: '/points', hidden: true },
  ],
  MOBILE: [
    { name: '分类', url: '/m/category' },
    { name: '秒杀', url: '/m/seckill' },
    { name: '拼团', url: '/m/assemble' },
    { name: '领券', url: '/m/coupons' },
    { name: '签到', url: '/m/sign-in', hidden: true },
  ],
} satisfies Record<PageClientType, { name: string; url: string; newWindow?: boolean; hidden?: boolean }[]>;

export async function seedNavigations(ctx: AppContext, now: Date): Promise<void> {
  // Mobile entries show an icon: pictures the catalogue seed stored (the storage driver is not asked again this late).
  const icons = (await ctx.db.select({ thumbnail: goods.thumbnail }).from(goods).where(ne(goods.thumbnail, '')).orderBy(asc(goods.id)).limit(20)).map((row) => row.thumbnail);
  const rows: (typeof siteNavigations.$inferInsert)[] = [];
  for (const [client, list] of Object.entries(DEMO_NAVIGATIONS)) {
    for (const [index, entry] of list.entries()) {
      const image = client === 'MOBILE' ? (icons[(index * 4) % Math.max(1, icons.length)] ?? '') : '';
      rows.push({
        clientType: client,
        name: entry.name,
        url: entry.url,
        image,
        sort: index + 1,
        show: 'hidden' in entry && entry.hidden ? 0 : 1,
        newWindow: 'newWindow' in entry && entry.newWindow ? 1 : 0,
        createdAt: new Date(now.getTime() - (300 - index) * 86_400_000),
      });
    }
  }
  await ctx.db.insert(siteNavigations).values(rows);
}
