import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALL_ROUTE_NAMES } from '@agora/contract';
import { adminSessions } from '../db/tables.js';
import { adminUsers, roles } from '../modules/admins/tables.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { preparedOnce } from './statements.js';

export interface AuthedAdmin {
  id: number;
  username: string;
  founder: boolean;
  roleId: number;
  roleName: string;
  permissions: ReadonlySet<string>;
  sessionId: string;
  twoStepUntil: Date | null;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  return header.startsWith('Bearer ') ? header.slice(7) : header;
}

/** Route names every signed-in admin holds whatever the role says. */
export const ALWAYS_PERMITTED = ['dashboard'] as const;

export function effectivePermissions(founder: boolean, rolePermissions: readonly string[]): string[] {
  if (founder) return [...ALL_ROUTE_NAMES];
  return [...new Set([...ALWAYS_PERMITTED, ...rolePermissions])];
}

/**
 * Checks the access token and the session behind it on every request, so that a
 * logout, a disabled admin or a revoked session takes effect at once on every instance.
 */
export function authenticate(ctx: AppContext, req: FastifyRequest): Promise<AuthedAdmin> {
  return authenticateToken(ctx, bearerToken(req));
}

/** The same check for a token that does not come in the Authorization header (the realtime socket). */
/**
 * The session behind a token, with its admin and role: the one statement of every signed-in
 * request, built once per database (platform/statements.ts).
 */
const sessionQuery = preparedOnce('agora_admin_session', (db) =>
  db
    .select({
      sessionId: adminSessions.id,
      twoStepUntil: adminSessions.twoStepUntil,
      adminId: adminUsers.id,
      username: adminUsers.username,
      founder: adminUsers.founder,
      roleId: adminUsers.roleId,
      deletedAt: adminUsers.deletedAt,
      userState: adminUsers.userState,
      roleName: roles.roleName,
      rolePermissions: roles.permissions,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
    .leftJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(and(eq(adminSessions.id, sql.placeholder('sid')), isNull(adminSessions.revokedAt))),
);

/** Everything the founder may do: one set for every request. */
const FOUNDER_PERMISSIONS: ReadonlySet<string> = new Set(ALL_ROUTE_NAMES);

export async function authenticateToken(ctx: AppContext, token: string | undefined): Promise<AuthedAdmin> {
  if (!token) throw new AppError(401, 'UNAUTHENTICATED');
  const verified = await ctx.tokens.verifyAccess(token);
  if (!verified.ok) throw new AppError(401, 'UNAUTHENTICATED');
  const [row] = await sessionQuery(ctx.db).execute({ sid: verified.claims.sid });
  if (!row || String(row.adminId) !== verified.claims.sub) throw new AppError(403, 'SESSION_INVALID');
  if (row.deletedAt || row.userState !== 0) throw new AppError(403, 'SESSION_INVALID');
  const founder = row.founder === 1;
  return {
    id: row.adminId,
    username: row.username,
    founder,
    roleId: founder ? 0 : row.roleId,
    roleName: row.roleName ?? '',
    permissions: founder ? FOUNDER_PERMISSIONS : new Set(effectivePermissions(false, row.rolePermissions ?? [])),
    sessionId: row.sessionId,
    twoStepUntil: row.twoStepUntil,
  };
}
