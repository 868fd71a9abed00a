/**
 * Buyers' favourite goods: each active buyer holds a few goods on sale, the popular ones (every
 * fifth goods item) more often, made on a day between the later of the buyer's sign-up and the
 * goods' listing and now. Its own random source, so the rest of the demo stays as it was.
 */
import type { AppContext } from '../../platform/context.js';
import type { goods } from '../../modules/goods/tables.js';
import type { members } from '../../modules/members/tables.js';
import { memberFavorites } from '../../modules/statistics/tables.js';
import { bulkInsert } from './bulk.js';
import { Random } from './random.js';

const FAVORITES_SEED = 0x0fa7_5eed;

export async function seedFavorites(
  ctx: AppContext,
  memberRows: (typeof members.$inferInsert)[],
  goodsRows: (typeof goods.$inferInsert)[],
  now: Date,
): Promise<number> {
  const random = new Random(FAVORITES_SEED);
  const onSale = goodsRows.filter((item) => item.isAuth === 1 && item.marketEnable === 1);
  const popular = onSale.filter((_, i) => i % 5 === 0);
  if (onSale.length === 0) return 0;
  const rows: (typeof memberFavorites.$inferInsert)[] = [];
  for (const member of memberRows) {
    if (member.disabled !== 0) continue;
    const held = new Set<number>();
    for (let n = random.int(0, 5); n > 0; n--) {
      const item = random.chance(0.5) && popular.length ? random.pick(popular) : random.pick(onSale);
      if (held.has(item.id!)) continue;
      held.add(item.id!);
      const from = Math.max(member.createdAt!.getTime(), item.createdAt!.getTime());
      const createdAt = new Date(from + Math.floor(random.next() * Math.max(0, now.getTime() - from)));
      rows.push({ memberId: member.id!, goodsId: item.id!, shopId: item.shopId, createdAt });
    }
  }
  // Each column as one array parameter (bulk.ts): drizzle's multi-row values built 5000 rows' parameters one by one.
  await bulkInsert(ctx.db, memberFavorites, rows);
  return rows.length;
}
