import { useEffect, useRef, useState } from 'react';
import { Avatar, Badge, Button, Card, Empty, Flex, Input, Pagination, Segmented, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CHAT_MESSAGE_MAX, chatEndpoints, type ChatConversation } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { useListPage } from '@/components/list/useListPage';
import { apiKey, useApiMutation } from '@/lib/api';
import { useRealtime } from '@/lib/realtime';
import { toast } from '@/lib/feedback';
import { addMessage, receiveMessage, useMessages } from './queries';

/** The page's URL beside the list query: the open conversation. */
const ui = { conversation: z.coerce.number().int().positive() };
/** The inbox pages by a fixed 30, kept out of the URL. */
const fixed = { page_size: 30 };

function Conversation({ conversation }: { conversation: ChatConversation }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const messages = useMessages(conversation.id);
  const markRead = useApiMutation(chatEndpoints.markRead, { invalidates: [chatEndpoints.conversations], request: { message: false } });
  const send = useApiMutation(chatEndpoints.send, { invalidates: [chatEndpoints.conversations] });
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);

  // Opening a conversation reads it; so does a new message arriving while it is open.
  useEffect(() => {
    if (conversation.unread_count > 0) {
      markRead.mutate({ params: { id: conversation.id } }, { onSuccess: ({ unread_num }) => client.setQueryData(apiKey(chatEndpoints.unread, {}), unread_num) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversation.id, conversation.unread_count]);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.data?.length]);
  useRealtime('IM', (message) => {
    if (message.type === 'message' && message.data.conversation_id === conversation.id) addMessage(client, message.data);
  });

  const submit = () => {
    const content = draft.trim();
    if (!content) return;
    send.mutate(
      { params: { id: conversation.id }, body: { content } },
      {
        onSuccess: (message) => {
          addMessage(client, message);
          setDraft('');
        },
      },
    );
  };

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Space style={{ padding: '12px 16px', borderBottom: '1px solid var(--ant-color-border-secondary)' }}>
        <Avatar src={conversation.face || undefined}>{(conversation.nickname || conversation.uname).slice(0, 1)}</Avatar>
        <Typography.Text strong>{conversation.nickname || conversation.uname}</Typography.Text>
        <Typography.Text type="secondary">{conversation.uname}</Typography.Text>
      </Space>
      <div style={{ flex: 1, overflowY: 'auto', padding: 16 }} data-testid="chat-messages">
        {messages.isPending ? (
          <Spin />
        ) : (
          messages.data?.map((message) => {
            const mine = message.sender === 'ADMIN';
            return (
              <Flex key={message.id} justify={mine ? 'flex-end' : 'flex-start'} style={{ marginBottom: 12 }}>
                <div style={{ maxWidth: '70%' }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {mine ? message.admin_name : conversation.nickname || conversation.uname} · {formatUnixTime(message.create_time)}
                  </Typography.Text>
                  <div
                    style={{
                      marginTop: 4,
                      padding: '8px 12px',
                      borderRadius: 8,
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-word',
                      background: mine ? 'var(--ant-color-primary)' : 'var(--ant-color-fill-secondary)',
                      color: mine ? '#fff' : undefined,
                    }}
                  >
                    {message.content}
                  </div>
                </div>
              </Flex>
            );
          })
        )}
        <div ref={bottom} />
      </div>
      <Flex gap={8} style={{ padding: 12, borderTop: '1px solid var(--ant-color-border-secondary)' }}>
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={CHAT_MESSAGE_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('chat.placeholder')}
          onPressEnter={(event) => {
            if (!event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button type="primary" loading={send.isPending} disabled={!draft.trim()} onClick={submit}>
          {t('chat.send')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** /chat: the platform's customer-service inbox; messages and unread counts arrive live over /ws/shop. */
export default function ChatPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListPage(chatEndpoints.conversations, { ui, fixed });
  const { keyword, unread, page_no: page } = list.query;
  const openId = list.ui.conversation;
  // Searching keeps the open conversation open (list.filter would close it): only the list goes back to page 1.
  const refine = (patch: { keyword?: string; unread?: number }) => list.write({ ...patch, page_no: undefined });
  // The open conversation stays open when the list no longer shows it (read under the 未读 filter).
  const [picked, setPicked] = useState<ChatConversation>();
  const open = list.rows.find((conversation) => conversation.id === openId) ?? (picked?.id === openId ? picked : undefined);
  useRealtime('IM', (message) => {
    if (message.type === 'message') receiveMessage(client, message.data);
  });
  useEffect(() => {
    if (openId !== undefined && list.page && !open && page === 1 && !keyword && !unread) toast.warning(t('chat.notFound'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openId, list.page]);

  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Flex style={{ height: 'calc(100vh - 190px)', minHeight: 480 }}>
        <Flex vertical style={{ width: 320, borderRight: '1px solid var(--ant-color-border-secondary)' }}>
          <Space orientation="vertical" style={{ padding: 12 }}>
            <KeywordSearch
              value={keyword}
              placeholder={t('chat.search')}
              width="100%"
              onSearch={(text) => refine({ keyword: text || undefined })}
            />
            <Segmented
              block
              value={unread ? 'unread' : 'all'}
              onChange={(value) => refine({ unread: value === 'unread' ? 1 : undefined })}
              options={[
                { value: 'all', label: t('chat.all') },
                { value: 'unread', label: t('chat.unread') },
              ]}
            />
          </Space>
          <div style={{ flex: 1, overflowY: 'auto' }}>
            {list.result.isPending ? (
              <Spin style={{ display: 'block', marginTop: 40 }} />
            ) : !list.rows.length ? (
              <Empty style={{ marginTop: 40 }} description={t('chat.empty')} />
            ) : (
              list.rows.map((conversation) => (
                <Flex
                  key={conversation.id}
                  gap={12}
                  align="center"
                  role="button"
                  tabIndex={0}
                  data-testid={`conversation-${conversation.id}`}
                  onClick={() => {
                    setPicked(conversation);
                    list.openUi({ conversation: conversation.id });
                  }}
                  style={{
                    cursor: 'pointer',
                    padding: '10px 12px',
                    borderBottom: '1px solid var(--ant-color-border-secondary)',
                    background: conversation.id === openId ? 'var(--ant-color-primary-bg)' : undefined,
                  }}
                >
                  <Badge count={conversation.unread_count} size="small">
                    <Avatar src={conversation.face || undefined}>{(conversation.nickname || conversation.uname).slice(0, 1)}</Avatar>
                  </Badge>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Flex justify="space-between" gap={8}>
                      <Typography.Text strong ellipsis>
                        {conversation.nickname || conversation.uname}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
                        {conversation.last_message_time ? formatUnixTime(conversation.last_message_time).slice(5, 16) : ''}
                      </Typography.Text>
                    </Flex>
                    <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
                      {conversation.last_message}
                    </Typography.Text>
                  </div>
                </Flex>
              ))
            )}
            {list.page && list.page.data_total > fixed.page_size && (
              <Pagination
                simple
                size="small"
                align="center"
                style={{ margin: 12 }}
                current={page}
                pageSize={fixed.page_size}
                total={list.page.data_total}
                onChange={(pageNo) => list.write({ page_no: pageNo })}
              />
            )}
          </div>
        </Flex>
        <div style={{ flex: 1, minWidth: 0 }}>
          {open ? <Conversation key={open.id} conversation={open} /> : <Empty style={{ marginTop: 120 }} description={t('chat.choose')} />}
        </div>
      </Flex>
    </Card>
  );
}
