import { Button, Card, Empty, Flex, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { goodsEndpoints, idListOf, idOf, type GoodsListQuery, type GoodsRow } from '@agora/contract';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { BrandSelect } from '@/components/BrandSelect';
import { CategoryCascader } from '@/components/CategoryCascader';
import { ShopSelect } from '@/components/ShopSelect';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useRowSelection } from '@/components/list/useRowSelection';
import { ReasonDialog } from '@/components/ReasonDialog';
import { formatYuan } from '@/components/formatMoney';
import { CategoryBrandCell, GoodsCell, PublishedCell } from './GoodsCell';
import { GoodsDetailDrawer } from './GoodsDetailDrawer';
import { PriceRangeFilter } from './PriceRangeFilter';
import { usePassGoods, useRefuseGoods } from './queries';

/** The page's URL beside the list query: the goods whose details are open, the goods being refused. */
const ui = { detail: idOf(), refuse: idListOf('', 200, '') };
/** Goods waiting for audit, oldest first: what the page always asks, never shown in its URL. */
const WAITING: Partial<GoodsListQuery> = { is_auth: 0, sort: 'create_time', order: 'asc' };

/** Goods waiting for the platform's audit (DOMAIN §2.2): pass, or refuse with a reason; one or many. */
export default function GoodsAuditPage() {
  const { t } = useTranslation();
  const list = useListPage(goodsEndpoints.list, { ui, fixed: WAITING });
  const { query, filter } = list;
  const selection = useRowSelection(list);
  const pass = usePassGoods();
  const refuse = useRefuseGoods();
  const refuseIds = list.ui.refuse;

  /** The decided goods leave this list, with their drawer and the reason dialog. */
  const decided = (ids: number[]) => ({
    onSuccess: () => {
      selection.drop(ids);
      const { detail } = list.ui;
      list.removed(ids.length, { refuse: undefined, detail: detail !== undefined && ids.includes(detail) ? undefined : detail });
    },
  });
  const passGoods = (ids: number[]) => pass.mutate({ body: { goods_ids: ids, pass: 1, message: '' } }, decided(ids));

  /** Pass (asking first) and refuse (with a reason) for one item: in its row, and in its drawer after reading it. */
  const decisions = (id: number, size: 'small' | 'middle') => (
    <>
      <Popconfirm title={t('goods.confirm.pass', { count: 1 })} onConfirm={() => passGoods([id])}>
        <Button type={size === 'small' ? 'link' : 'primary'} size={size}>
          {t('goods.actions.pass')}
        </Button>
      </Popconfirm>
      <Button type={size === 'small' ? 'link' : 'default'} size={size} danger onClick={() => list.openUi({ refuse: String(id) })}>
        {t('goods.actions.refuse')}
      </Button>
    </>
  );

  const columns: ListColumn<GoodsRow>[] = [
    { title: t('goods.columns.goods'), key: 'goods', fixed: 'start', render: (_v, goods) => <GoodsCell goods={goods} onOpen={() => list.openUi({ detail: goods.goods_id })} /> },
    { title: t('goods.columns.categoryBrand'), key: 'category', render: (_v, goods) => <CategoryBrandCell goods={goods} /> },
    { title: t('goods.columns.price'), dataIndex: 'price', align: 'right', render: formatYuan },
    { title: t('goods.columns.createTime'), dataIndex: 'create_time', render: (seconds: number) => <PublishedCell seconds={seconds} /> },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, goods) => <Space size={0}>{decisions(goods.goods_id, 'small')}</Space>,
    },
  ];

  const detail = list.ui.detail;
  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} maxLength={50} placeholder={t('goods.filters.keyword')} onSearch={(keyword) => filter({ keyword })} />
        <ShopSelect value={query.seller_id} placeholder={t('goods.filters.shop')} style={{ width: 180 }} onChange={(id) => filter({ seller_id: id })} />
        <CategoryCascader value={query.category_id} placeholder={t('goods.filters.category')} style={{ width: 220 }} onChange={(id) => filter({ category_id: id })} />
        <BrandSelect value={query.brand_id} placeholder={t('goods.filters.brand')} style={{ width: 160 }} onChange={(id) => filter({ brand_id: id as number | undefined })} />
        <PriceRangeFilter key={`${query.start_price}-${query.end_price}`} min={query.start_price} max={query.end_price} onSearch={(min, max) => filter({ start_price: min, end_price: max })} />
      </Flex>
      <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
        <Popconfirm title={t('goods.confirm.pass', { count: selection.selected.length })} disabled={selection.selected.length === 0} onConfirm={() => passGoods(selection.selected)}>
          <Button type="primary" disabled={selection.selected.length === 0}>
            {t('goods.actions.batchPass')}
          </Button>
        </Popconfirm>
        <Button danger disabled={selection.selected.length === 0} onClick={() => list.openUi({ refuse: selection.selected.join(',') })}>
          {t('goods.actions.batchRefuse')}
        </Button>
        {selection.selected.length > 0 && <Typography.Text type="secondary">{t('goods.selected', { count: selection.selected.length })}</Typography.Text>}
        <ExportButton endpoint={goodsEndpoints.auditExport} query={query} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<GoodsRow>
        list={list}
        rowKey="goods_id"
        columns={columns}
        emptyText={<Empty description={t('goods.auditEmpty')} />}
        size="middle"
        rowSelection={{ fixed: true, selectedRowKeys: selection.selected, onChange: selection.onChange }}
      />
      <GoodsDetailDrawer goodsId={detail} onClose={list.closeUi} extra={detail !== undefined && <Space>{decisions(detail, 'middle')}</Space>} />
      <ReasonDialog
        open={refuseIds !== undefined}
        title={t('goods.dialogs.refuseTitle')}
        label={t('goods.dialogs.refuseLabel')}
        maxLength={200}
        confirming={refuse.isPending}
        onConfirm={(reason) => refuseIds && refuse.mutate({ body: { goods_ids: refuseIds, pass: 0, message: reason } }, decided(refuseIds))}
        onClose={() => list.openUi({ refuse: undefined })}
      />
    </Card>
  );
}
