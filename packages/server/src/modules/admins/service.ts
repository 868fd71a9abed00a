import { and, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import {
  FOUNDER_ROLE_ID,
  ROUTE_BY_NAME,
  type AdminCreate,
  type AdminListQuery,
  type AdminRow,
  type AdminUpdate,
  type Page,
  type RoleDetail,
  type RoleInput,
  type RoleListQuery,
  type RoleRow,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { effectivePermissions, type AuthedAdmin } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { hashPassword } from '../../platform/passwords.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike } from '../../db/sql.js';
import { revokeSessions } from '../session/service.js';
import { adminUsers, roles } from './tables.js';
import { refuseDuplicates } from '../../platform/unique.js';

refuseDuplicates({ admin_users_username_live_uq: 'USERNAME_TAKEN', roles_name_uq: 'ROLE_NAME_TAKEN' });

type AdminRecord = typeof adminUsers.$inferSelect;
type RoleRecord = typeof roles.$inferSelect;

/** What an administrator's row in the answers is made of (never the password's hash). */
const adminRowColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  roleId: adminUsers.roleId,
  founder: adminUsers.founder,
  realName: adminUsers.realName,
  department: adminUsers.department,
  mobile: adminUsers.mobile,
  remark: adminUsers.remark,
  face: adminUsers.face,
  userState: adminUsers.userState,
  createdAt: adminUsers.createdAt,
  lastLoginAt: adminUsers.lastLoginAt,
};
type AdminFields = Pick<AdminRecord, keyof typeof adminRowColumns>;

function toAdminRow(admin: AdminFields, roleName: string | null): AdminRow {
  const founder = admin.founder === 1;
  return {
    id: admin.id,
    username: admin.username,
    role_id: founder ? 0 : admin.roleId,
    role_name: founder ? '超级管理员' : (roleName ?? ''),
    founder: founder ? 1 : 0,
    real_name: admin.realName,
    department: admin.department,
    mobile: admin.mobile,
    remark: admin.remark,
    face: admin.face,
    user_state: admin.userState === 1 ? 1 : 0,
    create_time: unixSeconds(admin.createdAt),
    last_login_time: admin.lastLoginAt ? unixSeconds(admin.lastLoginAt) : null,
  };
}


/** Oldest first; role_id 0 lists the founders. */
export function listAdmins(ctx: AppContext, query: AdminListQuery): Promise<Page<AdminRow>> {
  const like = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  const byRole =
    query.role_id === undefined
      ? undefined
      : query.role_id === FOUNDER_ROLE_ID
        ? eq(adminUsers.founder, 1)
        : and(eq(adminUsers.roleId, query.role_id), eq(adminUsers.founder, 0));
  return listPage(ctx.db, {
    query: { ...query, order: 'asc' },
    table: adminUsers,
    id: adminUsers.id,
    where: [
      isNull(adminUsers.deletedAt),
      like ? or(ilike(adminUsers.username, like), ilike(adminUsers.realName, like), ilike(adminUsers.department, like)) : undefined,
      byRole,
      query.user_state !== undefined ? eq(adminUsers.userState, query.user_state) : undefined,
    ],
    statement: 'admins/service.listAdmins',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({ admin: adminRowColumns, roleName: roles.roleName })
        .from(adminUsers)
        .leftJoin(roles, eq(roles.id, adminUsers.roleId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: (row) => toAdminRow(row.admin, row.roleName),
    idOf: (row) => row.id,
  });
}

async function findLiveAdmin(ctx: AppContext, id: number): Promise<AdminRecord> {
  const [admin] = await ctx.db.select().from(adminUsers).where(and(eq(adminUsers.id, id), isNull(adminUsers.deletedAt)));
  if (!admin) throw new AppError(404, 'ADMIN_NOT_FOUND');
  return admin;
}

/** a live administrator with their role's name: prepared once (platform/statements.ts) */
const liveAdminById = preparedOnce('agora_admin_detail', (db) =>
  db
    .select({ admin: adminRowColumns, roleName: roles.roleName })
    .from(adminUsers)
    .leftJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(and(eq(adminUsers.id, sql.placeholder('id')), isNull(adminUsers.deletedAt))),
);

export async function getAdmin(ctx: AppContext, id: number): Promise<AdminRow> {
  const [row] = await liveAdminById(ctx.db).execute({ id });
  if (!row) throw new AppError(404, 'ADMIN_NOT_FOUND');
  return toAdminRow(row.admin, row.roleName);
}

/** A founder holds every permission without a role; anyone else needs an existing role. */
async function resolveRole(ctx: AppContext, actor: AuthedAdmin, founder: number, roleId: number): Promise<number> {
  if (founder === 1) {
    if (!actor.founder) throw new AppError(400, 'FOUNDER_ONLY');
    return 0;
  }
  if (!roleId) throw new AppError(400, 'ROLE_REQUIRED');
  const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw new AppError(400, 'ROLE_NOT_FOUND');
  return roleId;
}

async function assertUsernameFree(ctx: AppContext, username: string): Promise<void> {
  const [taken] = await ctx.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.username, username), isNull(adminUsers.deletedAt)));
  if (taken) throw new AppError(400, 'USERNAME_TAKEN');
}

