/** Distribution's scheduled tasks (DOMAIN §2.20): frozen commission becomes withdrawable after the cycle; monthly performance bills. */
import { registerScheduledTask } from '../../platform/scheduler.js';
import { unfreezeDue } from './commission.js';
import { buildBills } from './service.js';

registerScheduledTask('distribution.unfreeze', {
  schedule: { everyMinutes: 30 },
  async run(ctx, now) {
    return `佣金解冻 ${await unfreezeDue(ctx, now)} 笔`;
  },
});

registerScheduledTask('distribution.bills', {
  schedule: { dailyAt: '01:30' },
  async run(ctx, now) {
    return `生成分销业绩单 ${await buildBills(ctx, now)} 张`;
  },
});
