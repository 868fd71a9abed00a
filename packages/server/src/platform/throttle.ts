import { and, count, desc, eq, gt } from 'drizzle-orm';
import { ACCOUNT_DEFAULTS, SETTINGS_KEYS, type AccountRules, type ErrorCode } from '@agora/contract';
import { loginAttempts } from '../db/tables.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { readDocument } from './settings.js';

/** The defaults of the account security settings (admin/settings/account), which decide the real numbers. */
export const MAX_FAILURES = ACCOUNT_DEFAULTS.retry_times;
export const LOCK_MINUTES = ACCOUNT_DEFAULTS.lock_duration;
/** Failures per address, across subjects, lock that address at this many times the per-subject count. */
const IP_FACTOR = 10;
/** Enough failures to replay any lockout history of the longest cycle. */
const HISTORY_LIMIT = 5000;

const HOUR = 3_600_000;
const MINUTE = 60_000;

export function readLockoutRules(ctx: AppContext): Promise<AccountRules> {
  return readDocument(ctx.db, SETTINGS_KEYS.account, ACCOUNT_DEFAULTS);
}

/**
 * When the subject's lock ends (ms), replaying its failures of the cycle: every `retry_times`
 * failures lock it for `lock_duration` from the last of them, and counting starts afresh after.
 */
export function lockedUntil(failures: readonly number[], rules: AccountRules): number {
  let counted = 0;
  let until = 0;
  for (const at of failures) {
    if (at < until) continue;
    counted += 1;
    if (counted >= rules.retry_times) {
      until = at + rules.lock_duration * MINUTE;
      counted = 0;
    }
  }
  return until;
}

/**
 * Refuses a password check for a subject (an account name, or `two-step:<admin id>`) that is
 * locked by the account security settings: `retry_times` failures within `retry_cycle` hours
 * (after its last success) lock it for `lock_duration` minutes.
 */
export async function assertNotLocked(ctx: AppContext, subject: string, ip: string, code: ErrorCode): Promise<void> {
  const rules = await readLockoutRules(ctx);
  const now = Date.now();
  const cycleStart = new Date(now - rules.retry_cycle * HOUR);
  const [lastSuccess] = await ctx.db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, subject), eq(loginAttempts.success, 1), gt(loginAttempts.createdAt, cycleStart)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess?.at ?? cycleStart;
  const failures = await ctx.db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, subject), eq(loginAttempts.success, 0), gt(loginAttempts.createdAt, from)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(HISTORY_LIMIT);
  const until = lockedUntil(failures.map((row) => row.at.getTime()).reverse(), rules);
  if (until > now) throw new AppError(429, code, { minutes: Math.ceil((until - now) / MINUTE) });

  const [byIp] = await ctx.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, 0), gt(loginAttempts.createdAt, new Date(now - rules.lock_duration * MINUTE))));
  if (byIp.n >= rules.retry_times * IP_FACTOR) throw new AppError(429, code, { minutes: rules.lock_duration });
}

export async function recordAttempt(ctx: AppContext, subject: string, ip: string, success: boolean): Promise<void> {
  await ctx.db.insert(loginAttempts).values({ username: subject.slice(0, 50), ip, success: success ? 1 : 0 });
}
