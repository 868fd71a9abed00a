/**
 * Scheduled upkeep (platform/scheduler.ts): the planner statistics of the embedded database, and the
 * expiry clean-up of one-time secrets and dead sessions.
 *
 * Nothing reads these rows once expired — every check also compares the expiry — so the task only
 * keeps the tables small; a late or missed tick changes no answer.
 */
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import { adminSessions, captchas, smsCodes } from '../db/tables.js';
import type { AppContext } from './context.js';
import { registerScheduledTask } from './scheduler.js';

export async function deleteExpired(ctx: AppContext, now: Date): Promise<{ captchas: number; smsCodes: number; sessions: number }> {
  const deadCaptchas = await ctx.db.delete(captchas).where(lt(captchas.expiresAt, now)).returning({ uuid: captchas.uuid });
  const deadCodes = await ctx.db.delete(smsCodes).where(lt(smsCodes.expiresAt, now)).returning({ id: smsCodes.id });
  // A session is over when its refresh token can no longer be used (not refreshed within the
  // refresh lifetime), or when it was revoked and its last access token has expired too.
  const refreshCutoff = new Date(now.getTime() - ctx.config.refreshTokenTtl * 1000);
  const accessCutoff = new Date(now.getTime() - ctx.config.accessTokenTtl * 1000);
  const deadSessions = await ctx.db
    .delete(adminSessions)
    .where(
      or(
        lt(sql`coalesce(${adminSessions.refreshedAt}, ${adminSessions.createdAt})`, refreshCutoff),
        and(isNotNull(adminSessions.revokedAt), lt(adminSessions.revokedAt, accessCutoff)),
      ),
    )
    .returning({ id: adminSessions.id });
  return { captchas: deadCaptchas.length, smsCodes: deadCodes.length, sessions: deadSessions.length };
}

/**
 * Gives the embedded database's planner its statistics. PGlite has no autovacuum, so without this
 * it never has any: after a large seed the goods list ran a sequential scan and a nested loop, 14×
 * slower than with statistics. PostgreSQL's autovacuum does this itself. Answers whether it ran.
 */
export async function analyzeEmbedded(ctx: AppContext): Promise<boolean> {
  if (ctx.dbKind !== 'pglite') return false;
  await ctx.db.execute(sql`analyze`);
  return true;
}

registerScheduledTask('housekeeping.analyze', {
  schedule: { everyMinutes: 60 },
  async run(ctx) {
    return (await analyzeEmbedded(ctx)) ? 'analyzed' : 'PostgreSQL: left to autovacuum';
  },
});

registerScheduledTask('housekeeping.expired', {
  schedule: { everyMinutes: 30 },
  async run(ctx, now) {
    const removed = await deleteExpired(ctx, now);
    return `captchas ${removed.captchas}, sms codes ${removed.smsCodes}, sessions ${removed.sessions}`;
  },
});
