import { useMemo } from 'react';
import { Button, Card, Empty, Form, Input, InputNumber, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ARTICLE_CATEGORY_TYPES, ARTICLE_LIMITS, articleCategoryBody, articleCategoryEndpoints, idOf, idOrZeroOf, type ArticleCategoryNode, type ArticleCategoryType } from '@agora/contract';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { actionColumn } from '@/components/list/RowActions';
import { useUrlUi } from '@/components/list/useUrlUi';
import { zodRule } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';
import { CategoryTreeSelect } from './CategoryTreeSelect';

const ui = { add: idOrZeroOf(), edit: idOf() };

interface Row extends Omit<ArticleCategoryNode, 'children'> {
  children?: Row[];
}
const toRows = (nodes: ArticleCategoryNode[]): Row[] => nodes.map(({ children, ...node }) => ({ ...node, children: children.length > 0 ? toRows(children) : undefined }));

interface CategoryForm {
  name: string;
  parent_id?: number;
  sort: number;
  type: ArticleCategoryType;
}

function CategoryDialog({ category, parentId, onClose }: { category: Row | null; parentId: number; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryForm>();
  const create = useApiMutation(articleCategoryEndpoints.create, { success: 'articles.categories.saved' });
  const update = useApiMutation(articleCategoryEndpoints.update, { success: 'articles.categories.saved' });
  const { pending, save } = saveWith(create, update);
  const hasChildren = (category?.children?.length ?? 0) > 0;
  return (
    <FormDialog<CategoryForm>
      title={category ? t('articles.categories.edit') : t('articles.categories.add')}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{ name: category?.name ?? '', parent_id: (category?.parent_id ?? parentId) || undefined, sort: category?.sort ?? 0, type: category?.type ?? 'OTHER' }}
      onFinish={(values) => save(category?.id, { name: values.name, parent_id: values.parent_id ?? 0, sort: values.sort ?? 0, type: values.type }, onClose)}
    >
      <Form.Item name="name" label={t('articles.categories.name')} rules={[zodRule(articleCategoryBody.shape.name)]}>
        <Input maxLength={ARTICLE_LIMITS.categoryName} autoFocus />
      </Form.Item>
      <Form.Item name="parent_id" label={t('articles.categories.parent')} extra={hasChildren ? t('articles.categories.parentLocked') : t('articles.categories.parentHint')}>
        <CategoryTreeSelect topOnly allowClear except={category?.id} placeholder={t('articles.categories.topLevel')} />
      </Form.Item>
      <Form.Item name="type" label={t('articles.categories.type')}>
        <Select options={ARTICLE_CATEGORY_TYPES.map((type) => ({ value: type, label: t(`articles.categories.types.${type}`) }))} />
      </Form.Item>
      <Form.Item name="sort" label={t('articles.sort')} rules={[zodRule(articleCategoryBody.shape.sort)]}>
        <InputNumber min={0} max={ARTICLE_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

function indexRows(rows: Row[], into = new Map<number, Row>()): Map<number, Row> {
  for (const row of rows) {
    into.set(row.id, row);
    if (row.children) indexRows(row.children, into);
  }
  return into;
}

/** articleCategory: two levels; built-in categories (特殊的文章分类) are shown but neither edited nor deleted. */
export default function ArticleCategoryPage() {
  const { t } = useTranslation();
  const tree = useApi(articleCategoryEndpoints.tree, {});
  const remove = useApiMutation(articleCategoryEndpoints.remove, { success: 'articles.categories.deleted' });
  const url = useUrlUi(ui);
  const rows = useMemo(() => toRows(tree.data ?? []), [tree.data]);
  const byId = useMemo(() => indexRows(rows), [rows]);
  const { add, edit } = url.ui;
  const edited = edit !== undefined ? byId.get(edit) : undefined;
  const adding = add === 0 || (add !== undefined && byId.has(add));

  const columns: TableColumnsType<Row> = [
    {
      title: t('articles.categories.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space size={6}>
          <Typography.Text strong={row.parent_id === 0}>{name}</Typography.Text>
          {row.allow_delete === 0 && <Tag color="gold">{t('articles.categories.builtIn')}</Tag>}
        </Space>
      ),
    },
    { title: t('articles.categories.type'), dataIndex: 'type', render: (type: ArticleCategoryType) => t(`articles.categories.types.${type}`) },
    { title: t('articles.categories.articles'), dataIndex: 'article_count' },
    { title: t('articles.sort'), dataIndex: 'sort' },
    actionColumn<Row>(t('common.actions.operation'), (row) => {
      const builtIn = row.allow_delete === 0 ? t('articles.categories.builtInHint') : undefined;
      return [
        row.parent_id === 0 && { label: t('articles.categories.addChild'), onClick: () => url.openUi({ add: row.id }) },
        { label: t('common.actions.edit'), disabledReason: builtIn, onClick: () => url.openUi({ edit: row.id }) },
        {
          label: t('common.actions.delete'),
          danger: true,
          disabledReason: builtIn ?? (row.children ? t('articles.categories.hasChildren') : row.article_count > 0 ? t('articles.categories.hasArticles', { count: row.article_count }) : undefined),
          confirm: t('articles.categories.confirmDelete', { name: row.name }),
          onClick: () => remove.mutate({ params: { id: row.id } }),
        },
      ];
    }),
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => url.openUi({ add: 0 })}>
          {t('articles.categories.addTop')}
        </Button>
        <Typography.Text type="secondary">{t('articles.categories.hint')}</Typography.Text>
      </Space>
      <Table<Row>
        key={tree.data ? 'loaded' : 'loading'}
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('articles.categories.empty')} /> }}
      />
      {adding && <CategoryDialog category={null} parentId={add ?? 0} onClose={url.closeUi} />}
      {edited && <CategoryDialog key={edited.id} category={edited} parentId={edited.parent_id} onClose={url.closeUi} />}
    </Card>
  );
}
