/** The mails and texts `notify` queues with a business change (docs/jobs.md); internal, never listed. */
import { registerJobKind } from '../../platform/jobs.js';
import { deliver, NOTICE_DELIVERY_KIND, type NoticeDelivery } from './templates.js';
import './site-messages.js';

// A mail or a text that went out cannot be taken back: an attempt cut short fails rather than sending twice.
registerJobKind(NOTICE_DELIVERY_KIND, {
  operateType: 'TASK',
  restartable: false,
  async run(job, { ctx }) {
    await deliver(ctx, job.params as unknown as NoticeDelivery);
    return { rows: 1 };
  },
});
