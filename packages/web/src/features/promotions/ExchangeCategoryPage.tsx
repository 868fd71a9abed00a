import { useMemo } from 'react';
import { Button, Card, Empty, Form, Image, Input, InputNumber, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_CAT_DEPTH, EXCHANGE_CAT_NAME_MAX, exchangeCatBody, idOf, idOrZeroOf, pointsMallEndpoints, type ExchangeCatNode } from '@agora/contract';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { ImageUpload } from '@/components/ImageUpload';
import { actionColumn } from '@/components/list/RowActions';
import { useUrlUi } from '@/components/list/useUrlUi';
import { zodRule } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';

/** The page's URL: adding under a parent (0 = the top level) or editing a category. */
const ui = { add: idOrZeroOf(), edit: idOf() };

type TreeRow = Omit<ExchangeCatNode, 'children'> & { children?: TreeRow[] };
const toRows = (nodes: ExchangeCatNode[]): TreeRow[] => nodes.map(({ children, ...node }) => ({ ...node, children: children.length ? toRows(children) : undefined }));

interface CatForm {
  name: string;
  sort: number;
  image: string;
}

function CatDialog({ parent, cat, onClose }: { parent?: TreeRow | null; cat?: TreeRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CatForm>();
  const create = useApiMutation(pointsMallEndpoints.createCat, { success: 'points.cats.saved' });
  const update = useApiMutation(pointsMallEndpoints.updateCat, { success: 'points.cats.saved' });
  const { pending, save } = saveWith(create, update);
  const title = cat ? t('points.cats.edit') : parent ? t('points.cats.addChildOf', { name: parent.name }) : t('points.cats.addRoot');
  return (
    <FormDialog<CatForm>
      title={title}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{ name: cat?.name ?? '', sort: cat?.sort ?? 0, image: cat?.image ?? '' }}
      onFinish={(values) =>
        save(cat?.cat_id, { parent_id: cat ? cat.parent_id : (parent?.cat_id ?? 0), name: values.name.trim(), sort: values.sort ?? 0, image: values.image ?? '' }, onClose)
      }
    >
      <Form.Item name="name" label={t('points.cats.name')} rules={[{ required: true, whitespace: true, message: t('points.cats.nameRequired') }, zodRule(exchangeCatBody.shape.name)]}>
        <Input maxLength={EXCHANGE_CAT_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item name="sort" label={t('points.cats.sort')} extra={t('points.cats.sortHint')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="image" label={t('points.cats.image')}>
        <ImageUpload scene="exchange-category" />
      </Form.Item>
    </FormDialog>
  );
}

/** exchange-category: the points mall's two-level category tree; delete is refused while goods or subcategories use it. */
export default function ExchangeCategoryPage() {
  const { t } = useTranslation();
  const tree = useApi(pointsMallEndpoints.cats, {});
  const remove = useApiMutation(pointsMallEndpoints.removeCat, { success: 'points.cats.deleted' });
  const url = useUrlUi(ui);
  const rows = useMemo(() => toRows(tree.data ?? []), [tree.data]);
  const byId = useMemo(() => new Map(rows.flatMap((row) => [row, ...(row.children ?? [])]).map((row) => [row.cat_id, row])), [rows]);
  const { add, edit } = url.ui;
  const parent = add === 0 ? null : add !== undefined ? byId.get(add) : undefined;
  const editing = edit !== undefined ? byId.get(edit) : undefined;

  const columns: TableColumnsType<TreeRow> = [
    { title: t('points.cats.name'), dataIndex: 'name', fixed: 'start', render: (name: string, row) => <Typography.Text strong={row.parent_id === 0}>{name}</Typography.Text> },
    {
      title: t('points.cats.image'),
      dataIndex: 'image',
      render: (image: string) => (image ? <Image src={image} alt="" width={36} height={36} style={{ objectFit: 'contain' }} /> : '—'),
    },
    { title: t('points.cats.sort'), dataIndex: 'sort' },
    { title: t('points.cats.goodsNum'), dataIndex: 'goods_num' },
    actionColumn<TreeRow>(t('common.actions.operation'), (row) => [
      row.parent_id === 0 && { label: t('points.cats.addChild'), onClick: () => url.openUi({ add: row.cat_id }) },
      { label: t('common.actions.edit'), onClick: () => url.openUi({ edit: row.cat_id }) },
      {
        label: t('common.actions.delete'),
        danger: true,
        disabledReason: row.children ? t('points.cats.hasChildren') : row.goods_num > 0 ? t('points.cats.hasGoods') : undefined,
        confirm: t('points.cats.confirmDelete', { name: row.name }),
        onClick: () => remove.mutate({ params: { id: row.cat_id } }),
      },
    ]),
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => url.openUi({ add: 0 })}>
          {t('points.cats.addRoot')}
        </Button>
        <Typography.Text type="secondary">{t('points.cats.hint', { max: EXCHANGE_CAT_DEPTH })}</Typography.Text>
      </Space>
      <Table<TreeRow>
        rowKey="cat_id"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('points.cats.empty')} /> }}
      />
      {(parent !== undefined || editing) && <CatDialog parent={parent} cat={editing} onClose={url.closeUi} />}
    </Card>
  );
}
