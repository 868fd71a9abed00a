import { sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context.js';
import { seedDemo } from './demo.js';
import { seedMarketplace, type MarketplaceSize } from './marketplace/generate.js';

/** What a start with SEED_DEMO on does: the demo team and marketplace, each once per database. */
export async function seedDemoData(ctx: AppContext, size: MarketplaceSize): Promise<{ team: boolean; marketplace: boolean }> {
  const team = await seedDemo(ctx);
  const marketplace = await seedMarketplace(ctx, size);
  // A bulk load leaves the planner without statistics and the visibility map empty: counts are
  // estimated from nothing (190 000 for a million orders) and an index-only walk to a deep page
  // visits the heap row by row (2 s for page 5 000). Autovacuum would get there in its own time,
  // PGlite's never: the database is ready when the seed says so.
  if (marketplace) await ctx.db.execute(sql`vacuum analyze`);
  return { team, marketplace };
}
