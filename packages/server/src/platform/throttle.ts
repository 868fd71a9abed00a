import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { ErrorCode } from '@agora/contract';
import { loginAttempts } from '../db/tables.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';

/** Failed password checks tolerated per subject (and ten times that per address) within the window. */
export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

/**
 * Refuses a password check for a subject (an account name, or `two-step:<admin id>`) that
 * failed too often lately. Failures count only after the subject's last success inside the window.
 */
export async function assertNotLocked(ctx: AppContext, subject: string, ip: string, code: ErrorCode): Promise<void> {
  const since = new Date(Date.now() - LOCK_MINUTES * 60_000);
  const [lastSuccess] = await ctx.db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, subject), eq(loginAttempts.success, 1), gt(loginAttempts.createdAt, since)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess?.at ?? since;
  const [bySubject] = await ctx.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, subject), eq(loginAttempts.success, 0), gt(loginAttempts.createdAt, from)));
  const [byIp] = await ctx.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, 0), gt(loginAttempts.createdAt, since)));
  if (bySubject.n >= MAX_FAILURES || byIp.n >= MAX_FAILURES * 10) {
    throw new AppError(429, code, { minutes: LOCK_MINUTES });
  }
}

export async function recordAttempt(ctx: AppContext, subject: string, ip: string, success: boolean): Promise<void> {
  await ctx.db.insert(loginAttempts).values({ username: subject.slice(0, 50), ip, success: success ? 1 : 0 });
}
