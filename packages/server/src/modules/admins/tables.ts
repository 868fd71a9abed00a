import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/** Roles: a name and the route names (permissions) its administrators hold. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: varchar('role_name', { length: 20 }).notNull(),
  roleDescribe: varchar('role_describe', { length: 200 }).notNull().default(''),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('roles_name_uq').on(t.roleName)]);

/** The console's administrators; a founder holds every permission without a role. */
export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 20 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  roleId: integer('role_id').notNull().default(0),
  founder: smallint('founder').notNull().default(0),
  realName: varchar('real_name', { length: 50 }).notNull().default(''),
  department: varchar('department', { length: 50 }).notNull().default(''),
  /** where a forgotten password's code goes (find-password); '' for none */
  mobile: varchar('mobile', { length: 20 }).notNull().default(''),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  face: varchar('face', { length: 500 }).notNull().default(''),
  /** 0 normal, 1 disabled */
  userState: smallint('user_state').notNull().default(0),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  lastLoginIp: varchar('last_login_ip', { length: 64 }),
  /** the sign-in before the last: what the signed-in administrator's 上次登录 shows */
  previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
  previousLoginIp: varchar('previous_login_ip', { length: 64 }),
  createdAt: createdAt(),
}, (t) => [
  // Usernames are unique among live admins only; a deleted admin's name can be reused.
  uniqueIndex('admin_users_username_live_uq').on(t.username).where(sql`${t.deletedAt} is null`),
  index('admin_users_role_idx').on(t.roleId),
]);
