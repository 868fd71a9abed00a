import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { ALL_ROUTE_NAMES } from '@agora/contract';
import { adminSessions } from '../db/tables.js';
import { adminUsers, roles } from '../modules/admins/tables.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';

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
export async function authenticateToken(ctx: AppContext, token: string | undefined): Promise<AuthedAdmin> {
  if (!token) throw new AppError(401, 'UNAUTHENTICATED');
  const verified = await ctx.tokens.verifyAccess(token);
  if (!verified.ok) throw new AppError(401, 'UNAUTHENTICATED');
  const [row] = await ctx.db
    .select({
      session: adminSessions,
      admin: adminUsers,
      roleName: roles.roleName,
      rolePermissions: roles.permissions,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
    .leftJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(and(eq(adminSessions.id, verified.claims.sid), isNull(adminSessions.revokedAt)));
  if (!row || String(row.admin.id) !== verified.claims.sub) throw new AppError(403, 'SESSION_INVALID');
  if (row.admin.deletedAt || row.admin.userState !== 0) throw new AppError(403, 'SESSION_INVALID');
  const founder = row.admin.founder === 1;
  return {
    id: row.admin.id,
    username: row.admin.username,
    founder,
    roleId: founder ? 0 : row.admin.roleId,
    roleName: row.roleName ?? '',
    permissions: new Set(effectivePermissions(founder, row.rolePermissions ?? [])),
    sessionId: row.session.id,
    twoStepUntil: row.session.twoStepUntil,
  };
}
