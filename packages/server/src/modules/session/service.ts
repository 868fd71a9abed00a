import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AdminProfile, LoginResult, TokenResult } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { adminSessions } from '../../db/tables.js';
import { adminUsers, roles } from '../admins/tables.js';
import { claimAttempt } from '../../platform/throttle.js';
import { preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';

type AdminRecord = typeof adminUsers.$inferSelect;

/** What the profile is made of. */
const profileColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  roleId: adminUsers.roleId,
  founder: adminUsers.founder,
  realName: adminUsers.realName,
  department: adminUsers.department,
  face: adminUsers.face,
  previousLoginAt: adminUsers.previousLoginAt,
  previousLoginIp: adminUsers.previousLoginIp,
};
type ProfileFields = Pick<AdminRecord, keyof typeof profileColumns>;

/** the signed-in administrator's profile, read on every console load: prepared once (platform/statements.ts) */
const profileById = preparedOnce('agora_admin_profile', (db) =>
  db
    .select({ admin: profileColumns, roleName: roles.roleName })
    .from(adminUsers)
    .leftJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(eq(adminUsers.id, sql.placeholder('id'))),
);

export async function loadProfile(ctx: AppContext, adminId: number): Promise<AdminProfile> {
  const [row] = await profileById(ctx.db).execute({ id: adminId });
  if (!row) throw new AppError(404, 'ADMIN_NOT_FOUND');
  // Read while signed in, the last sign-in is this one: 上次登录 is the one before.
  return toProfile(row.admin, row.roleName ?? '', row.admin.previousLoginAt, row.admin.previousLoginIp);
}

function toProfile(admin: ProfileFields, roleName: string, lastLoginAt: Date | null, lastLoginIp: string | null): AdminProfile {
  const founder = admin.founder === 1;
  return {
    uid: admin.id,
    username: admin.username,
    role_id: founder ? 0 : admin.roleId,
    role_name: founder ? '超级管理员' : roleName,
    founder: founder ? 1 : 0,
    real_name: admin.realName,
    department: admin.department,
    face: admin.face,
    last_login_time: lastLoginAt ? unixSeconds(lastLoginAt) : null,
    last_login_ip: lastLoginIp,
  };
}

export async function issueTokens(ctx: AppContext, adminId: number, sessionId: string, jti: string): Promise<TokenResult> {
  const [accessToken, refreshToken] = await Promise.all([
    ctx.tokens.signAccess(adminId, sessionId),
    ctx.tokens.signRefresh(sessionId, jti),
  ]);
  return { accessToken, refreshToken };
}

/**
 * What an unknown name's password is compared against: a hash of a random secret with the same
 * parameters as every stored one, made once at start, so a wrong name costs the same argon2 work as
 * a wrong password and the answer's time does not tell which names exist.
 */
const unknownUserHash = hashPassword(crypto.randomBytes(16).toString('hex'));

export async function login(
  ctx: AppContext,
  input: { username: string; password: string; uuid: string; ip: string; userAgent: string },
): Promise<LoginResult> {
  const username = input.username.trim();
  const attempt = await claimAttempt(ctx, username, input.ip, 'LOGIN_LOCKED');
  const [row] = await ctx.db
    .select({ admin: adminUsers, roleName: roles.roleName })
    .from(adminUsers)
    .leftJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(and(eq(adminUsers.username, username), isNull(adminUsers.deletedAt)));
  const passwordOk = await verifyPassword(row?.admin.passwordHash ?? (await unknownUserHash), input.password);
  if (!row || !passwordOk) throw new AppError(400, 'LOGIN_FAILED');
  await attempt.succeeded();
  if (row.admin.userState !== 0) throw new AppError(403, 'ACCOUNT_DISABLED');

  const sessionId = crypto.randomUUID();
  const jti = crypto.randomUUID();
  await ctx.db.insert(adminSessions).values({
    id: sessionId,
    adminId: row.admin.id,
    uuid: input.uuid,
    refreshJti: jti,
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 300),
  });
  // The profile reports the previous sign-in; this one becomes "last" for the next.
  await ctx.db
    .update(adminUsers)
    .set({ previousLoginAt: sql`${adminUsers.lastLoginAt}`, previousLoginIp: sql`${adminUsers.lastLoginIp}`, lastLoginAt: new Date(), lastLoginIp: input.ip })
    .where(eq(adminUsers.id, row.admin.id));
  const tokens = await issueTokens(ctx, row.admin.id, sessionId, jti);
  return {
    ...toProfile(row.admin, row.roleName ?? '', row.admin.lastLoginAt, row.admin.lastLoginIp),
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  };
}

