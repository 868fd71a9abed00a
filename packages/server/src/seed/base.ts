import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../platform/context.js';
import { hashPassword, md5 } from '../platform/passwords.js';
import { adminUsers } from '../modules/admins/tables.js';
import { currencies } from '../modules/currencies/tables.js';

export const FOUNDER_USERNAME = 'admin';

/** First start: the founder `admin` with ADMIN_PASSWORD (or the README's default). */
export async function ensureFounder(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.founder, 1), isNull(adminUsers.deletedAt)))
    .limit(1);
  if (existing) return;
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

/**
 * First start: the platform's default currency, the yuan (prices are kept in it; spec §9's
 * symbol ￥). There is always exactly one default from then on (modules/currencies).
 */
export async function ensureDefaultCurrency(ctx: AppContext): Promise<void> {
  const [any] = await ctx.db.select({ id: currencies.id }).from(currencies).limit(1);
  if (any) return;
  await ctx.db.insert(currencies).values({ code: 'CNY', name: '人民币', symbol: '￥', rate: '1', sort: 0, enabled: 1, isDefault: 1 }).onConflictDoNothing();
}