export async function createAdmin(ctx: AppContext, actor: AuthedAdmin, input: AdminCreate): Promise<AdminRow> {
  await assertUsernameFree(ctx, input.username);
  const roleId = await resolveRole(ctx, actor, input.founder, input.role_id);
  const [created] = await ctx.db
    .insert(adminUsers)
    .values({
      username: input.username,
      passwordHash: await hashPassword(input.password),
      roleId,
      founder: input.founder,
      realName: input.real_name,
      department: input.department,
      mobile: input.mobile,
      remark: input.remark,
      face: input.face,
      userState: input.user_state,
    })
    .returning({ id: adminUsers.id });
  return getAdmin(ctx, created.id);
}

async function countOtherLiveFounders(ctx: AppContext, exceptId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(adminUsers)
    .where(and(eq(adminUsers.founder, 1), isNull(adminUsers.deletedAt), eq(adminUsers.userState, 0), ne(adminUsers.id, exceptId)));
  return row.n;
}

export async function updateAdmin(ctx: AppContext, actor: AuthedAdmin, id: number, input: AdminUpdate): Promise<AdminRow> {
  const target = await findLiveAdmin(ctx, id);
  const self = target.id === actor.id;
  if (target.founder === 1 && !self) throw new AppError(400, 'FOUNDER_PROTECTED');
  if (self && input.user_state !== 0) throw new AppError(400, 'SELF_ACTION');
  const losesFounder = target.founder === 1 && (input.founder !== 1 || input.user_state !== 0);
  if (losesFounder && (await countOtherLiveFounders(ctx, target.id)) === 0) throw new AppError(400, 'LAST_FOUNDER');
  const roleId = await resolveRole(ctx, actor, input.founder, input.role_id);
  await ctx.db
    .update(adminUsers)
    .set({
      roleId,
      founder: input.founder,
      realName: input.real_name,
      department: input.department,
      mobile: input.mobile,
      remark: input.remark,
      face: input.face,
      userState: input.user_state,
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
    })
    .where(eq(adminUsers.id, id));
  // Someone else's new password or a disabled account must not keep an old session alive.
  if (!self && (input.password || input.user_state !== 0)) {
    await revokeSessions(ctx, { adminId: id }, input.password ? 'password-reset' : 'disabled');
  }
  return getAdmin(ctx, id);
}

/** Returns the deleted account's name (the system log names it). */
export async function deleteAdmin(ctx: AppContext, actor: AuthedAdmin, id: number): Promise<string> {
  const target = await findLiveAdmin(ctx, id);
  if (target.id === actor.id) throw new AppError(400, 'SELF_ACTION');
  if (target.founder === 1) throw new AppError(400, 'FOUNDER_PROTECTED');
  await ctx.db.update(adminUsers).set({ deletedAt: new Date() }).where(eq(adminUsers.id, id));
  await revokeSessions(ctx, { adminId: id }, 'deleted');
  return target.username;
}

