import { and, asc, eq, sql } from 'drizzle-orm';
import { registerJobKind } from '../../platform/jobs.js';
import { AppError } from '../../platform/errors.js';
import { registerScheduledTask } from '../../platform/scheduler.js';
import { SMS_SEND_KIND, startDueTasks, syncAudits } from './service.js';
import { TASK_ACTIONS } from './flow.js';
import { smsRecords, smsTasks } from './tables.js';

const BATCH = 100;

/**
 * Sends a started task's records that still wait for the gateway, a batch at a time: each record
 * becomes SUCCESS or FAIL from the gateway's answer, with the task's counters in the same
 * statement's transaction, so the send page's progress is the records' own count. A restarted
 * attempt continues with the records still waiting; the last one moves the task to OVER.
 */
registerJobKind(SMS_SEND_KIND, {
  operateType: 'TASK',
  restartable: true,
  async run(job, { ctx, progress, isCancelled }) {
    const taskId = Number((job.params as { task_id?: number }).task_id);
    const [task] = await ctx.db.select().from(smsTasks).where(eq(smsTasks.id, taskId));
    if (!task || task.status !== TASK_ACTIONS.FINISH.from) return { message: 'nothing to send' };
    const lang = job.lang === 'en' ? 'en' : 'zh';
    for (;;) {
      if (await isCancelled()) return;
      const batch = await ctx.db
        .select()
        .from(smsRecords)
        .where(and(eq(smsRecords.taskId, taskId), eq(smsRecords.status, 'WAIT_RECEIPT')))
        .orderBy(asc(smsRecords.id))
        .limit(BATCH);
      if (batch.length === 0) break;
      for (const record of batch) {
        let failReason = '';
        try {
          await ctx.sms.send({
            mobile: record.mobile,
            scene: 'SMS_TASK',
            content: record.content,
            signName: task.signName,
            receiverType: record.memberId ? 'MEMBER' : 'ADMIN',
            receiverId: record.memberId ?? undefined,
          });
        } catch (error) {
          failReason = (error instanceof AppError ? error.localized(lang) : (error as Error).message).slice(0, 200) || 'FAIL';
        }
        await ctx.db.transaction(async (tx) => {
          const [moved] = await tx
            .update(smsRecords)
            .set({ status: failReason ? 'FAIL' : 'SUCCESS', failReason, sentAt: new Date() })
            .where(and(eq(smsRecords.id, record.id), eq(smsRecords.status, 'WAIT_RECEIPT')))
            .returning({ id: smsRecords.id });
          if (!moved) return;
          await tx
            .update(smsTasks)
            .set(failReason ? { failCount: sql`${smsTasks.failCount} + 1` } : { successCount: sql`${smsTasks.successCount} + 1` })
            .where(eq(smsTasks.id, taskId));
        });
      }
      const [counts] = await ctx.db.select({ success: smsTasks.successCount, fail: smsTasks.failCount }).from(smsTasks).where(eq(smsTasks.id, taskId));
      const done = counts.success + counts.fail;
      await progress(Math.min(99, Math.floor((done * 100) / Math.max(task.total, 1))), `${done} / ${task.total}`);
    }
    const finish = TASK_ACTIONS.FINISH;
    await ctx.db
      .update(smsTasks)
      .set({ status: finish.to, finishedAt: new Date() })
      .where(and(eq(smsTasks.id, taskId), eq(smsTasks.status, finish.from)));
    return { rows: task.total, message: `${task.total}` };
  },
});

/** Timed sends go out when due (a recall made first leaves the task nothing to start). */
registerScheduledTask('sms.timed-tasks', {
  schedule: { everyMinutes: 1 },
  async run(ctx, now) {
    return `started ${await startDueTasks(ctx, now)}`;
  },
});

/** The provider's audit decisions come in without anyone pressing 立即同步. */
registerScheduledTask('sms.audit-sync', {
  schedule: { everyMinutes: 5 },
  async run(ctx) {
    const moved = await syncAudits(ctx);
    return `signs ${moved.signs}, templates ${moved.templates}`;
  },
});
