import { askEndpoints, commentEndpoints, complaintEndpoints, complaintTopicEndpoints } from '@agora/contract';
import { useApiMutation } from '@/lib/api';

/** A complaint's state feeds the dashboard's to-do count; what was sent shows in the notification history. */
const COMPLAINT_CHANGES = ['complaints', 'dashboard', 'notifications'] as const;

export const useComplaintToAppeal = () => useApiMutation(complaintEndpoints.toAppeal, { success: 'sale.messages.handedToSeller', invalidates: COMPLAINT_CHANGES });
export const useComplaintMessage = () => useApiMutation(complaintEndpoints.communicate, { success: 'sale.messages.messageSent', invalidates: COMPLAINT_CHANGES });
export const useArbitrateComplaint = () => useApiMutation(complaintEndpoints.arbitrate, { success: 'sale.messages.arbitrated', invalidates: COMPLAINT_CHANGES });

export const useCreateTopic = () => useApiMutation(complaintTopicEndpoints.create, { success: 'sale.messages.topicSaved' });
export const useUpdateTopic = () => useApiMutation(complaintTopicEndpoints.update, { success: 'sale.messages.topicSaved' });
export const useDeleteTopic = () => useApiMutation(complaintTopicEndpoints.remove, { success: 'sale.messages.topicDeleted' });

const COMMENT_CHANGES = ['comments', 'notifications', 'goods'] as const;
export const useAuditComments = () => useApiMutation(commentEndpoints.audit, { success: 'sale.messages.audited', invalidates: COMMENT_CHANGES });
export const useReplyComment = () => useApiMutation(commentEndpoints.reply, { success: 'sale.messages.replied', invalidates: COMMENT_CHANGES });
export const useHideComment = () => useApiMutation(commentEndpoints.hide, { success: 'sale.messages.hidden', invalidates: COMMENT_CHANGES });
export const useShowComment = () => useApiMutation(commentEndpoints.show, { success: 'sale.messages.shown', invalidates: COMMENT_CHANGES });

const ASK_CHANGES = ['asks', 'notifications'] as const;
export const useAuditAsks = () => useApiMutation(askEndpoints.audit, { success: 'sale.messages.audited', invalidates: ASK_CHANGES });
export const useHideAsk = () => useApiMutation(askEndpoints.hide, { success: 'sale.messages.hidden', invalidates: ASK_CHANGES });
export const useAnswerAsk = () => useApiMutation(askEndpoints.answer, { success: 'sale.messages.answered', invalidates: ASK_CHANGES });
export const useAuditAskReplies = () => useApiMutation(askEndpoints.auditReplies, { success: 'sale.messages.audited', invalidates: ASK_CHANGES });
export const useRemoveAskReplies = () => useApiMutation(askEndpoints.removeReplies, { success: 'sale.messages.replyDeleted', invalidates: ASK_CHANGES });
