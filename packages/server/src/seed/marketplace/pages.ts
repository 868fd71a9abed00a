/**
 * Demo micro pages: each client's home page and a handful of campaign pages, some published, some
 * still drafts — the kind of list an operator keeps around the big shopping festivals.
 */
import type { PageClientType } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { pages } from '../../modules/pages/tables.js';

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

/** Floors as the decoration app saves them: a banner, then a few goods floors. */
const floorsFor = (name: string) => [
  { type: 'BANNER', title: name },
  { type: 'GOODS_FLOOR', title: '热卖推荐', columns: 4 },
  { type: 'GOODS_FLOOR', title: '猜你喜欢', columns: 5 },
];

export async function seedPages(ctx: AppContext, now: Date): Promise<void> {
  const rows = Object.entries(DEMO_PAGES).flatMap(([client, list]) =>
    list.map((page) => {
      const created = new Date(now.getTime() - page.daysAgo * 86_400_000);
      return {
        clientType: client,
        pageName: page.name,
        description: page.description,
        pageData: floorsFor(page.name),
        publishStatus: page.published ? 'YES' : 'NO',
        isIndex: page.home ? 1 : 0,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
  await ctx.db.insert(pages).values(rows);
}
