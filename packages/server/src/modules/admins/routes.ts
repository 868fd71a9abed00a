import {
  ROUTES,
  adminCreateBody,
  adminListQuery,
  adminUpdateBody,
  idParam,
  roleBody,
  roleListQuery,
  type RouteDef,
} from '@agora/contract';
import { z } from 'zod';
import { defineRoute } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { effectivePermissions } from '../../platform/auth.js';
import {
  createAdmin,
  createRole,
  deleteAdmin,
  deleteRole,
  getAdmin,
  getRole,
  listAdmins,
  listRoles,
  updateAdmin,
  updateRole,
} from './service.js';

interface MenuNode {
  name: string;
  title: { zh: string; en: string };
  hidden: boolean;
  children: MenuNode[];
}

function toMenuTree(routes: readonly RouteDef[]): MenuNode[] {
  return routes.map((route) => ({
    name: route.name,
    title: route.title,
    hidden: Boolean(route.hidden),
    children: toMenuTree(route.children ?? []),
  }));
}

const MENU_TREE = toMenuTree(ROUTES);
const roleIdParam = z.object({ roleId: z.coerce.number().int().min(0) });

export const adminRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/systems/manager/admin-users',
    permission: 'administratorManage',
    query: adminListQuery,
    handler: ({ query, ctx }) => listAdmins(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/systems/manager/admin-users',
    permission: 'administratorManage',
    body: adminCreateBody,
    log: '新增管理员',
    important: true,
    handler: ({ body, admin, ctx }) => createAdmin(ctx, admin, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/systems/manager/admin-users/:id',
    permission: 'administratorManage',
    params: idParam,
    handler: ({ params, ctx }) => getAdmin(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/systems/manager/admin-users/:id',
    permission: 'administratorManage',
    params: idParam,
    body: adminUpdateBody,
    log: '修改管理员',
    important: true,
    handler: ({ params, body, admin, ctx }) => updateAdmin(ctx, admin, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: 'admin/systems/manager/admin-users/:id',
    permission: 'administratorManage',
    params: idParam,
    log: '删除管理员',
    important: true,
    async handler({ params, admin, ctx }) {
      await deleteAdmin(ctx, admin, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/systems/roles',
    permission: ['roleManage', 'administratorManage'],
    query: roleListQuery,
    handler: ({ query, ctx }) => listRoles(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/systems/roles',
    permission: 'roleManage',
    body: roleBody,
    log: '新增角色',
    important: true,
    handler: ({ body, ctx }) => createRole(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/systems/roles/:roleId/checked',
    permission: 'signed-in',
    params: roleIdParam,
    async handler({ params, admin, ctx }) {
      // Each admin reads the permission list of their own role; role 0 is the founder's.
      if (params.roleId !== admin.roleId) throw new AppError(403, 'NO_PERMISSION');
      if (admin.founder) return effectivePermissions(true, []);
      const role = await getRole(ctx, params.roleId);
      return effectivePermissions(false, role.permissions);
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/systems/roles/:id',
    permission: ['roleManage', 'rolePermission'],
    params: idParam,
    handler: ({ params, ctx }) => getRole(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/systems/roles/:id',
    permission: ['roleManage', 'rolePermission'],
    params: idParam,
    body: roleBody,
    log: '修改角色权限',
    important: true,
    handler: ({ params, body, ctx }) => updateRole(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: 'admin/systems/roles/:id',
    permission: 'roleManage',
    params: idParam,
    log: '删除角色',
    important: true,
    async handler({ params, ctx }) {
      await deleteRole(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/systems/menus/tree',
    permission: ['rolePermission', 'roleManage'],
    handler: async () => MENU_TREE,
  }),
];
