import { askEndpoints as asks, commentEndpoints as comments, complaintEndpoints as complaints, complaintTopicEndpoints as topics, notificationEndpoints as notifications } from '@agora/contract';
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
} from './complaints.js';
import { listNotifications } from './notifications.js';

export const saleRoutes = [
  route(complaints.list, { handler: ({ query, ctx }) => listComplaints(ctx, query) }),
  route(complaints.detail, { handler: ({ params, ctx }) => getComplaint(ctx, params.id) }),
  route(complaints.toAppeal, { log: '交易投诉交由商家申诉', handler: ({ params, admin, ctx }) => complaintToAppeal(ctx, admin, params.id) }),
  route(complaints.communicate, { log: '交易投诉平台对话', queryFromBody: true, handler: ({ params, query, admin, ctx }) => complaintCommunicate(ctx, admin, params.id, query.content) }),
  route(complaints.arbitrate, { log: '交易投诉仲裁', important: true, queryFromBody: true, handler: ({ params, query, admin, ctx }) => arbitrateComplaint(ctx, admin, params.id, query.arbitration_result) }),
  route(topics.list, { handler: ({ query, ctx }) => listComplaintTopics(ctx, query) }),
  route(topics.create, { log: '新增投诉主题', handler: ({ body, ctx }) => createComplaintTopic(ctx, body) }),
  route(topics.update, { log: '修改投诉主题', handler: ({ params, body, ctx }) => updateComplaintTopic(ctx, params.id, body) }),
  route(topics.remove, { log: '删除投诉主题', handler: ({ params, ctx }) => deleteComplaintTopic(ctx, params.id) }),
  route(comments.list, { handler: ({ query, ctx }) => listComments(ctx, query) }),
  route(comments.audit, { log: '审核商品评论', handler: ({ body, ctx }) => auditComments(ctx, body.ids, body.auth_status) }),
  route(comments.hide, { log: '隐藏商品评论', handler: ({ params, ctx }) => setCommentShown(ctx, params.id, false) }),
  route(comments.show, { log: '显示商品评论', handler: ({ params, ctx }) => setCommentShown(ctx, params.id, true) }),
  route(comments.reply, { log: '回复商品评论', handler: ({ params, body, ctx }) => replyComment(ctx, params.id, body.content) }),
  route(asks.list, { handler: ({ query, ctx }) => listAsks(ctx, query) }),
  route(asks.detail, { handler: ({ params, ctx }) => getAsk(ctx, params.id) }),
  route(asks.audit, { log: '审核商品咨询', handler: ({ body, ctx }) => auditAsks(ctx, body.ids, body.auth_status) }),
  route(asks.hide, { log: '隐藏商品咨询', handler: ({ params, ctx }) => hideAsk(ctx, params.id) }),
  route(asks.answer, { log: '回复商品咨询', handler: ({ params, body, ctx }) => answerAsk(ctx, params.id, body.content) }),
  route(asks.auditReplies, { log: '审核咨询回复', handler: ({ body, ctx }) => auditAskReplies(ctx, body.ids, body.auth_status) }),
  route(asks.removeReplies, { log: '删除咨询回复', handler: ({ params, ctx }) => removeAskReplies(ctx, params.ids) }),
  route(notifications.list, { handler: ({ query, ctx }) => listNotifications(ctx, query) }),
];
