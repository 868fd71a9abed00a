import { sql } from 'drizzle-orm';
import { DEMO_SEED_STEPS, type DemoSeedProgress } from '@agora/contract';
import type { AppContext } from '../platform/context.js';
import { seedDemo } from './demo.js';
import { seedMarketplace, type MarketplaceSize } from './marketplace/generate.js';

/**
 * What a start with SEED_DEMO on does: the demo team and marketplace, each once per database.
 * `onProgress` hears each part as it begins (main.ts shows it on the login page); `stop` ends the
 * marketplace's writing early (rolled back: the next start writes it).
 */
export async function seedDemoData(
  ctx: AppContext,
  size: MarketplaceSize,
  onProgress: (progress: DemoSeedProgress) => void = () => undefined,
  stop?: AbortSignal,
): Promise<{ team: boolean; marketplace: boolean }> {
  const report = (step: (typeof DEMO_SEED_STEPS)[number]) => onProgress({ step, done: DEMO_SEED_STEPS.indexOf(step), total: DEMO_SEED_STEPS.length });
  report('team');
  const team = await seedDemo(ctx);
  const marketplace = await seedMarketplace(ctx, size, new Date(), report, stop);
  // A bulk load leaves the planner without statistics and the visibility map empty: counts are
  // estimated from nothing (190 000 for a million orders) and an index-only walk to a deep page
  // visits the heap row by row (2 s for page 5 000). Autovacuum would get there in its own time,
  // PGlite's never: the database is ready when the seed says so.
  if (marketplace) {
    report('analyze');
    await ctx.db.execute(sql`vacuum analyze`);
  }
  return { team, marketplace };
}
