/** Group buys whose window is over fail their groups still forming (DOMAIN §2.18); sign-in activities follow the clock (§2.19). */
import { registerScheduledTask } from '../../platform/scheduler.js';
import { failEndedGroups } from './pintuans.js';
import { advanceSignStatuses } from './sign-in.js';

registerScheduledTask('promotions.pintuan-unformed', {
  schedule: { everyMinutes: 10 },
  async run(ctx, now) {
    return `拼团未成团 ${await failEndedGroups(ctx, now)} 个`;
  },
});

registerScheduledTask('promotions.sign-status', {
  schedule: { everyMinutes: 1 },
  async run(ctx, now) {
    return advanceSignStatuses(ctx, now);
  },
});
