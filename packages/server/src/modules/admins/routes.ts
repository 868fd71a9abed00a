import { adminEndpoints, roleEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import {
  createAdmin,
  createRole,
  deleteAdmin,
  deleteRole,
  getAdmin,
  getRole,
  listAdmins,
  listRoles,
  ownPermissions,
  updateAdmin,
  updateRole,
} from './service.js';

export const adminRoutes = [
  route(adminEndpoints.list, { handler: ({ query, ctx }) => listAdmins(ctx, query) }),
  route(adminEndpoints.create, { log: { zh: '新增管理员', en: 'Add an administrator' }, important: true, handler: ({ body, admin, ctx }) => createAdmin(ctx, admin, body) }),
  route(adminEndpoints.detail, { handler: ({ params, ctx }) => getAdmin(ctx, params.id) }),
  route(adminEndpoints.update, {
    // Setting another operator's password is a credential change; editing the rest of the account is not.
    twoStep: async (_ctx, req) => Boolean((req.body as { password?: unknown } | undefined)?.password),
    log: { zh: '修改管理员', en: 'Edit an administrator' }, important: true, handler: ({ params, body, admin, ctx }) => updateAdmin(ctx, admin, params.id, body) }),
  route(adminEndpoints.remove, { log: { zh: '删除管理员', en: 'Delete an administrator' }, important: true, handler: async ({ req, params, admin, ctx }) => { req.auditSubject = await deleteAdmin(ctx, admin, params.id); } }),
];

export const roleRoutes = [
  route(roleEndpoints.list, { handler: ({ query, ctx }) => listRoles(ctx, query) }),
  route(roleEndpoints.create, { log: { zh: '新增角色', en: 'Add a role' }, important: true, handler: ({ body, ctx }) => createRole(ctx, body) }),
  route(roleEndpoints.checked, { handler: ({ params, admin, ctx }) => ownPermissions(ctx, admin, params.roleId) }),
  route(roleEndpoints.detail, { handler: ({ params, ctx }) => getRole(ctx, params.id) }),
  route(roleEndpoints.update, { log: { zh: '修改角色权限', en: 'Edit a role\'s permissions' }, important: true, handler: ({ params, body, ctx }) => updateRole(ctx, params.id, body) }),
  route(roleEndpoints.remove, { log: { zh: '删除角色', en: 'Delete a role' }, important: true, handler: async ({ req, params, ctx }) => { req.auditSubject = await deleteRole(ctx, params.id); } }),
];
