import { eq } from 'drizzle-orm';
import { changeOwnPasswordBody, loginQuery, logoutQuery, refreshBody } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { consumeCaptcha } from '../../platform/captcha.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { adminUsers } from '../../db/tables.js';
import { loadProfile, login, refresh, revokeSessions } from './service.js';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const sessionRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/systems/admin-users/login',
    permission: 'public',
    query: loginQuery,
    async handler({ query, req, ctx }) {
      if (!(await consumeCaptcha(ctx, query.uuid, 'LOGIN', query.captcha))) throw new AppError(400, 'CAPTCHA_INVALID');
      const result = await login(ctx, {
        username: query.username,
        password: query.password,
        uuid: query.uuid,
        ip: req.ip,
        userAgent: header(req.headers['user-agent']) ?? '',
      });
      req.admin = {
        id: result.uid,
        username: result.username,
        founder: result.founder === 1,
        roleId: result.role_id,
        roleName: result.role_name,
        permissions: new Set(),
        sessionId: '',
        twoStepUntil: null,
      };
      return result;
    },
    log: '登录系统',
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/systems/admin-users/token',
    permission: 'public',
    body: refreshBody,
    async handler({ body, req, ctx }) {
      const { tokens } = await refresh(ctx, body.refresh_token, header(req.headers.uuid));
      return tokens;
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/systems/admin-users/logout',
    permission: 'signed-in',
    query: logoutQuery,
    log: '退出登录',
    async handler({ admin, ctx }) {
      await revokeSessions(ctx, { sessionId: admin.sessionId }, 'logout');
      return {};
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/systems/admin-users/current',
    permission: 'signed-in',
    handler: ({ admin, ctx }) => loadProfile(ctx, admin.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/systems/admin-users',
    permission: 'signed-in',
    body: changeOwnPasswordBody,
    log: '修改本人密码',
    important: true,
    async handler({ body, admin, ctx }) {
      const [row] = await ctx.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
      if (!(await verifyPassword(row.passwordHash, body.old_passwprd))) throw new AppError(400, 'OLD_PASSWORD_WRONG');
      await ctx.db
        .update(adminUsers)
        .set({ passwordHash: await hashPassword(body.password), ...(body.face !== undefined ? { face: body.face } : {}) })
        .where(eq(adminUsers.id, admin.id));
      // A new password ends every session of this admin, including the current one.
      await revokeSessions(ctx, { adminId: admin.id }, 'password-changed');
      return {};
    },
  }),
];
