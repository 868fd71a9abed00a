import { paymentEndpoints, validatorEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { getPaymentMethod, listPaymentMethods, savePaymentMethod } from './service.js';
import { openValidator } from './validator.js';

export const paymentRoutes = [
  route(paymentEndpoints.list, { handler: ({ ctx }) => listPaymentMethods(ctx) }),
  route(paymentEndpoints.get, { handler: ({ params, ctx }) => getPaymentMethod(ctx, params.plugin_id) }),
  route(paymentEndpoints.save, {
    important: true,
    log: (req) => {
      const plugin = (req.params as { plugin_id?: string }).plugin_id ?? '';
      return { zh: `修改支付方式 ${plugin}`, en: `Edit payment method ${plugin}` };
    },
    handler: ({ params, body, ctx, req }) => savePaymentMethod(ctx, params.plugin_id, body, auditIn(req)),
  }),
  route(validatorEndpoints.open, { handler: ({ ctx }) => openValidator(ctx) }),
];
