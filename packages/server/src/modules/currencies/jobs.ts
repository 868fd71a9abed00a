import { registerScheduledTask } from '../../platform/scheduler.js';
import { findDefaultCurrency, syncRates } from './service.js';

/** Hourly: the currencies that sync their rate follow the rate source (docs/jobs.md). */
registerScheduledTask('currencies.auto-rate', {
  schedule: { everyMinutes: 60 },
  async run(ctx) {
    // Without a default there is nothing to rate against (a fresh database before its seed).
    if (!(await findDefaultCurrency(ctx))) return 'no default currency';
    const result = await syncRates(ctx);
    return `updated ${result.updated.length}${result.missing.length ? `, no rate for ${result.missing.join(',')}` : ''}`;
  },
});
