import { Button, Card, Flex, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CHANNELS, notificationEndpoints, type NotificationChannel, type NotificationRow, type ReceiverType } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { DayTime } from '@/components/TwoLines';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { Capped } from './labels';

const CHANNEL_COLORS: Record<NotificationChannel, string> = { STATION: 'blue', SMS: 'green', EMAIL: 'purple' };

/** What the platform sent to members, shops and administrators (DOMAIN §2.30): by receiver, channel and time. */
export default function NotificationHistoryPage() {
  const { t } = useTranslation();
  const list = useListPage(notificationEndpoints.list);
  const query = list.query;

  const columns: ListColumn<NotificationRow>[] = [
    { title: t('sale.notifications.time'), dataIndex: 'create_time', sortKey: 'create_time', render: (seconds: number) => <DayTime seconds={seconds} /> },
    { title: t('sale.notifications.channel'), dataIndex: 'channel', render: (channel: NotificationChannel) => <Tag color={CHANNEL_COLORS[channel]}>{t(`sale.channels.${channel}`)}</Tag> },
    { title: t('sale.notifications.receiverType'), dataIndex: 'receiver_type', render: (type: ReceiverType) => t(`sale.receiverTypes.${type}`) },
    { title: t('sale.notifications.receiverColumn'), dataIndex: 'receiver', render: (receiver: string) => <Capped text={receiver} width={170} /> },
    { title: t('sale.notifications.title'), dataIndex: 'title', render: (title: string) => <Capped text={title} width={140} /> },
    { title: t('sale.notifications.content'), dataIndex: 'content', render: (content: string) => <Capped text={content} width={340} /> },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.receiver} placeholder={t('sale.notifications.receiver')} width={280} maxLength={100} onSearch={(receiver) => list.filter({ receiver })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('sale.notifications.channel')}
          value={query.channel}
          onChange={(channel?: NotificationChannel) => list.filter({ channel })}
          options={(Object.keys(NOTIFICATION_CHANNELS) as NotificationChannel[]).map((value) => ({ value, label: t(`sale.channels.${value}`) }))}
        />
        <DayRangeFilter start={query.start_time} end={query.end_time} placeholder={[t('sale.notifications.from'), t('sale.notifications.to')]} onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })} />
        <Button style={{ marginLeft: 'auto' }} onClick={list.reset}>
          {t('common.actions.reset')}
        </Button>
      </Flex>
      <ListTable<NotificationRow> list={list} rowKey="id" columns={columns} emptyText={t('sale.notifications.empty')} />
    </Card>
  );
}