/**
 * How long the refresh token a renewal replaced still answers, with the session's uuid: a page
 * closed or reloaded while its renewal was on the wire never stored the new pair, and two tabs
 * without Web Locks (an intranet console on plain http) renew at the same moment; each presents
 * the token just replaced. Within this window it gets the session's current pair instead of
 * revoking the session (the "reuse interval" of OAuth servers); later, without a uuid header, or a
 * token two renewals old, still revokes it (another uuid is refused before, revoking nothing).
 * The uuid is no secret (it travels beside the tokens): docs/security.md says what this gives up.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

/**
 * Swaps a refresh token for a new pair. The old one stops working; presenting it again means it
 * was stolen or replayed, so the whole session is revoked — except the token the last renewal
 * replaced, presented again by the same browser within REFRESH_REUSE_GRACE_SECONDS.
 */
export async function refresh(ctx: AppContext, refreshToken: string, uuid: string | undefined, client: { ip: string; userAgent: string }): Promise<{ adminId: number; tokens: TokenResult }> {
  const verified = await ctx.tokens.verifyRefresh(refreshToken);
  if (!verified.ok) throw new AppError(403, 'REFRESH_INVALID');
  const { sid, jti } = verified.claims;
  const [session] = await ctx.db
    .select({ session: adminSessions, admin: adminUsers })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
    .where(eq(adminSessions.id, sid));
  if (!session || session.session.revokedAt) throw new AppError(403, 'REFRESH_INVALID');
  if (session.admin.deletedAt || session.admin.userState !== 0) throw new AppError(403, 'REFRESH_INVALID');
  if (uuid && uuid !== session.session.uuid) throw new AppError(403, 'REFRESH_INVALID');
  const adminId = session.admin.id;
  const nextJti = crypto.randomUUID();
  // Compare-and-set on the current jti: of two concurrent uses of one token only one rotates.
  const rotated = await ctx.db
    .update(adminSessions)
    .set({ refreshJti: nextJti, previousRefreshJti: jti, refreshedAt: sql`now()` })
    .where(and(eq(adminSessions.id, sid), eq(adminSessions.refreshJti, jti), isNull(adminSessions.revokedAt)))
    .returning({ id: adminSessions.id });
  if (rotated.length > 0) return { adminId, tokens: await issueTokens(ctx, adminId, sid, nextJti) };
  // Not the current token: the one just replaced, from this browser, within the grace (read after
  // the update, so the loser of two concurrent renewals sees the winner's rotation)?
  if (uuid) {
    const [current] = await ctx.db
      .select({ jti: adminSessions.refreshJti })
      .from(adminSessions)
      .where(
        and(
          eq(adminSessions.id, sid),
          eq(adminSessions.previousRefreshJti, jti),
          eq(adminSessions.uuid, uuid),
          isNull(adminSessions.revokedAt),
          sql`${adminSessions.refreshedAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})`,
        ),
      );
    if (current) {
      // a warning, not a note: within the window a second holder of the token is told apart only here
      ctx.log.warn({ sessionId: sid, adminId, ip: client.ip, userAgent: client.userAgent.slice(0, 300) }, 'refresh token replaced moments ago presented again with its uuid; current pair handed out');
      return { adminId, tokens: await issueTokens(ctx, adminId, sid, current.jti) };
    }
  }
  await revokeSessions(ctx, { sessionId: sid }, 'refresh-reuse');
  ctx.log.warn({ sessionId: sid, adminId }, 'refresh token reused; session revoked');
  throw new AppError(403, 'REFRESH_INVALID');
}

export async function revokeSessions(
  ctx: Pick<AppContext, 'db'>,
  target: { sessionId: string } | { adminId: number },
  reason: string,
): Promise<void> {
  const where = 'sessionId' in target ? eq(adminSessions.id, target.sessionId) : eq(adminSessions.adminId, target.adminId);
  await ctx.db
    .update(adminSessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(where, isNull(adminSessions.revokedAt)));
}

/**
 * Changes the admin's own password (and face); a new password ends every session of theirs, the
 * current one too. The old password is a guess like a sign-in's: it counts toward the account's
 * lockout (the same subject, its name), so a stolen session cannot try passwords without limit,
 * and a locked account is refused here too, the right old password included.
 */
export async function changeOwnPassword(ctx: AppContext, adminId: number, change: { old_passwprd: string; password: string; face?: string }, ip: string): Promise<void> {
  const [row] = await ctx.db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
  const attempt = await claimAttempt(ctx, row.username, ip, 'PASSWORD_LOCKED');
  if (!(await verifyPassword(row.passwordHash, change.old_passwprd))) throw new AppError(400, 'OLD_PASSWORD_WRONG');
  await attempt.succeeded();
  await ctx.db
    .update(adminUsers)
    .set({ passwordHash: await hashPassword(change.password), ...(change.face !== undefined ? { face: change.face } : {}) })
    .where(eq(adminUsers.id, adminId));
  await revokeSessions(ctx, { adminId }, 'password-changed');
}
