/**
 * Page views reported by the buyer site (POST base/page-views): a shop or goods page shown to a
 * visitor. Crawlers (by user agent) and a visitor's repeats of a page within
 * PAGE_VIEW_REPEAT_MINUTES are not counted; a counted view adds to the day's page views of the
 * platform, the shop and the goods item in the same transaction as its mark. A client address
 * gets at most PAGE_VIEW_IP_PER_MINUTE views counted a minute (a script rotating visitor ids past
 * it is answered `counted: false`); concurrent views of one address may pass the cap by the few
 * in flight — it bounds inflation, it is not a lock.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.js';
import { PAGE_VIEW_IP_PER_MINUTE, PAGE_VIEW_REPEAT_MINUTES, type PAGE_VIEW_TARGETS } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { bumpGoods, bumpPlatform, bumpShop } from '../dashboard/rollup.js';
import { goods } from '../goods/tables.js';
import { shops } from '../shops/tables.js';
import { pageViewMarks } from './tables.js';

/** Crawlers, monitors and scripts announce themselves in the user agent; a browser always sends one. */
const BOT_AGENT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|headless|phantomjs|curl|wget|python-requests|python-urllib|go-http-client|okhttp|java\/|libwww|httpclient|scrapy|monitor|pingdom|uptime/i;

export const isBotAgent = (agent: string | undefined) => !agent || agent.trim() === '' || BOT_AGENT.test(agent);

export async function recordPageView(
  ctx: AppContext,
  view: { target_type: (typeof PAGE_VIEW_TARGETS)[number]; target_id: number; visitor_id: string },
  userAgent: string | undefined,
  ip: string,
  now = new Date(),
): Promise<{ counted: boolean }> {
  if (isBotAgent(userAgent)) return { counted: false };
  const shopId = await shopOf(ctx, view.target_type, view.target_id);
  return ctx.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(pageViewMarks)
      .where(and(eq(pageViewMarks.ip, ip), gt(pageViewMarks.countedAt, new Date(now.getTime() - 60_000))));
    if (recent.n >= PAGE_VIEW_IP_PER_MINUTE) return { counted: false };
    const repeatBefore = new Date(now.getTime() - PAGE_VIEW_REPEAT_MINUTES * 60_000);
    // One statement decides: a first view inserts, a view after the window moves the mark, a repeat changes nothing.
    const [mark] = await tx
      .insert(pageViewMarks)
      .values({ visitorId: view.visitor_id, targetType: view.target_type, targetId: view.target_id, countedAt: now, ip })
      .onConflictDoUpdate({
        target: [pageViewMarks.visitorId, pageViewMarks.targetType, pageViewMarks.targetId],
        set: { countedAt: now, ip },
        setWhere: sql`${pageViewMarks.countedAt} <= ${repeatBefore.toISOString()}`,
      })
      .returning({ at: pageViewMarks.countedAt });
    if (!mark) return { counted: false };
    await bumpPlatform(tx, now, { pv: 1 });
    await bumpShop(tx, now, shopId, { pv: 1 });
    if (view.target_type === 'GOODS') await bumpGoods(tx, now, view.target_id, shopId, { pv: 1 });
    return { counted: true };
  });
}

async function shopOf(ctx: AppContext, type: (typeof PAGE_VIEW_TARGETS)[number], id: number): Promise<number> {
  if (type === 'SHOP') {
    const [shop] = await ctx.db.select({ id: shops.id }).from(shops).where(and(eq(shops.id, id), eq(shops.status, 'OPEN')));
    if (!shop) throw new AppError(404, 'NOT_FOUND');
    return shop.id;
  }
  const [item] = await ctx.db.select({ shopId: goods.shopId }).from(goods).where(eq(goods.id, id));
  if (!item) throw new AppError(404, 'NOT_FOUND');
  return item.shopId;
}
