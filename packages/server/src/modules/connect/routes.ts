import { connectEndpoints, thirdAppEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { listConfigGroups, saveConfigGroup, THIRD_APPS, TRUSTED_LOGINS } from './service.js';

const typeOf = (params: unknown) => (params as { type?: string }).type ?? '';

/** Trusted login (DOMAIN §2.29, [A] `admin/members/connect`) and the third-party apps ([U] third-platform apps). */
export const connectRoutes = [
  route(connectEndpoints.list, { handler: ({ ctx }) => listConfigGroups(ctx, TRUSTED_LOGINS) }),
  route(connectEndpoints.save, {
    important: true,
    log: (req) => ({ zh: `修改信任登录 ${typeOf(req.params)}`, en: `Edit trusted login ${typeOf(req.params)}` }),
    handler: ({ params, body, ctx, req }) => saveConfigGroup(ctx, TRUSTED_LOGINS, params.type, body, auditIn(req)),
  }),
  route(thirdAppEndpoints.list, { handler: ({ ctx }) => listConfigGroups(ctx, THIRD_APPS) }),
  route(thirdAppEndpoints.save, {
    important: true,
    log: (req) => ({ zh: `修改第三方应用设置 ${typeOf(req.params)}`, en: `Edit third-party app ${typeOf(req.params)}` }),
    handler: ({ params, body, ctx, req }) => saveConfigGroup(ctx, THIRD_APPS, params.type, body, auditIn(req)),
  }),
];
