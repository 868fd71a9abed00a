/**
 * Demo currencies beside the default yuan (seed/base.ts): the ones a cross-border marketplace
 * quotes, rates against the yuan as of late 2026, two following the rate source, one switched off.
 */
import type { AppContext } from '../../platform/context.js';
import { currencies } from '../../modules/currencies/tables.js';

const DEMO_CURRENCIES = [
  { code: 'USD', name: '美元', symbol: '$', rate: '0.1382', sort: 1, autoRate: 1, enabled: 1 },
  { code: 'EUR', name: '欧元', symbol: '€', rate: '0.1296', sort: 2, autoRate: 1, enabled: 1 },
  { code: 'HKD', name: '港币', symbol: 'HK$', rate: '1.0752', sort: 3, autoRate: 0, enabled: 1 },
  { code: 'JPY', name: '日元', symbol: '¥', rate: '21.35', sort: 4, autoRate: 0, enabled: 1 },
  { code: 'GBP', name: '英镑', symbol: '£', rate: '0.10915', sort: 5, autoRate: 0, enabled: 0 },
] as const;

export async function seedCurrencies(ctx: AppContext, now: Date): Promise<void> {
  await ctx.db
    .insert(currencies)
    .values(DEMO_CURRENCIES.map((currency) => ({ ...currency, isDefault: 0, rateUpdatedAt: now, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
}
