import { smtpEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { createSmtpAccount, listSmtpAccounts, removeSmtpAccount, sendTestMail, updateSmtpAccount } from './service.js';

const idOfRequest = (req: { params: unknown }) => (req.params as { id?: string }).id ?? '';

export const noticeRoutes = [
  route(smtpEndpoints.list, { handler: ({ query, ctx }) => listSmtpAccounts(ctx, query) }),
  route(smtpEndpoints.create, { important: true, log: '添加SMTP账号', handler: ({ body, ctx, req }) => createSmtpAccount(ctx, body, auditIn(req)) }),
  route(smtpEndpoints.update, {
    important: true,
    log: (req) => `修改SMTP账号 ${idOfRequest(req)}`,
    handler: ({ params, body, ctx, req }) => updateSmtpAccount(ctx, params.id, body, auditIn(req)),
  }),
  route(smtpEndpoints.remove, { important: true, log: (req) => `删除SMTP账号 ${idOfRequest(req)}`, handler: ({ params, ctx, req }) => removeSmtpAccount(ctx, params.id, auditIn(req)) }),
  route(smtpEndpoints.testSend, { log: '发送测试邮件', handler: ({ query, ctx }) => sendTestMail(ctx, query.email, query.smtp_id) }),
];
