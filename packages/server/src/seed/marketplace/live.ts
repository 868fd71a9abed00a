/**
 * Demo live rooms, opened as shops open them (there is no seller console: createLiveRoom checks
 * what a seller's would): rooms in every state — waiting for audit, passed and not started, on
 * air, ended, refused with a reason, closed by the platform — each showing on-sale goods of its shop.
 */
import type { AppContext } from '../../platform/context.js';
import { storeFile } from '../../platform/storage.js';
import { createLiveRoom } from '../../modules/live/service.js';
import { textLogo } from './pictures.js';

const HOUR_MS = 3_600_000;

/** title, status, start in hours from now, length in hours, the platform's reason */
const ROOMS: [title: string, status: 'WAIT' | 'PASS' | 'REFUSE' | 'CLOSED', startIn: number, hours: number, reason?: string][] = [
  ['双十二预热专场', 'WAIT', 30, 3],
  ['冬季新品首发', 'WAIT', 52, 2],
  ['工厂直供限时秒杀', 'WAIT', 75, 2],
  ['周末家居好物推荐', 'PASS', 20, 3],
  ['主播带你逛店铺', 'PASS', 44, 2],
  ['正在直播：爆款清仓', 'PASS', -1, 4],
  ['昨日美妆专场', 'PASS', -26, 2],
  ['品牌日回顾', 'PASS', -72, 3],
  ['超低价引流专场', 'REFUSE', 10, 2, '直播标题含夸大宣传用语，请修改后重新提交'],
  ['深夜特卖', 'CLOSED', 5, 2, '直播间商品与报备不符，平台已关闭'],
];

export async function seedLiveRooms(ctx: AppContext, catalogue: Map<number, { goodsId: number }[]>, now: Date): Promise<number> {
  const shops = [...catalogue.entries()].filter(([, items]) => items.length > 0).sort(([a], [b]) => a - b);
  if (shops.length === 0) return 0;
  const colors = ['#f5222d', '#fa8c16', '#722ed1', '#13c2c2', '#2f54eb'];
  let made = 0;
  for (const [index, [title, status, startIn, hours, reason]] of ROOMS.entries()) {
    const [shopId, items] = shops[index % shops.length];
    const cover = await storeFile(ctx.db, ctx.storage, `demo/live/${index + 1}.svg`, textLogo(title.slice(0, 8), colors[index % colors.length]), {
      contentType: 'image/svg+xml', width: 240, height: 120, originalName: `${title}.svg`,
    });
    const startAt = new Date(now.getTime() + startIn * HOUR_MS);
    const audited = status === 'WAIT' ? {} : { operator: 'admin', operatedAt: new Date(Math.min(now.getTime(), startAt.getTime()) - 6 * HOUR_MS) };
    await createLiveRoom(
      ctx.db,
      { shopId, title, cover: cover.url, startAt, endAt: new Date(startAt.getTime() + hours * HOUR_MS), goodsIds: items.slice(0, 1 + (index % 6)).map((item) => item.goodsId) },
      {
        status,
        ...audited,
        ...(status === 'REFUSE' ? { refuseReason: reason } : {}),
        ...(status === 'CLOSED' ? { closeReason: reason } : {}),
        createdAt: new Date(now.getTime() - (48 - index) * HOUR_MS),
      },
    );
    made += 1;
  }
  return made;
}
