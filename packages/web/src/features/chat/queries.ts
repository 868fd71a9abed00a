import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatConversation, ChatMessage, Page } from '@agora/contract';
import { get, post, put } from '@/lib/request';
import { chatKeys } from '@/app/layout/ChatEntry';

export interface ConversationParams {
  page_no: number;
  page_size: number;
  keyword?: string;
  unread?: number;
}

export const conversationKeys = {
  all: [...chatKeys.all, 'conversations'] as const,
  list: (params: ConversationParams) => [...conversationKeys.all, 'list', params] as const,
  messages: (id: number) => [...conversationKeys.all, 'messages', id] as const,
};

export function useConversations(params: ConversationParams) {
  return useQuery({
    queryKey: conversationKeys.list(params),
    queryFn: () => get<Page<ChatConversation>>('admin/im/conversations', params),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(id: number | undefined) {
  return useQuery({
    queryKey: conversationKeys.messages(id ?? 0),
    queryFn: () => get<ChatMessage[]>(`admin/im/conversations/${id}/messages`, { limit: 50 }),
    enabled: id !== undefined,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => put<{ unread_num: number }>(`admin/im/conversations/${id}/read`, undefined, { message: false }),
    onSuccess: ({ unread_num }) => {
      client.setQueryData(chatKeys.unread(), unread_num);
      void client.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
    },
  });
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => post<ChatMessage>(`admin/im/conversations/${id}/messages`, { content }),
    onSuccess: (message) => appendMessage(client, message),
  });
}

/** Adds a message to its open conversation once (the sender's own reply also comes back over the socket). */
export function appendMessage(client: ReturnType<typeof useQueryClient>, message: ChatMessage): void {
  client.setQueryData<ChatMessage[]>(conversationKeys.messages(message.conversation_id), (messages) =>
    messages && !messages.some((m) => m.id === message.id) ? [...messages, message] : messages,
  );
  void client.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
}
