import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ARTICLE_LIMITS, ROUTE_BY_NAME, articleEndpoints, type ArticleRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useApiMutation } from '@/lib/api';
import { CategoryTreeSelect } from './CategoryTreeSelect';

const editPath = (id?: number) => `${ROUTE_BY_NAME.get('addArticle')!.path}${id ? `?id=${id}` : ''}`;

/** articleList: the articles by name and category; fixed-position articles are edited, never deleted. */
export default function ArticleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(articleEndpoints.list);
  const remove = useApiMutation(articleEndpoints.remove, { success: 'articles.deleted', invalidates: ['articles', 'articleCategories'] });

  const columns: ListColumn<ArticleRow>[] = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: t('articles.name'),
      dataIndex: 'article_name',
      render: (name: string, row) => (
        <Flex gap={6} align="center">
          <Typography.Text strong>{name}</Typography.Text>
          {row.show_position !== 'OTHER' && <Tag color="gold">{t('articles.fixed')}</Tag>}
        </Flex>
      ),
    },
    { title: t('articles.category'), dataIndex: 'category_name' },
    { title: t('articles.sort'), dataIndex: 'sort' },
    { title: t('articles.modifyTime'), dataIndex: 'modify_time', render: formatUnixTime },
    actionColumn<ArticleRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => navigate(editPath(row.id)) },
      {
        label: t('common.actions.delete'),
        danger: true,
        disabledReason: row.show_position !== 'OTHER' ? t('articles.fixedHint') : undefined,
        confirm: t('articles.confirmDelete', { name: row.article_name }),
        onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.name} maxLength={ARTICLE_LIMITS.articleName} placeholder={t('articles.namePlaceholder')} onSearch={(name) => list.filter({ name })} />
        <CategoryTreeSelect allowClear value={list.query.category_id} onChange={(category_id) => list.filter({ category_id })} style={{ width: 220 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(editPath())}>
          {t('articles.add')}
        </Button>
      </Flex>
      <ListTable<ArticleRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('articles.empty')} />} />
    </Card>
  );
}
