import { smtpEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { createSmtpAccount, listSmtpAccounts, removeSmtpAccount, sendTestMail, updateSmtpAccount } from './service.js';

const idOfRequest = (req: { params: unknown }) => (req.params as { id?: string }).id ?? '';

export const noticeRoutes = [
  route(smtpEndpoints.list, { handler: ({ query, ctx }) => listSmtpAccounts(ctx, query) }),
  route(smtpEndpoints.create, { important: true, log: { zh: '添加SMTP账号', en: 'Add an SMTP account' }, handler: ({ body, ctx, req }) => createSmtpAccount(ctx, body, auditIn(req)) }),
  route(smtpEndpoints.update, {
    important: true,
    log: (req) => ({ zh: `修改SMTP账号 ${idOfRequest(req)}`, en: `Edit SMTP account ${idOfRequest(req)}` }),
    handler: ({ params, body, ctx, req }) => updateSmtpAccount(ctx, params.id, body, auditIn(req)),
  }),
  route(smtpEndpoints.remove, { important: true, log: (req) => ({ zh: `删除SMTP账号 ${idOfRequest(req)}`, en: `Delete SMTP account ${idOfRequest(req)}` }), handler: ({ params, ctx, req }) => removeSmtpAccount(ctx, params.id, auditIn(req)) }),
  route(smtpEndpoints.testSend, { log: { zh: '发送测试邮件', en: 'Send a test mail' }, handler: ({ query, ctx }) => sendTestMail(ctx, query.email, query.smtp_id) }),
];
