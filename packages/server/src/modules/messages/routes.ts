import { messageTemplateEndpoints, siteMessageEndpoints, wechatEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { listSiteMessages, sendSiteMessage } from './site-messages.js';
import { listMessageTemplates, sendTemplateTestMail, updateMessageTemplate } from './templates.js';
import { enableWechatNotice, getWechatNotice, listWechatNotices, listWechatTemplates, syncWechatTemplates, updateWechatNotice } from './wechat.js';

const param = (req: { params: unknown }, name: string) => (req.params as Record<string, string | undefined>)[name] ?? '';

export const messageRoutes = [
  route(messageTemplateEndpoints.list, { handler: ({ query, ctx }) => listMessageTemplates(ctx, query.type) }),
  route(messageTemplateEndpoints.update, {
    log: (req) => ({ zh: `修改消息模板 ${param(req, 'id')}`, en: `Edit message template ${param(req, 'id')}` }),
    handler: ({ params, body, ctx, req }) => updateMessageTemplate(ctx, params.id, body, auditIn(req)),
  }),
  route(messageTemplateEndpoints.testMail, {
    log: (req) => ({ zh: `发送模板测试邮件 ${param(req, 'id')}`, en: `Send a template test mail ${param(req, 'id')}` }),
    handler: ({ params, query, ctx }) => sendTemplateTestMail(ctx, params.id, query.email),
  }),
  route(siteMessageEndpoints.list, { handler: ({ query, ctx }) => listSiteMessages(ctx, query) }),
  route(siteMessageEndpoints.send, {
    log: { zh: '发送站内消息', en: 'Send a site message' },
    handler: ({ body, admin, ctx, req }) => sendSiteMessage(ctx, admin, body, auditIn(req)),
  }),
  route(wechatEndpoints.templates, { handler: ({ ctx }) => listWechatTemplates(ctx) }),
  route(wechatEndpoints.sync, { log: { zh: '从微信同步消息模板', en: 'Sync WeChat templates' }, handler: ({ ctx, req }) => syncWechatTemplates(ctx, auditIn(req)) }),
  route(wechatEndpoints.notices, { handler: ({ ctx }) => listWechatNotices(ctx) }),
  route(wechatEndpoints.notice, { handler: ({ params, ctx }) => getWechatNotice(ctx, params.notice_type) }),
  route(wechatEndpoints.update, {
    log: (req) => ({ zh: `修改微信消息 ${param(req, 'notice_type')}`, en: `Edit WeChat notice ${param(req, 'notice_type')}` }),
    handler: ({ params, body, ctx, req }) => updateWechatNotice(ctx, params.notice_type, body, auditIn(req)),
  }),
  route(wechatEndpoints.enable, {
    log: (req) => ({ zh: `开关微信消息 ${param(req, 'notice_type')}`, en: `Switch WeChat notice ${param(req, 'notice_type')}` }),
    handler: ({ params, query, ctx, req }) => enableWechatNotice(ctx, params.notice_type, query.enable, auditIn(req)),
  }),
];
