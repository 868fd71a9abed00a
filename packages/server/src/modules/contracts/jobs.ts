import { registerScheduledTask } from '../../platform/scheduler.js';
import { noticeExpiringContracts } from './service.js';

// Each shop is told once, 30 days before its contract ends (a site message).
registerScheduledTask('contracts.expiry-notice', {
  schedule: { dailyAt: '09:00' },
  async run(ctx, now) {
    return `提醒 ${await noticeExpiringContracts(ctx, now)} 份合同即将到期`;
  },
});
