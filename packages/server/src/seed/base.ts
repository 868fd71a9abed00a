import { and, eq, isNull } from 'drizzle-orm';
import { ERRORS } from '@agora/contract';
import type { AppContext } from '../platform/context.js';
import { OperatorRefusal, PUBLISHED_PASSWORDS, operatorLine } from '../platform/config.js';
import { hashPassword, md5, verifyPassword } from '../platform/passwords.js';
import { adminUsers } from '../modules/admins/tables.js';
import { currencies } from '../modules/currencies/tables.js';
import { demoSeeded, markDemoSeeded, type DemoPart } from './marker.js';

export const FOUNDER_USERNAME = 'admin';

/**
 * First start: the founder `admin` with ADMIN_PASSWORD (or, in development, the README's default;
 * a production start without it refuses). Every production start also closes the database to the
 * demo and warns of admins who still have a published password.
 */
export async function ensureFounder(ctx: AppContext): Promise<void> {
  if (ctx.config.production) await keepDemoOut(ctx);
  const [existing] = await ctx.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.founder, 1), isNull(adminUsers.deletedAt)))
    .limit(1);
  if (existing) {
    // Not awaited: two argon2 checks per admin would hold the port closed (a second or more for a large team).
    if (ctx.config.production) void warnOfPublishedPasswords(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'could not check for published passwords'));
    return;
  }
  if (ctx.config.adminPassword === undefined) throw new OperatorRefusal('ADMIN_PASSWORD_REQUIRED');
  const created = await ctx.db.insert(adminUsers).values({
    username: FOUNDER_USERNAME,
    passwordHash: await hashPassword(md5(ctx.config.adminPassword)),
    founder: 1,
    roleId: 0,
    realName: '平台超级管理员',
    department: '平台运营中心',
  })
    // Another instance starting at the same moment may have created it first.
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  if (created.length > 0) ctx.log.info(`created the founder "${FOUNDER_USERNAME}"`);
}

const DEMO_PARTS: readonly DemoPart[] = ['team', 'marketplace'];

/**
 * A production database records the demo as not wanted (written: false), the way one that held
 * data of its own does: every path that writes the demo (a start, `npm run seed`) asks that record
 * first and writes nothing, whatever SEED_DEMO says. Parts already recorded keep their record.
 */
async function keepDemoOut(ctx: AppContext): Promise<void> {
  for (const part of DEMO_PARTS) {
    if (!(await demoSeeded(ctx.db, part))) await markDemoSeeded(ctx.db, part, false);
  }
}

/**
 * An old database may still let an active admin sign in with a password from the README or the
 * demo: tell the operator who, never the password. One argon2 check per admin and password,
 * run together (the hashing runs on libuv's threads), after the start goes on.
 */
async function warnOfPublishedPasswords(ctx: AppContext): Promise<void> {
  const active = await ctx.db
    .select({ username: adminUsers.username, passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .where(and(isNull(adminUsers.deletedAt), eq(adminUsers.userState, 0)))
    .orderBy(adminUsers.id);
  const published = PUBLISHED_PASSWORDS.map(md5);
  const exposed = await Promise.all(
    active.map(async (admin) => ((await Promise.all(published.map((hash) => verifyPassword(admin.passwordHash, hash)))).some(Boolean) ? admin.username : null)),
  );
  const usernames = exposed.filter((name) => name !== null);
  if (usernames.length > 0) ctx.log.warn(operatorLine(ERRORS.PUBLISHED_PASSWORD_IN_USE, { usernames: usernames.join(', ') }));
}

/**
 * First start: the platform's default currency, the yuan (prices are kept in it; spec §9's
 * symbol ￥). There is always exactly one default from then on (modules/currencies).
 */
export async function ensureDefaultCurrency(ctx: AppContext): Promise<void> {
  const [any] = await ctx.db.select({ id: currencies.id }).from(currencies).limit(1);
  if (any) return;
  await ctx.db.insert(currencies).values({ code: 'CNY', name: '人民币', symbol: '￥', rate: '1', sort: 0, enabled: 1, isDefault: 1 }).onConflictDoNothing();
}
