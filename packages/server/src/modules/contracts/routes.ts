import { contractEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { contractOfShop, createContract, getContract, listContracts, terminateContract, updateContract, uploadContractFile } from './service.js';

const noOf = (body: unknown) => String((body as { contract_no?: string } | undefined)?.contract_no ?? '').toUpperCase();

/** Shop contracts (contract/contracts.ts): the platform's signed agreements with its shops. */
export const contractRoutes = [
  route(contractEndpoints.list, { handler: ({ query, ctx }) => listContracts(ctx, query) }),
  route(contractEndpoints.get, { handler: ({ params, ctx }) => getContract(ctx, params.id) }),
  route(contractEndpoints.ofShop, { handler: ({ params, ctx }) => contractOfShop(ctx, params.shop_id) }),
  route(contractEndpoints.create, { log: (req) => ({ zh: `添加店铺合同 ${noOf(req.body)}`, en: `Add shop contract ${noOf(req.body)}` }), handler: ({ body, ctx, req }) => createContract(ctx, body, auditIn(req)) }),
  route(contractEndpoints.update, { log: (req) => ({ zh: `编辑店铺合同 ${noOf(req.body)}`, en: `Edit shop contract ${noOf(req.body)}` }), handler: ({ params, body, ctx, req }) => updateContract(ctx, params.id, body, auditIn(req)) }),
  route(contractEndpoints.terminate, {
    important: true,
    log: { zh: '终止店铺合同', en: 'Terminate a shop contract' },
    handler: ({ params, body, admin, ctx, req }) => terminateContract(ctx, params.id, body.reason, admin, auditIn(req)),
  }),
  route(contractEndpoints.upload, { log: { zh: '上传合同文件', en: 'Upload a contract file' }, handler: ({ req, admin, ctx }) => uploadContractFile(ctx, req, admin) }),
];
