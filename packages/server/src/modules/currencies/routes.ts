import { currencyEndpoints } from '@agora/contract';
import type { FastifyRequest } from 'fastify';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import {
  createCurrency,
  defaultCurrency,
  deleteCurrency,
  listCurrencies,
  lookupRate,
  setCurrencyAutoRate,
  setCurrencyEnabled,
  syncRates,
  updateCurrency,
} from './service.js';

/** The currency a request adds or edits, for its log line. */
const codeOf = (req: FastifyRequest) => (req.body as { currency_code?: string }).currency_code ?? '';

export const currencyRoutes = [
  route(currencyEndpoints.list, { handler: ({ query, ctx }) => listCurrencies(ctx, query) }),
  route(currencyEndpoints.create, {
    log: (req) => ({ zh: `添加币种 ${codeOf(req)}`, en: `Add currency ${codeOf(req)}` }),
    handler: ({ body, ctx, req }) => createCurrency(ctx, body, auditIn(req)),
  }),
  route(currencyEndpoints.update, {
    log: (req) => ({ zh: `编辑币种 ${codeOf(req)}`, en: `Edit currency ${codeOf(req)}` }),
    handler: ({ params, body, ctx, req }) => updateCurrency(ctx, params.id, body, auditIn(req)),
  }),
  route(currencyEndpoints.enable, {
    log: (req) => ((req.query as { enable?: string }).enable === '0' ? { zh: '禁用币种', en: 'Disable a currency' } : { zh: '启用币种', en: 'Enable a currency' }),
    handler: ({ params, query, ctx, req }) => setCurrencyEnabled(ctx, params.id, query.enable, auditIn(req)),
  }),
  route(currencyEndpoints.remove, { log: { zh: '删除币种', en: 'Delete a currency' }, handler: ({ params, ctx, req }) => deleteCurrency(ctx, params.id, auditIn(req)) }),
  route(currencyEndpoints.default, { handler: ({ ctx }) => defaultCurrency(ctx) }),
  route(currencyEndpoints.updateRate, { log: { zh: '同步汇率', en: 'Update exchange rates' }, handler: ({ ctx, req }) => syncRates(ctx, auditIn(req)) }),
  route(currencyEndpoints.rate, { handler: ({ query, ctx }) => lookupRate(ctx, query.currency_code) }),
  route(currencyEndpoints.autoRate, {
    log: (req) =>
      (req.body as { auto_rate?: number }).auto_rate === 1
        ? { zh: '开启币种汇率自动同步', en: 'Turn on automatic rate updates' }
        : { zh: '关闭币种汇率自动同步', en: 'Turn off automatic rate updates' },
    handler: ({ params, body, ctx, req }) => setCurrencyAutoRate(ctx, params.id, body.auto_rate, auditIn(req)),
  }),
];
