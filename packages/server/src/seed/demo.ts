import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../platform/context.js';
import { hashPassword, md5 } from '../platform/passwords.js';
import { adminUsers, roles } from '../modules/admins/tables.js';
import type { Db } from '../db/client.js';
import { claimDemoSeed, demoSeeded, markDemoSeeded } from './marker.js';
import { DEMO_ADMINS, DEMO_PASSWORD, DEMO_ROLES, DEMO_VERIFY_PASSWORD } from './demo-team.js';
import { readTwoStepSettings, setTwoStepMethods, setVerifyPassword } from '../modules/verification/service.js';

/**
 * Fills a fresh database with the demo team and switches password verification on for the second
 * step (DEMO_VERIFY_PASSWORD), once per database: it is recorded (marker.ts), so
 * demo roles and admins an operator deletes do not come back on the next start. A database
 * from before the record counts as seeded once it holds any role or any admin besides the
 * founder (deleted ones too: the team has been worked on).
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  if (await demoSeeded(ctx.db, 'team')) return false;
  const [existingRoles] = await ctx.db.select({ n: count() }).from(roles);
  const [otherAdmins] = await ctx.db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.founder, 0));
  if (existingRoles.n > 0 || otherAdmins.n > 0) {
    await markDemoSeeded(ctx.db, 'team', false);
    return false;
  }
  const passwordHash = await hashPassword(md5(DEMO_PASSWORD));
  const written = await ctx.db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx as unknown as Db, 'team'))) return false;
    const created = await tx
      .insert(roles)
      .values(DEMO_ROLES.map((role) => ({ ...role, permissions: [...role.permissions] })))
      .returning({ id: roles.id, roleName: roles.roleName });
    const roleIds = new Map(created.map((role) => [role.roleName, role.id]));
    await tx
      .insert(adminUsers)
      .values(
        DEMO_ADMINS.map((admin) => ({
          username: admin.username,
          passwordHash,
          roleId: roleIds.get(admin.role)!,
          realName: admin.realName,
          department: admin.department,
        })),
      )
      // A live admin of that name (another founder, say) keeps it; the demo admin is left out.
      .onConflictDoNothing();
    await markDemoSeeded(tx as unknown as Db, 'team', true);
    return true;
  });
  if (!written) return false;
  await useDemoVerification(ctx);
  ctx.log.info('seeded the demo team (roles 运营, 财务, 客服) and password verification for the second step');
  return true;
}

/**
 * Without a second-step method every export, settings save and credential change sends the
 * founder away to 二次验证 first: a fresh demo has password verification on. A method an operator
 * already set up is left as it is.
 */
async function useDemoVerification(ctx: AppContext): Promise<void> {
  const current = await readTwoStepSettings(ctx);
  if (current.message_auth === 1 || current.password_auth === 1 || current.has_password) return;
  await setVerifyPassword(ctx, { password: md5(DEMO_VERIFY_PASSWORD) }, { adminId: 0, ip: '' });
  await setTwoStepMethods(ctx, { message_auth: 0, password_auth: 1 });
}
