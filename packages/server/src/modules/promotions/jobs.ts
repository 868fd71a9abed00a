/** Group buys whose window is over fail their groups still forming (DOMAIN §2.18). */
import { registerScheduledTask } from '../../platform/scheduler.js';
import { failEndedGroups } from './pintuans.js';

registerScheduledTask('promotions.pintuan-unformed', {
  schedule: { everyMinutes: 10 },
  async run(ctx, now) {
    return `拼团未成团 ${await failEndedGroups(ctx, now)} 个`;
  },
});
