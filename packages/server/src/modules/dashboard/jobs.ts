/**
 * The daily roll of the dashboard's 7/30/90-day totals, a scheduled task shortly after the
 * platform's midnight. Reads never write: until the roll has reached today, the top lists add up
 * the daily rows themselves (service.ts), so they are right even when the task is late.
 */
import { registerScheduledTask } from '../../platform/scheduler.js';
import { rollWindows } from './rollup.js';
import { platformDay } from '../../platform/time.js';

registerScheduledTask('dashboard.roll-windows', {
  schedule: { dailyAt: '00:01' },
  async run(ctx, now) {
    const today = platformDay(now);
    await ctx.db.transaction((tx) => rollWindows(tx, today));
    return `through ${today}`;
  },
});
