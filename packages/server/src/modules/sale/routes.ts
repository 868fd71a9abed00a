import { askEndpoints as asks, buyerComplaintEndpoints as buyerComplaints, commentEndpoints as comments, complaintEndpoints as complaints, complaintTopicEndpoints as topics, notificationEndpoints as notifications } from '@agora/contract';
import { route } from '../../platform/http.js';
import { answerAsk, auditAskReplies, auditAsks, getAsk, hideAsk, listAsks, removeAskReplies } from './asks.js';
import { auditComments, listComments, replyComment, setCommentShown } from './comments.js';
import {
  arbitrateComplaint,
  complaintCommunicate,
  complaintToAppeal,
  createComplaintTopic,
  deleteComplaintTopic,
  getComplaint,
  listComplaints,
  listComplaintTopics,
  updateComplaintTopic,
  buyerFileComplaint,
  buyerWithdrawComplaint,
} from './complaints.js';
import { listNotifications } from './notifications.js';

export const saleRoutes = [
  route(complaints.list, { handler: ({ query, ctx }) => listComplaints(ctx, query) }),
  route(complaints.detail, { handler: ({ params, ctx }) => getComplaint(ctx, params.id) }),
  route(complaints.toAppeal, { log: { zh: '交易投诉交由商家申诉', en: 'Pass a complaint to the seller\'s appeal' }, handler: ({ params, admin, ctx }) => complaintToAppeal(ctx, admin, params.id) }),
  route(complaints.communicate, { log: { zh: '交易投诉平台对话', en: 'Message a complaint\'s parties' }, queryFromBody: true, handler: ({ params, query, admin, ctx }) => complaintCommunicate(ctx, admin, params.id, query.content) }),
  route(buyerComplaints.file, { handler: ({ body, req, ctx }) => buyerFileComplaint(ctx, { ...body, ip: req.ip }) }),
  route(buyerComplaints.withdraw, { handler: ({ params, body, req, ctx }) => buyerWithdrawComplaint(ctx, params.id, { ...body, ip: req.ip }) }),
  route(complaints.arbitrate, { log: { zh: '交易投诉仲裁', en: 'Arbitrate a complaint' }, important: true, queryFromBody: true, handler: ({ params, query, admin, ctx }) => arbitrateComplaint(ctx, admin, params.id, query.arbitration_result) }),
  route(topics.list, { handler: ({ query, ctx }) => listComplaintTopics(ctx, query) }),
  route(topics.create, { log: { zh: '新增投诉主题', en: 'Add a complaint subject' }, handler: ({ body, ctx }) => createComplaintTopic(ctx, body) }),
  route(topics.update, { log: { zh: '修改投诉主题', en: 'Edit a complaint subject' }, handler: ({ params, body, ctx }) => updateComplaintTopic(ctx, params.id, body) }),
  route(topics.remove, { log: { zh: '删除投诉主题', en: 'Delete a complaint subject' }, handler: ({ params, ctx }) => deleteComplaintTopic(ctx, params.id) }),
  route(comments.list, { handler: ({ query, ctx }) => listComments(ctx, query) }),
  route(comments.audit, { log: { zh: '审核商品评论', en: 'Audit goods reviews' }, handler: ({ body, ctx }) => auditComments(ctx, body.ids, body.auth_status) }),
  route(comments.hide, { log: { zh: '隐藏商品评论', en: 'Hide goods reviews' }, handler: ({ params, ctx }) => setCommentShown(ctx, params.id, false) }),
  route(comments.show, { log: { zh: '显示商品评论', en: 'Show goods reviews' }, handler: ({ params, ctx }) => setCommentShown(ctx, params.id, true) }),
  route(comments.reply, { log: { zh: '回复商品评论', en: 'Reply to a goods review' }, handler: ({ params, body, ctx }) => replyComment(ctx, params.id, body.content) }),
  route(asks.list, { handler: ({ query, ctx }) => listAsks(ctx, query) }),
  route(asks.detail, { handler: ({ params, ctx }) => getAsk(ctx, params.id) }),
  route(asks.audit, { log: { zh: '审核商品咨询', en: 'Audit goods questions' }, handler: ({ body, ctx }) => auditAsks(ctx, body.ids, body.auth_status) }),
  route(asks.hide, { log: { zh: '隐藏商品咨询', en: 'Hide goods questions' }, handler: ({ params, ctx }) => hideAsk(ctx, params.id) }),
  route(asks.answer, { log: { zh: '回复商品咨询', en: 'Answer a goods question' }, handler: ({ params, body, ctx }) => answerAsk(ctx, params.id, body.content) }),
  route(asks.auditReplies, { log: { zh: '审核咨询回复', en: 'Audit question replies' }, handler: ({ body, ctx }) => auditAskReplies(ctx, body.ids, body.auth_status) }),
  route(asks.removeReplies, { log: { zh: '删除咨询回复', en: 'Delete question replies' }, handler: ({ params, ctx }) => removeAskReplies(ctx, params.ids) }),
  route(notifications.list, { handler: ({ query, ctx }) => listNotifications(ctx, query) }),
];
