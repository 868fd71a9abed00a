import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEARCH_LIMITS, searchHistoryEndpoints, type SearchHistoryRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';

/** searchHistory: what buyers searched for and how often (read-only). */
export default function SearchHistoryPage() {
  const { t } = useTranslation();
  const list = useListPage(searchHistoryEndpoints.list);
  const columns: ListColumn<SearchHistoryRow>[] = [
    { title: t('search.history.keyword'), dataIndex: 'keyword', render: (keyword: string) => <Typography.Text strong>{keyword}</Typography.Text> },
    { title: t('search.history.count'), dataIndex: 'count', sortKey: 'count' },
    { title: t('search.history.lastTime'), dataIndex: 'last_time', sortKey: 'last_time', render: formatUnixTime },
  ];
  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={SEARCH_LIMITS.keyword} placeholder={t('search.history.keyword')} onSearch={(keyword) => list.filter({ keyword })} />
        <Typography.Text type="secondary">{t('search.history.hint')}</Typography.Text>
      </Flex>
      <ListTable<SearchHistoryRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('search.history.empty')} />} />
    </Card>
  );
}