// --- roles ---------------------------------------------------------------------------

function assertKnownPermissions(names: readonly string[]): string[] {
  for (const name of names) {
    if (!ROUTE_BY_NAME.has(name)) throw new AppError(400, 'UNKNOWN_PERMISSION', { name });
  }
  return [...new Set(names)];
}

// Written out in full: inside a correlated subquery drizzle would leave "id" unqualified.
const adminCountSql = sql<number>`(select count(*)::int from admin_users a where a.role_id = "roles"."id" and a.deleted_at is null and a.founder = 0)`;

function toRoleRow(role: RoleRecord, adminCount: number): RoleRow {
  return {
    role_id: role.id,
    role_name: role.roleName,
    role_describe: role.roleDescribe,
    admin_count: adminCount,
    create_time: unixSeconds(role.createdAt),
  };
}

/** Oldest first, each with how many live administrators hold it. */
export function listRoles(ctx: AppContext, query: RoleListQuery): Promise<Page<RoleRow>> {
  return listPage(ctx.db, {
    query: { ...query, order: 'asc' },
    table: roles,
    id: roles.id,
    where: [query.keyword ? ilike(roles.roleName, `%${escapeLike(query.keyword)}%`) : undefined],
    statement: 'admins/service.listRoles',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select({ role: roles, adminCount: adminCountSql }).from(roles).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => toRoleRow(row.role, row.adminCount),
    idOf: (row) => row.role_id,
  });
}

export async function getRole(ctx: AppContext, id: number): Promise<RoleDetail> {
  const [row] = await ctx.db.select({ role: roles, adminCount: adminCountSql }).from(roles).where(eq(roles.id, id));
  if (!row) throw new AppError(404, 'ROLE_NOT_FOUND');
  return { ...toRoleRow(row.role, row.adminCount), permissions: row.role.permissions };
}

async function assertRoleNameFree(ctx: AppContext, name: string, exceptId?: number): Promise<void> {
  const [taken] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.roleName, name), exceptId ? ne(roles.id, exceptId) : undefined));
  if (taken) throw new AppError(400, 'ROLE_NAME_TAKEN');
}

export async function createRole(ctx: AppContext, input: RoleInput): Promise<RoleDetail> {
  const permissions = assertKnownPermissions(input.permissions);
  await assertRoleNameFree(ctx, input.role_name);
  const [created] = await ctx.db
    .insert(roles)
    .values({ roleName: input.role_name, roleDescribe: input.role_describe, permissions })
    .returning({ id: roles.id });
  return getRole(ctx, created.id);
}

export async function updateRole(ctx: AppContext, id: number, input: RoleInput): Promise<RoleDetail> {
  const permissions = assertKnownPermissions(input.permissions);
  await getRole(ctx, id);
  await assertRoleNameFree(ctx, input.role_name, id);
  await ctx.db
    .update(roles)
    .set({ roleName: input.role_name, roleDescribe: input.role_describe, permissions })
    .where(eq(roles.id, id));
  return getRole(ctx, id);
}

/** Returns the deleted role's name (the system log names it). */
export async function deleteRole(ctx: AppContext, id: number): Promise<string> {
  const role = await getRole(ctx, id);
  if (role.admin_count > 0) throw new AppError(400, 'ROLE_IN_USE');
  await ctx.db.delete(roles).where(eq(roles.id, id));
  return role.role_name;
}

/** The route names of the caller's own role (each admin reads only theirs; role 0 is the founders'). */
export async function ownPermissions(ctx: AppContext, admin: AuthedAdmin, roleId: number): Promise<string[]> {
  if (roleId !== admin.roleId) throw new AppError(403, 'NO_PERMISSION');
  if (admin.founder) return effectivePermissions(true, []);
  const role = await getRole(ctx, roleId);
  return effectivePermissions(false, role.permissions);
}
