import { z } from 'zod';
import { flag, idOrZeroOf, idParam, listQuery, md5Hex, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import type { AdminProfile } from './session.js';

/** A role's id, or 0: the founders' (they hold every permission without a role). */
export const FOUNDER_ROLE_ID = 0;
const roleIdOrFounder = idOrZeroOf('角色id格式有误');

// --- administrators -------------------------------------------------------

export const ADMIN_STATE = { NORMAL: 0, DISABLED: 1 } as const;

/** GET admin/systems/manager/admin-users: oldest first; role_id 0 lists the founders. */
export const adminListQuery = listQuery({
  keyword: z.string().trim().max(50).optional(),
  role_id: roleIdOrFounder.optional(),
  user_state: flag.optional(),
});
export type AdminListQuery = z.output<typeof adminListQuery>;

const adminFields = {
  role_id: roleIdOrFounder.default(FOUNDER_ROLE_ID),
  founder: flag.default(0),
  real_name: z.string().trim().max(50).default(''),
  department: z.string().trim().max(50).default(''),
  /** the mobile a forgotten password is reset by (find-password); '' for none */
  mobile: z.union([z.literal(''), z.string().trim().regex(/^1\d{10}$/, '手机号码格式有误')]).default(''),
  remark: z.string().trim().max(200).default(''),
  face: z.string().trim().max(500).default(''),
  user_state: z.coerce.number().int().min(0).max(1).default(0),
};

export const adminCreateBody = z.object({
  username: z
    .string()
    .trim()
    .min(2, '管理员名称为2-20个字符')
    .max(20, '管理员名称为2-20个字符')
    .regex(/^[\w\u4e00-\u9fa5.@-]+$/, '管理员名称只能包含中文、字母、数字和 _ . @ -'),
  password: md5Hex,
  ...adminFields,
});
export const adminUpdateBody = z.object({
  password: md5Hex.optional().or(z.literal('').transform(() => undefined)),
  ...adminFields,
});
export type AdminCreate = z.infer<typeof adminCreateBody>;
export type AdminUpdate = z.infer<typeof adminUpdateBody>;

/** An administrator as the list and the form show one: the profile fields, and what only the list holds. */
export interface AdminRow extends Omit<AdminProfile, 'uid' | 'last_login_ip'> {
  id: number;
  /** the bound mobile in full (the edit form's value), '' for none */
  mobile: string;
  remark: string;
  user_state: 0 | 1;
  create_time: number;
}

export const adminEndpoints = defineEndpoints('admins', {
  list: endpoint({ method: 'GET', path: 'admin/systems/manager/admin-users', permission: 'administratorManage', query: adminListQuery, response: returns<Page<AdminRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/systems/manager/admin-users', permission: 'administratorManage', body: adminCreateBody, response: returns<AdminRow>() }),
  detail: endpoint({ method: 'GET', path: 'admin/systems/manager/admin-users/:id', permission: 'administratorManage', params: idParam, response: returns<AdminRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/systems/manager/admin-users/:id', permission: 'administratorManage', twoStep: 'conditional', params: idParam, body: adminUpdateBody, response: returns<AdminRow>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/systems/manager/admin-users/:id', permission: 'administratorManage', params: idParam }),
});

// --- roles ------------------------------------------------------------------

/** GET admin/systems/roles: oldest first. */
export const roleListQuery = listQuery({ keyword: z.string().trim().max(50).optional() });
export type RoleListQuery = z.output<typeof roleListQuery>;

export const roleBody = z.object({
  role_name: z.string().trim().min(1, '请输入角色名称').max(20, '角色名称最多20个字符'),
  role_describe: z.string().trim().max(200).default(''),
  permissions: z.array(z.string().min(1).max(64)).max(1000).default([]),
});
export type RoleInput = z.infer<typeof roleBody>;

export interface RoleRow {
  role_id: number;
  role_name: string;
  role_describe: string;
  admin_count: number;
  create_time: number;
}
export interface RoleDetail extends RoleRow {
  permissions: string[];
}

/** A node of the role-permission tree: the menu of GET admin/systems/menus/tree (menus.ts), hidden routes included. */
export interface MenuNode {
  name: string;
  title: { zh: string; en: string };
  hidden: boolean;
  children: MenuNode[];
}

export const roleEndpoints = defineEndpoints('roles', {
  list: endpoint({ method: 'GET', path: 'admin/systems/roles', permission: ['roleManage', 'administratorManage'], query: roleListQuery, response: returns<Page<RoleRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/systems/roles', permission: 'roleManage', body: roleBody, response: returns<RoleDetail>() }),
  /** the route names the caller's own role holds (0: a founder's, every one) */
  checked: endpoint({
    method: 'GET',
    path: 'admin/systems/roles/:roleId/checked',
    permission: 'signed-in',
    params: z.object({ roleId: roleIdOrFounder }),
    response: returns<string[]>(),
  }),
  detail: endpoint({ method: 'GET', path: 'admin/systems/roles/:id', permission: ['roleManage', 'rolePermission'], params: idParam, response: returns<RoleDetail>() }),
  update: endpoint({ method: 'PUT', path: 'admin/systems/roles/:id', permission: ['roleManage', 'rolePermission'], params: idParam, body: roleBody, response: returns<RoleDetail>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/systems/roles/:id', permission: 'roleManage', params: idParam }),
});
