import { useMemo, useState } from 'react';
import { Button, Card, Empty, Form, Image, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router-dom';
import { CATEGORY_MAX_LEVEL, ROUTE_BY_NAME, categoryBody, idOf, idOrZeroOf, type CategoryNode } from '@agora/contract';
import { BrandSelect } from '@/components/BrandSelect';
import { ImageUpload } from '@/components/ImageUpload';
import { useUrlUi } from '@/components/list/useUrlUi';
import { actionColumn } from '@/components/list/RowActions';
import { zodRule } from '@/components/zodRule';
import { useBindCategoryBrands, useCategoryBrands, useCategoryTree, useCreateCategory, useDeleteCategory, useUpdateCategory } from './queries';

/** The page's URL: adding under a parent (0 = a top-level category), editing a category, or its brands. */
const ui = { add: idOrZeroOf(), edit: idOf(), brands: idOf() };

type TreeRow = Omit<CategoryNode, 'children'> & { children?: TreeRow[] };
/** Leaves get no `children`, so the grid shows no expand arrow for them. */
const toRows = (nodes: CategoryNode[]): TreeRow[] => nodes.map(({ children, ...node }) => ({ ...node, children: children.length ? toRows(children) : undefined }));

interface CategoryForm {
  name: string;
  sort: number;
  image: string;
  shown: boolean;
}

/** Adding a child of `parent` (null = a top-level category), or editing `category`. */
type Editing = { parent: TreeRow | null; category?: undefined } | { category: TreeRow; parent?: undefined };

function CategoryDialog({ editing, onClose }: { editing: Editing; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryForm>();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const { category, parent } = editing;
  const submit = (values: CategoryForm) => {
    const body = {
      parent_id: category ? category.parent_id : (parent?.category_id ?? 0),
      name: values.name.trim(),
      sort: values.sort ?? 0,
      image: values.image ?? '',
      is_show: values.shown ? 1 : 0,
      adv_image: category?.adv_image ?? '',
      adv_image_link: category?.adv_image_link ?? '',
    };
    if (category) update.mutate({ params: { id: category.category_id }, body }, { onSuccess: onClose });
    else create.mutate({ body }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      title={category ? t('goods.categories.edit') : parent ? t('goods.categories.addChildOf', { name: parent.name }) : t('goods.categories.addRoot')}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CategoryForm>
        form={form}
        layout="vertical"
        initialValues={{ name: category?.name ?? '', sort: category?.sort ?? 0, image: category?.image ?? '', shown: category ? category.is_show === 1 : true }}
        onFinish={submit}
      >
        <Form.Item name="name" label={t('goods.categories.name')} rules={[{ required: true, whitespace: true, message: t('goods.categories.nameRequired') }, zodRule(categoryBody.shape.name)]}>
          <Input maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item name="sort" label={t('goods.categories.sort')} extra={t('goods.categories.sortHint')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="image" label={t('goods.categories.image')}>
          <ImageUpload scene="category" />
        </Form.Item>
        <Form.Item name="shown" label={t('goods.categories.shown')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function BrandBindingDialog({ category, onClose }: { category: TreeRow; onClose(): void }) {
  const { t } = useTranslation();
  const bound = useCategoryBrands(category.category_id);
  const bind = useBindCategoryBrands();
  const [chosen, setChosen] = useState<number[] | undefined>(undefined);
  const value = chosen ?? bound.data?.map((brand) => brand.brand_id) ?? [];
  return (
    <Modal
      open
      title={t('goods.categories.brandsOf', { name: category.name })}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={bind.isPending}
      okButtonProps={{ disabled: bound.isLoading }}
      onCancel={onClose}
      onOk={() => bind.mutate({ params: { id: category.category_id }, body: { choose_brands: value } }, { onSuccess: onClose })}
    >
      <BrandSelect multiple value={value} onChange={(next) => setChosen((next as number[] | undefined) ?? [])} placeholder={t('goods.categories.chooseBrands')} style={{ width: '100%' }} />
    </Modal>
  );
}

/** Every category of the tree by id. */
function indexTree(rows: TreeRow[], into = new Map<number, TreeRow>()): Map<number, TreeRow> {
  for (const row of rows) {
    into.set(row.category_id, row);
    if (row.children) indexTree(row.children, into);
  }
  return into;
}

/** The category tree (DOMAIN §2.3): at most CATEGORY_MAX_LEVEL levels; add child, edit, brands, parameters, delete. */
export default function CategoryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = useCategoryTree();
  const remove = useDeleteCategory();
  const url = useUrlUi(ui);
  const rows = useMemo(() => toRows(tree.data ?? []), [tree.data]);
  const byId = useMemo(() => indexTree(rows), [rows]);
  // A dialog named by the URL opens once the tree holds its category (the root needs none).
  const { add, edit, brands } = url.ui;
  const editing: Editing | null =
    add === 0 ? { parent: null } : add !== undefined && byId.has(add) ? { parent: byId.get(add)! } : edit !== undefined && byId.has(edit) ? { category: byId.get(edit)! } : null;
  const binding = brands === undefined ? undefined : byId.get(brands);

  const columns: TableColumnsType<TreeRow> = [
    {
      title: t('goods.categories.name'),
      dataIndex: 'name',
      // the category a row is about stays in sight while a narrow window scrolls to the rest
      fixed: 'start',
      render: (name: string, row) => <Typography.Text strong={row.level === 1}>{name}</Typography.Text>,
    },
    {
      title: t('goods.categories.image'),
      dataIndex: 'image',
      render: (image: string) => (image ? <Image src={image} alt="" width={36} height={36} style={{ objectFit: 'contain' }} /> : '—'),
    },
    { title: t('goods.categories.level'), dataIndex: 'level', render: (level: number) => t('goods.categories.levelN', { level }) },
    { title: t('goods.categories.sort'), dataIndex: 'sort' },
    {
      title: t('goods.categories.shown'),
      dataIndex: 'is_show',
      render: (shown: number) => (shown ? <Tag color="green">{t('goods.categories.yes')}</Tag> : <Tag>{t('goods.categories.no')}</Tag>),
    },
    actionColumn<TreeRow>(t('common.actions.operation'), (row) => [
      row.level < CATEGORY_MAX_LEVEL && { label: t('goods.categories.addChild'), onClick: () => url.openUi({ add: row.category_id }) },
      { label: t('common.actions.edit'), onClick: () => url.openUi({ edit: row.category_id }) },
      { label: t('goods.categories.brands'), onClick: () => url.openUi({ brands: row.category_id }) },
      { label: t('goods.categories.params'), onClick: () => navigate(generatePath(ROUTE_BY_NAME.get('categoryParams')!.path, { id: String(row.category_id) })) },
      {
        label: t('common.actions.delete'),
        danger: true,
        confirm: t('goods.categories.confirmDelete', { name: row.name }),
        onClick: () => remove.mutate({ params: { id: row.category_id } }),
      },
    ]),
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => url.openUi({ add: 0 })}>
          {t('goods.categories.addRoot')}
        </Button>
        <Typography.Text type="secondary">{t('goods.categories.hint', { max: CATEGORY_MAX_LEVEL })}</Typography.Text>
      </Space>
      <Table<TreeRow>
        rowKey="category_id"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('goods.categories.empty')} /> }}
      />
      {editing && <CategoryDialog editing={editing} onClose={url.closeUi} />}
      {binding && <BrandBindingDialog category={binding} onClose={url.closeUi} />}
    </Card>
  );
}
