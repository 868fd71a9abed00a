import type { QueryClient } from '@tanstack/react-query';
import { chatEndpoints, type ChatMessage } from '@agora/contract';
import { apiKey, useApi } from '@/lib/api';

/** A conversation opens with its latest messages. */
const messagesInput = (id: number) => ({ params: { id }, query: { limit: 50 } });

export function useMessages(id: number | undefined) {
  return useApi(chatEndpoints.messages, messagesInput(id ?? 0), { enabled: id !== undefined });
}

/** Adds a message to its open conversation once (the sender's own reply also comes back over the socket). */
export function addMessage(client: QueryClient, message: ChatMessage): void {
  client.setQueryData<ChatMessage[]>(apiKey(chatEndpoints.messages, messagesInput(message.conversation_id)), (messages) =>
    messages && !messages.some((m) => m.id === message.id) ? [...messages, message] : messages,
  );
}

/** A message came over the socket: into its conversation, and the list re-sorts by the latest message. */
export function receiveMessage(client: QueryClient, message: ChatMessage): void {
  addMessage(client, message);
  void client.invalidateQueries({ queryKey: apiKey(chatEndpoints.conversations) });
}
