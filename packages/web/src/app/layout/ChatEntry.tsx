import { Badge, Button, Tooltip } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_BADGE_CAP, chatEndpoints } from '@agora/contract';
import { apiKey, useApi } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { useRealtime } from '@/lib/realtime';
import { useSiteShow } from '../site';

/** Spec §6: shown only when chat is switched on for the platform and the role holds `chat`. */
export function ChatEntry() {
  const { t } = useTranslation();
  const site = useSiteShow();
  const { chat } = usePermissions();
  const enabled = site.data?.chat_enabled === 1 && chat;
  const unread = useApi(chatEndpoints.unread, {}, { enabled, request: { message: false } });
  // Spec §4: the count follows the realtime unread_num message; a refused (expired) token is renewed by refetching.
  const client = useQueryClient();
  useRealtime(
    'IM',
    (message) => {
      if (message.type === 'unread_num') client.setQueryData(apiKey(chatEndpoints.unread, {}), message.data);
    },
    { enabled, onRefused: () => void unread.refetch() },
  );
  if (!enabled) return null;
  return (
    <Tooltip title={t('layout.chat')}>
      <Badge data-testid="chat-entry" count={unread.data ?? 0} overflowCount={CHAT_BADGE_CAP} size="small">
        <Button
          type="text"
          aria-label={t('layout.chat')}
          icon={<MessageOutlined />}
          href={`${import.meta.env.BASE_URL}chat`}
          target="_blank"
          rel="noopener"
        />
      </Badge>
    </Tooltip>
  );
}
