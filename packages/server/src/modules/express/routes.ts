import { expressEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { createLogiCompany, deleteLogiCompany, getLogiCompany, listLogiCompanies, toggleLogiCompany, updateLogiCompany } from './service.js';

const nameOf = (body: unknown) => (body as { name?: string } | undefined)?.name ?? '';

export const expressRoutes = [
  route(expressEndpoints.list, { handler: ({ query, ctx }) => listLogiCompanies(ctx, query) }),
  route(expressEndpoints.get, { handler: ({ params, ctx }) => getLogiCompany(ctx, params.id) }),
  route(expressEndpoints.create, { log: (req) => ({ zh: `添加物流公司 ${nameOf(req.body)}`, en: `Add logistics company ${nameOf(req.body)}` }), handler: ({ body, ctx, req }) => createLogiCompany(ctx, body, auditIn(req)) }),
  route(expressEndpoints.update, { log: (req) => ({ zh: `编辑物流公司 ${nameOf(req.body)}`, en: `Edit logistics company ${nameOf(req.body)}` }), handler: ({ params, body, ctx, req }) => updateLogiCompany(ctx, params.id, body, auditIn(req)) }),
  route(expressEndpoints.toggle, {
    log: (req) => ((req.query as { disabled?: string }).disabled === 'CLOSE' ? { zh: '禁用物流公司', en: 'Disable a logistics company' } : { zh: '启用物流公司', en: 'Enable a logistics company' }),
    handler: ({ params, query, ctx, req }) => toggleLogiCompany(ctx, params.id, query.disabled, auditIn(req)),
  }),
  route(expressEndpoints.remove, { log: { zh: '删除物流公司', en: 'Delete a logistics company' }, handler: ({ params, ctx, req }) => deleteLogiCompany(ctx, params.id, auditIn(req)) }),
];
