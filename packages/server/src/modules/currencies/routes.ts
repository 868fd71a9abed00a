import { currencyEndpoints } from '@agora/contract';
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

export const currencyRoutes = [
  route(currencyEndpoints.list, { handler: ({ query, ctx }) => listCurrencies(ctx, query) }),
  route(currencyEndpoints.create, {
    log: (req) => `添加币种 ${(req.body as { currency_code?: string }).currency_code ?? ''}`,
    handler: ({ body, ctx, req }) => createCurrency(ctx, body, auditIn(req)),
  }),
  route(currencyEndpoints.update, {
    log: (req) => `编辑币种 ${(req.body as { currency_code?: string }).currency_code ?? ''}`,
    handler: ({ params, body, ctx, req }) => updateCurrency(ctx, params.id, body, auditIn(req)),
  }),
  route(currencyEndpoints.enable, {
    log: (req) => `${(req.query as { enable?: string }).enable === '0' ? '禁用' : '启用'}币种`,
    handler: ({ params, query, ctx, req }) => setCurrencyEnabled(ctx, params.id, query.enable, auditIn(req)),
  }),
  route(currencyEndpoints.remove, { log: '删除币种', handler: ({ params, ctx, req }) => deleteCurrency(ctx, params.id, auditIn(req)) }),
  route(currencyEndpoints.default, { handler: ({ ctx }) => defaultCurrency(ctx) }),
  route(currencyEndpoints.updateRate, { log: '同步汇率', handler: ({ ctx, req }) => syncRates(ctx, auditIn(req)) }),
  route(currencyEndpoints.rate, { handler: ({ query, ctx }) => lookupRate(ctx, query.currency_code) }),
  route(currencyEndpoints.autoRate, {
    log: (req) => `${(req.body as { auto_rate?: number }).auto_rate === 1 ? '开启' : '关闭'}币种汇率自动同步`,
    handler: ({ params, body, ctx, req }) => setCurrencyAutoRate(ctx, params.id, body.auto_rate, auditIn(req)),
  }),
];
