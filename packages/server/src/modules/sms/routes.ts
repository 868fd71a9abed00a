import { smsEndpoints } from '@agora/contract';
import type { FastifyRequest } from 'fastify';
import { auditIn } from '../../platform/audit.js';
import { requestLanguage, route } from '../../platform/http.js';
import {
  addSign,
  addTask,
  addTemplate,
  editSign,
  editTemplate,
  enableTemplate,
  getTemplate,
  listRecords,
  listSigns,
  listTasks,
  listTemplates,
  recallTask,
  removeSign,
  removeTemplate,
  submitSign,
  submitTemplate,
  syncAudits,
  taskProgress,
} from './service.js';

const idOf = (req: FastifyRequest) => (req.params as { id?: string }).id ?? '';
const logOf = (zh: string, en: string) => (req: FastifyRequest) => ({ zh: `${zh} ${idOf(req)}`, en: `${en} ${idOf(req)}` });

export const smsRoutes = [
  route(smsEndpoints.signs, { handler: ({ query, ctx }) => listSigns(ctx, query) }),
  route(smsEndpoints.addSign, { log: { zh: '添加短信签名', en: 'Add an SMS signature' }, handler: ({ body, ctx, req }) => addSign(ctx, body, auditIn(req)) }),
  route(smsEndpoints.editSign, { log: logOf('编辑短信签名', 'Edit SMS signature'), handler: ({ params, body, ctx, req }) => editSign(ctx, params.id, body, auditIn(req)) }),
  route(smsEndpoints.removeSign, { log: logOf('删除短信签名', 'Delete SMS signature'), handler: ({ params, ctx, req }) => removeSign(ctx, params.id, auditIn(req)) }),
  route(smsEndpoints.submitSign, { log: logOf('提交短信签名审核', 'Submit SMS signature for audit'), handler: ({ params, ctx, req }) => submitSign(ctx, params.id, auditIn(req)) }),

  route(smsEndpoints.templates, { handler: ({ query, ctx }) => listTemplates(ctx, query) }),
  route(smsEndpoints.template, { handler: ({ params, ctx }) => getTemplate(ctx.db, params.id) }),
  route(smsEndpoints.addTemplate, { log: { zh: '添加短信模板', en: 'Add an SMS template' }, handler: ({ body, ctx, req }) => addTemplate(ctx, body, auditIn(req)) }),
  route(smsEndpoints.editTemplate, { log: logOf('编辑短信模板', 'Edit SMS template'), handler: ({ params, body, ctx, req }) => editTemplate(ctx, params.id, body, auditIn(req)) }),
  route(smsEndpoints.removeTemplate, { log: logOf('删除短信模板', 'Delete SMS template'), handler: ({ params, ctx, req }) => removeTemplate(ctx, params.id, auditIn(req)) }),
  route(smsEndpoints.submitTemplate, { log: logOf('提交短信模板审核', 'Submit SMS template for audit'), handler: ({ params, ctx, req }) => submitTemplate(ctx, params.id, auditIn(req)) }),
  route(smsEndpoints.enableTemplate, {
    log: (req) => {
      const on = (req.query as { enable?: string }).enable === '1';
      return { zh: `${on ? '启用' : '停用'}短信模板 ${idOf(req)}`, en: `${on ? 'Enable' : 'Disable'} SMS template ${idOf(req)}` };
    },
    handler: ({ params, query, ctx, req }) => enableTemplate(ctx, params.id, query.enable, auditIn(req)),
  }),
  route(smsEndpoints.sync, { log: { zh: '同步短信审核状态', en: 'Sync SMS audit states' }, handler: ({ ctx }) => syncAudits(ctx) }),

  route(smsEndpoints.tasks, { handler: ({ query, ctx }) => listTasks(ctx, query) }),
  route(smsEndpoints.addTask, { rateLimit: 'sms', log: { zh: '添加短信发送任务', en: 'Add an SMS send task' }, handler: ({ body, admin, ctx, req }) => addTask(ctx, admin, body, auditIn(req), requestLanguage(req)) }),
  route(smsEndpoints.recallTask, { log: logOf('撤回短信发送任务', 'Recall SMS send task'), handler: ({ params, ctx, req }) => recallTask(ctx, params.id, auditIn(req)) }),
  route(smsEndpoints.progress, { handler: ({ query, ctx }) => taskProgress(ctx, query.ids) }),
  route(smsEndpoints.records, { handler: ({ query, ctx }) => listRecords(ctx, query) }),
];
