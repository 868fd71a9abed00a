import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatEndpoints, type ChatConversation, type ChatMessage } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import ChatPage from './ChatPage';

// The inbox hears new messages over /ws/shop; there is no socket in jsdom.
vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const conversation = (id: number, uname: string, unread_count: number): ChatConversation => ({
  id,
  member_id: id + 100,
  uname,
  nickname: `${uname}的昵称`,
  face: '',
  unread_count,
  last_message: `来自${uname}`,
  last_message_time: 1_763_000_000 + id,
});
const CONVERSATIONS = [conversation(2, 'wangwu', 3), conversation(1, 'lisi', 0)];
const message = (id: number, content: string, conversation_id: number, sender: ChatMessage['sender'] = 'MEMBER'): ChatMessage => ({
  id,
  conversation_id,
  sender,
  admin_name: sender === 'ADMIN' ? 'admin' : '',
  content,
  create_time: 1_763_000_000 + id,
  read: false,
});

function serve(): SentRequest[] {
  return stubApi(
    fixture(chatEndpoints.conversations, ({ query }) => {
      const rows = CONVERSATIONS.filter((row) => !query.keyword || row.uname.includes(String(query.keyword)));
      return { data: rows, page_no: 1, page_size: 30, data_total: rows.length };
    }),
    fixture(chatEndpoints.messages, ({ params }) => (params.id === '2' ? [message(7, '请问发货了吗？', 2)] : [])),
    fixture(chatEndpoints.markRead, { unread_num: 0 }),
    fixture(chatEndpoints.send, ({ params, body }) => message(8, (body as { content: string }).content, Number(params.id), 'ADMIN')),
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';

// The inbox is a whole antd layout in jsdom, which is slow on a busy machine.
describe('customer service inbox', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
    // jsdom lays nothing out: the conversation's scroll to its newest message has nothing to do.
    Element.prototype.scrollIntoView = () => undefined;
  });

  it('opens the conversation of the URL, reads it, and keeps it open while the list is searched', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<ChatPage />, { path: '/chat', url: '/chat?conversation=2&page_no=2' });

    expect(await screen.findByText('请问发货了吗？')).toBeTruthy();
    // The inbox pages by 30 whatever the URL holds; only the page number travels.
    expect(sent[0].url).toBe(`${chatEndpoints.conversations.path}?page_no=2&page_size=30`);
    await waitFor(() => expect(sent.some((entry) => entry.method === 'PUT' && entry.url === 'admin/im/conversations/2/read')).toBe(true));

    await user.type(screen.getByPlaceholderText('搜索会员名或昵称'), 'wang{Enter}');
    await waitFor(() => expect(location()).toBe('/chat?conversation=2&keyword=wang'));
    expect(screen.getByText('请问发货了吗？')).toBeTruthy();
    await waitFor(() => expect(sent.some((entry) => entry.url === `${chatEndpoints.conversations.path}?keyword=wang&page_size=30`)).toBe(true));
  });

  it('sends a reply and shows it in the conversation', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<ChatPage />, { path: '/chat', url: '/chat' });

    await user.click(await screen.findByTestId('conversation-1'));
    await waitFor(() => expect(location()).toBe('/chat?conversation=1'));
    await user.type(await screen.findByPlaceholderText(/输入回复内容/), '已为您发货{Enter}');
    expect(await screen.findByText('已为您发货')).toBeTruthy();
    const reply = sent.find((entry) => entry.method === 'POST' && entry.url === 'admin/im/conversations/1/messages');
    expect(JSON.parse(String(reply?.body))).toEqual({ content: '已为您发货' });
  });
});
