import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { ACCOUNT_DEFAULTS, SETTINGS_KEYS, type AccountRules, type ErrorCode } from '@agora/contract';
import { loginAttempts } from '../db/tables.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { readDocument } from './settings.js';
import type { Db } from '../db/client.js';

/** The defaults of the account security settings (admin/settings/account), which decide the real numbers. */
export const MAX_FAILURES = ACCOUNT_DEFAULTS.retry_times;
export const LOCK_MINUTES = ACCOUNT_DEFAULTS.lock_duration;
/**
 * Failures from one address, across subjects, within `lock_duration`, past which every further
 * check from it waits ADDRESS_SLOWDOWN_MS before it is counted: this many times `retry_times`.
 */
const IP_FACTOR = 10;
/**
 * The wait of a check from a noisy address. Never a refusal: behind a proxy without TRUST_PROXY
 * every operator shares one address, and a refusal there let anyone lock the whole console out with
 * made-up names. Each check also spends a fresh captcha (consumed by the route, right or wrong), and
 * the route's rate limit bounds how many a minute one address gets; only the account's own
 * failures lock it.
 */
export const ADDRESS_SLOWDOWN_MS = 1500;
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
async function assertNotLocked(db: Db, rules: AccountRules, subject: string, code: ErrorCode): Promise<void> {
  const now = Date.now();
  const cycleStart = new Date(now - rules.retry_cycle * HOUR);
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, subject), eq(loginAttempts.success, 1), gt(loginAttempts.createdAt, cycleStart)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess?.at ?? cycleStart;
  const failures = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, subject), eq(loginAttempts.success, 0), gt(loginAttempts.createdAt, from)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(HISTORY_LIMIT);
  const until = lockedUntil(failures.map((row) => row.at.getTime()).reverse(), rules);
  if (until > now) throw new AppError(429, code, { minutes: Math.ceil((until - now) / MINUTE) });
}

/** Whether `ip` failed so many checks lately, whatever the names, that its next one waits. */
async function isNoisyAddress(db: Db, rules: AccountRules, ip: string): Promise<boolean> {
  const [byIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, 0), gt(loginAttempts.createdAt, new Date(Date.now() - rules.lock_duration * MINUTE))));
  return byIp.n >= rules.retry_times * IP_FACTOR;
}

/** A password check let through the lockout: counted as a failure until `succeeded()` says otherwise. */
export interface Attempt {
  succeeded(): Promise<void>;
}

/**
 * Lets one password check through the lockout, or refuses it (429 `code`) when the subject is
 * locked; a check from a noisy address waits first (ADDRESS_SLOWDOWN_MS), outside the subject's
 * lock. The check is counted, as a failure, before the caller compares the password, under a lock
 * per subject: of any number of simultaneous guesses, only as many as the rules allow get compared,
 * and the rest are refused as locked.
 */
export async function claimAttempt(ctx: AppContext, subject: string, ip: string, code: ErrorCode): Promise<Attempt> {
  const rules = await readLockoutRules(ctx);
  const username = subject.slice(0, 50);
  if (await isNoisyAddress(ctx.db, rules, ip)) await new Promise((resolve) => setTimeout(resolve, ADDRESS_SLOWDOWN_MS));
  const id = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`password-attempt:${username}`}))`);
    await assertNotLocked(tx as unknown as Db, rules, username, code);
    const [row] = await tx.insert(loginAttempts).values({ username, ip, success: 0 }).returning({ id: loginAttempts.id });
    return row.id;
  });
  return {
    succeeded: async () => {
      await ctx.db.update(loginAttempts).set({ success: 1 }).where(eq(loginAttempts.id, id));
    },
  };
}

/**
 * Ends the lock of `subject` at once (`npm run admin -- unlock`): a success, after which its
 * failures are counted afresh, as after a correct password. `origin` stands where an address goes.
 */
export async function endLock(db: Db, subject: string, origin: string): Promise<void> {
  await db.insert(loginAttempts).values({ username: subject.slice(0, 50), ip: origin.slice(0, 64), success: 1 });
}
