import { findPasswordEndpoints, sessionEndpoints } from '@agora/contract';
import type { FastifyRequest } from 'fastify';
import { auditIn } from '../../platform/audit.js';
import { route } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { consumeCaptcha, issueCaptcha } from '../../platform/captcha.js';
import { changeOwnPassword, loadProfile, login, refresh, revokeSessions } from './service.js';
import { resetForgottenPassword, sendFindPasswordCode } from './find-password.js';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The audit log names who a public route acted for (it has no admin of its own). */
function actingAs(req: FastifyRequest, who: { id: number; username: string; founder?: boolean; roleId?: number; roleName?: string }): void {
  req.admin = { founder: false, roleId: 0, roleName: '', ...who, permissions: new Set(), sessionId: '', twoStepUntil: null };
}

export const sessionRoutes = [
  route(sessionEndpoints.captcha, {
    rateLimit: 'captcha',
    async handler({ params, reply, ctx }) {
      const svg = await issueCaptcha(ctx, params.uuid, params.type);
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
    },
  }),
  route(sessionEndpoints.login, {
    rateLimit: 'login',
    log: { zh: '登录系统', en: 'Sign in' },
    async handler({ query, req, ctx }) {
      if (!(await consumeCaptcha(ctx, query.uuid, 'LOGIN', query.captcha))) throw new AppError(400, 'CAPTCHA_INVALID');
      const result = await login(ctx, {
        username: query.username,
        password: query.password,
        uuid: query.uuid,
        ip: req.ip,
        userAgent: header(req.headers['user-agent']) ?? '',
      });
      actingAs(req, { id: result.uid, username: result.username, founder: result.founder === 1, roleId: result.role_id, roleName: result.role_name });
      return result;
    },
  }),
  route(sessionEndpoints.refresh, {
    rateLimit: 'refresh',
    async handler({ body, req, ctx }) {
      const { tokens } = await refresh(ctx, body.refresh_token, header(req.headers.uuid), { ip: req.ip, userAgent: header(req.headers['user-agent']) ?? '' });
      return tokens;
    },
  }),
  route(sessionEndpoints.logout, { log: { zh: '退出登录', en: 'Sign out' }, handler: ({ admin, ctx }) => revokeSessions(ctx, { sessionId: admin.sessionId }, 'logout') }),
  route(sessionEndpoints.current, { handler: ({ admin, ctx }) => loadProfile(ctx, admin.id) }),
  route(sessionEndpoints.changePassword, {
    log: { zh: '修改本人密码', en: 'Change own password' },
    important: true,
    handler: ({ body, admin, req, ctx }) => changeOwnPassword(ctx, admin.id, body, req.ip),
  }),
  route(findPasswordEndpoints.sendCode, {
    rateLimit: 'sms',
    log: { zh: '找回密码：发送短信验证码', en: 'Forgotten password: send an SMS code' },
    async handler({ body, req, ctx }) {
      if (!(await consumeCaptcha(ctx, body.uuid, 'FIND_PASSWORD', body.captcha))) throw new AppError(400, 'CAPTCHA_INVALID');
      const { mobile, adminId } = await sendFindPasswordCode(ctx, body.username);
      actingAs(req, { id: adminId, username: body.username });
      return { mobile };
    },
  }),
  route(findPasswordEndpoints.reset, {
    rateLimit: 'findPassword',
    log: { zh: '找回密码：重置登录密码', en: 'Forgotten password: reset the password' },
    important: true,
    async handler({ body, req, ctx }) {
      await resetForgottenPassword(ctx, body, async (tx, admin) => {
        actingAs(req, admin);
        await auditIn(req)(tx);
      });
    },
  }),
];
