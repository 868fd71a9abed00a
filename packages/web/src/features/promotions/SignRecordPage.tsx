import { Card, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { signInEndpoints, type SignRecordRow } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { formatMinute } from './format';

/** record: every member check-in with the reward it gave, newest first. */
export default function SignRecordPage() {
  const { t } = useTranslation();
  const list = useListPage(signInEndpoints.records);
  const { query, filter } = list;

  const columns: ListColumn<SignRecordRow>[] = [
    { title: t('points.record.member'), dataIndex: 'member_name', fixed: 'start' },
    { title: t('points.record.activity'), dataIndex: 'activity_title' },
    { title: t('points.record.day'), dataIndex: 'sign_day' },
    { title: t('points.record.continuous'), dataIndex: 'continuous_days', render: (days: number) => t('points.sign.days', { count: days }) },
    {
      title: t('points.record.reward'),
      key: 'reward',
      render: (_v, row) =>
        row.reward_type === 'POINT' ? <Tag color="gold">{t('points.record.points', { point: row.point })}</Tag> : <Tag color="magenta">{t('points.record.coupon', { title: row.coupon_title })}</Tag>,
    },
    { title: t('points.record.time'), dataIndex: 'create_time', render: formatMinute },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.member_name} maxLength={20} placeholder={t('points.record.member')} onSearch={(member_name) => filter({ member_name })} />
        <DayRangeFilter start={query.start_time} end={query.end_time} onChange={({ start, end }) => filter({ start_time: start, end_time: end })} />
        {query.activity_id !== undefined && (
          <Tag closable onClose={() => filter({ activity_id: undefined })}>
            {t('points.record.ofActivity', { id: query.activity_id })}
          </Tag>
        )}
      </Flex>
      <ListTable<SignRecordRow> list={list} rowKey="record_id" columns={columns} emptyText={t('points.record.empty')} />
    </Card>
  );
}
