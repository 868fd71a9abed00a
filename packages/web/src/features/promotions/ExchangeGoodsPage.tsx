import { useState } from 'react';
import { Button, Card, Flex, Form, InputNumber, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_POINT_MAX, idOf, pointsMallEndpoints, type ExchangeCatNode, type ExchangeGoodsRow, type GoodsPickerRow } from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { GoodsCell } from '@/components/GoodsCell';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan, YUAN } from '@/components/formatMoney';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { GoodsPicker } from '@/components/pickers/GoodsPicker';
import { TwoLines } from '@/components/TwoLines';
import { useApi, useApiMutation } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';

/** The page's URL beside the list query: the item whose price is being edited. */
const ui = { edit: idOf() };

interface PriceForm {
  cat_id?: number;
  exchange_point: number | null;
  exchange_money: number | null;
}

/** Every category as a select option, children under their parent's name. */
const catOptions = (nodes: ExchangeCatNode[]) =>
  nodes.flatMap((node) => [{ value: node.cat_id, label: node.name }, ...node.children.map((child) => ({ value: child.cat_id, label: `${node.name} / ${child.name}` }))]);

/** The points price of goods being set up (`goods`) or of one item being edited (`item`). */
function PriceDialog({ goods, item, onClose }: { goods?: GoodsPickerRow[]; item?: ExchangeGoodsRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PriceForm>();
  const cats = useApi(pointsMallEndpoints.cats, {});
  const add = useApiMutation(pointsMallEndpoints.addGoods, { success: 'points.goods.saved', invalidates: ['pointsMall'] });
  const update = useApiMutation(pointsMallEndpoints.updateGoods, { success: 'points.goods.saved', invalidates: ['pointsMall'] });
  const names = goods ? [...new Set(goods.map((row) => row.goods_name))] : [item?.goods_name ?? ''];
  const submit = (values: PriceForm) => {
    const price = { cat_id: values.cat_id ?? 0, exchange_point: values.exchange_point ?? 0, exchange_money: values.exchange_money ?? 0 };
    if (item) update.mutate({ params: { id: item.exchange_id }, body: price }, { onSuccess: onClose });
    else add.mutate({ body: { ...price, goods_ids: [...new Set((goods ?? []).map((row) => row.goods_id))] } }, { onSuccess: onClose });
  };
  return (
    <FormDialog<PriceForm>
      title={item ? t('points.goods.edit') : t('points.goods.add')}
      form={form}
      pending={add.isPending || update.isPending}
      onClose={onClose}
      initialValues={{ cat_id: item?.cat_id, exchange_point: item?.exchange_point ?? null, exchange_money: item?.exchange_money ?? 0 }}
      onFinish={submit}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: names.join('、') }}>
        {names.join('、')}
      </Typography.Paragraph>
      <Form.Item name="cat_id" label={t('points.goods.cat')} rules={[{ required: true, message: t('points.goods.catRequired') }]}>
        <Select options={catOptions(cats.data ?? [])} loading={cats.isLoading} placeholder={t('points.goods.catRequired')} />
      </Form.Item>
      <Form.Item name="exchange_point" label={t('points.goods.point')} rules={[{ required: true, message: t('points.goods.pointRequired') }]}>
        <InputNumber min={1} max={EXCHANGE_POINT_MAX} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="exchange_money" label={t('points.goods.money')} extra={t('points.goods.moneyHint')}>
        <InputNumber min={0} max={99_999} precision={2} prefix={YUAN} style={{ width: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}

/** exchange-goods: goods sold for points (and a cash part); goods leaving the shelf leave this list. */
export default function ExchangeGoodsPage() {
  const { t } = useTranslation();
  const { hasPermission } = usePermissions();
  const list = useListPage(pointsMallEndpoints.goods, { ui });
  const { query, filter } = list;
  const cats = useApi(pointsMallEndpoints.cats, {});
  const remove = useApiMutation(pointsMallEndpoints.removeGoods, { success: 'points.goods.removed' });
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<GoodsPickerRow[]>();
  const editing = list.ui.edit !== undefined ? list.rows.find((row) => row.exchange_id === list.ui.edit) : undefined;
  const canEdit = hasPermission('exchangeGoods');

  const columns: ListColumn<ExchangeGoodsRow>[] = [
    { title: t('points.goods.goods'), key: 'goods', fixed: 'start', render: (_v, row) => <GoodsCell image={row.thumbnail} name={row.goods_name} spec={row.goods_sn} /> },
    { title: t('points.goods.seller'), dataIndex: 'seller_name' },
    { title: t('points.goods.cat'), dataIndex: 'cat_name' },
    { title: t('points.goods.goodsPrice'), dataIndex: 'goods_price', align: 'right', render: (price: number) => formatYuan(price) },
    {
      title: t('points.goods.exchangePrice'),
      key: 'exchange',
      align: 'right',
      render: (_v, row) => (row.exchange_money > 0 ? t('points.goods.pointAndMoney', { point: row.exchange_point, money: formatYuan(row.exchange_money) }) : t('points.goods.pointOnly', { point: row.exchange_point })),
    },
    {
      // the stock left, and the pieces exchanged in orders not cancelled
      title: t('points.goods.stock'),
      key: 'stock',
      align: 'right',
      render: (_v, row) => <TwoLines first={row.enable_quantity} second={t('points.goods.exchanged', { num: row.exchange_num })} />,
    },
    actionColumn<ExchangeGoodsRow>(t('common.actions.operation'), (row) => [
      canEdit && { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.exchange_id }) },
      canEdit && { label: t('points.goods.remove'), danger: true, confirm: t('points.goods.confirmRemove', { name: row.goods_name }), onClick: () => remove.mutate({ params: { ids: [row.exchange_id] } }) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.goods_name} width={200} maxLength={100} placeholder={t('points.goods.name')} onSearch={(goods_name) => filter({ goods_name })} />
        <KeywordSearch value={query.goods_sn} width={180} maxLength={30} placeholder={t('points.goods.sn')} onSearch={(goods_sn) => filter({ goods_sn })} />
        <KeywordSearch value={query.seller_name} width={180} maxLength={30} placeholder={t('points.goods.seller')} onSearch={(seller_name) => filter({ seller_name })} />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('points.goods.cat')}
          value={query.cat_id}
          onChange={(cat_id: number | undefined) => filter({ cat_id })}
          options={catOptions(cats.data ?? [])}
        />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('points.goods.add')}
          </Button>
        )}
      </Flex>
      <ListTable<ExchangeGoodsRow> list={list} rowKey="exchange_id" columns={columns} emptyText={t('points.goods.empty')} />
      <GoodsPicker
        open={picking}
        onCancel={() => setPicking(false)}
        onConfirm={(rows) => {
          setPicking(false);
          if (rows.length > 0) setPicked(rows);
        }}
      />
      {picked && <PriceDialog goods={picked} onClose={() => setPicked(undefined)} />}
      {editing && <PriceDialog item={editing} onClose={list.closeUi} />}
    </Card>
  );
}
