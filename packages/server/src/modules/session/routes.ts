import { sessionEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { consumeCaptcha, issueCaptcha } from '../../platform/captcha.js';
import { changeOwnPassword, loadProfile, login, refresh, revokeSessions } from './service.js';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const sessionRoutes = [
  route(sessionEndpoints.captcha, {
    async handler({ params, reply, ctx }) {
      const svg = await issueCaptcha(ctx, params.uuid, params.type);
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
    },
  }),
  route(sessionEndpoints.login, {
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
      // The audit log names who signed in (a public route has no admin of its own).
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
  }),
  route(sessionEndpoints.refresh, {
    async handler({ body, req, ctx }) {
      const { tokens } = await refresh(ctx, body.refresh_token, header(req.headers.uuid));
      return tokens;
    },
  }),
  route(sessionEndpoints.logout, { log: { zh: '退出登录', en: 'Sign out' }, handler: ({ admin, ctx }) => revokeSessions(ctx, { sessionId: admin.sessionId }, 'logout') }),
  route(sessionEndpoints.current, { handler: ({ admin, ctx }) => loadProfile(ctx, admin.id) }),
  route(sessionEndpoints.changePassword, {
    log: { zh: '修改本人密码', en: 'Change own password' },
    important: true,
    handler: ({ body, admin, ctx }) => changeOwnPassword(ctx, admin.id, body),
  }),
];
