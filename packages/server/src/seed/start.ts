import type { AppContext } from '../platform/context.js';
import { seedDemo } from './demo.js';
import { seedMarketplace, type MarketplaceSize } from './marketplace/generate.js';

/** What a start with SEED_DEMO on does: the demo team and marketplace, each once per database. */
export async function seedDemoData(ctx: AppContext, size: MarketplaceSize): Promise<{ team: boolean; marketplace: boolean }> {
  const team = await seedDemo(ctx);
  const marketplace = await seedMarketplace(ctx, size);
  return { team, marketplace };
}
