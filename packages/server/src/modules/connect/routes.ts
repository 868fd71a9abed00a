import { connectEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { listConnectSettings, saveConnectSetting } from './service.js';

/** Trusted login (DOMAIN §2.29, [A] `admin/members/connect`). */
export const connectRoutes = [
  route(connectEndpoints.list, { handler: ({ ctx }) => listConnectSettings(ctx) }),
  route(connectEndpoints.save, {
    // Sign-in keys are settings behind the second step, as the payment keys are (DOMAIN §1.4).
    twoStep: true,
    important: true,
    log: (req) => {
      const type = (req.params as { type?: string }).type ?? '';
      return { zh: `修改信任登录 ${type}`, en: `Edit trusted login ${type}` };
    },
    handler: ({ params, body, ctx, req }) => saveConnectSetting(ctx, params.type, body, auditIn(req)),
  }),
];
