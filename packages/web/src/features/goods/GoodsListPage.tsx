import { Button, Card, Flex, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GOODS_TYPE, buyerGoodsUrl, goodsEndpoints, idListOf, idOf, type GoodsRow, type GoodsStatus, type GoodsType } from '@agora/contract';
import { useSiteShow } from '@/app/site';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { BrandSelect } from '@/components/BrandSelect';
import { CategoryCascader } from '@/components/CategoryCascader';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useRowSelection } from '@/components/list/useRowSelection';
import { ReasonDialog } from '@/components/ReasonDialog';
import { ShopSelect } from '@/components/ShopSelect';
import { formatYuan } from '@/components/formatMoney';
import { CategoryBrandCell, GoodsCell, PublishedCell, STATUS_COLORS, SoldCell } from './GoodsCell';
import { GoodsDetailDrawer } from './GoodsDetailDrawer';
import { PriceRangeFilter } from './PriceRangeFilter';
import { usePutOnSale, useTakeDownGoods } from './queries';

/** The page's URL beside the list query: the goods whose details are open, the goods being taken down. */
const ui = { detail: idOf(), under: idListOf('', 200, '') };

export default function GoodsListPage() {
  const { t } = useTranslation();
  const site = useSiteShow();
  const list = useListPage(goodsEndpoints.list, { ui });
  const { query, filter } = list;
  const selection = useRowSelection(list);
  const takeDown = useTakeDownGoods();
  const putOnSale = usePutOnSale();
  const underIds = list.ui.under;

  const columns: ListColumn<GoodsRow>[] = [
    {
      title: t('goods.columns.goods'),
      key: 'goods',
      fixed: 'start',
      render: (_v, goods) => <GoodsCell goods={goods} onOpen={() => list.openUi({ detail: goods.goods_id })} onShop={() => filter({ seller_id: goods.seller_id })} />,
    },
    { title: t('goods.columns.categoryBrand'), key: 'category', render: (_v, goods) => <CategoryBrandCell goods={goods} /> },
    { title: t('goods.columns.price'), dataIndex: 'price', sortKey: 'price', align: 'right', render: formatYuan },
    { title: t('goods.columns.quantity'), dataIndex: 'quantity', sortKey: 'quantity', align: 'right' },
    // the positive-review rate under the sold count: the ratio has no index to sort on
    { title: t('goods.columns.buyCount'), dataIndex: 'buy_count', sortKey: 'buy_count', align: 'right', render: (_v, goods) => <SoldCell goods={goods} /> },
    {
      title: t('goods.columns.status'),
      dataIndex: 'status',
      render: (status: GoodsStatus, goods) => {
        const note = status === 'OFF_SHELF' ? goods.under_message : status === 'REFUSED' ? goods.auth_message : '';
        const tag = <Tag color={STATUS_COLORS[status]}>{t(`goods.status.${status}`)}</Tag>;
        return note ? <Tooltip title={note}>{tag}</Tooltip> : tag;
      },
    },
    { title: t('goods.columns.createTime'), dataIndex: 'create_time', sortKey: 'create_time', render: (seconds: number) => <PublishedCell seconds={seconds} /> },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, goods) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={!site.data?.buyer_domain} href={site.data?.buyer_domain ? buyerGoodsUrl(site.data.buyer_domain, goods.goods_id) : undefined} target="_blank" rel="noopener noreferrer">
            {t('goods.actions.view')}
          </Button>
          {goods.status === 'ON_SALE' && (
            <Button type="link" size="small" danger onClick={() => list.openUi({ under: String(goods.goods_id) })}>
              {t('goods.actions.under')}
            </Button>
          )}
          {goods.status === 'OFF_SHELF' && (
            <Popconfirm title={t('goods.confirm.up', { name: goods.goods_name })} onConfirm={() => putOnSale.mutate({ params: { goods_ids: [goods.goods_id] } })}>
              <Button type="link" size="small">
                {t('goods.actions.up')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const onSale = new Set(list.rows.filter((goods) => goods.status === 'ON_SALE').map((goods) => goods.goods_id));

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} maxLength={50} placeholder={t('goods.filters.keyword')} onSearch={(keyword) => filter({ keyword })} />
        <ShopSelect value={query.seller_id} placeholder={t('goods.filters.shop')} style={{ width: 180 }} onChange={(id) => filter({ seller_id: id })} />
        <CategoryCascader value={query.category_id} placeholder={t('goods.filters.category')} style={{ width: 220 }} onChange={(id) => filter({ category_id: id })} />
        <BrandSelect value={query.brand_id} placeholder={t('goods.filters.brand')} style={{ width: 160 }} onChange={(id) => filter({ brand_id: id as number | undefined })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('goods.filters.goodsType')}
          value={query.goods_type}
          onChange={(value?: GoodsType) => filter({ goods_type: value })}
          options={Object.keys(GOODS_TYPE).map((type) => ({ value: type, label: t(`goods.goodsType.${type}`) }))}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('goods.filters.marketEnable')}
          value={query.market_enable}
          onChange={(value?: number) => filter({ market_enable: value })}
          options={[
            { value: 1, label: t('goods.marketEnable.on') },
            { value: 0, label: t('goods.marketEnable.off') },
          ]}
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('goods.filters.auth')}
          value={query.is_auth}
          onChange={(value?: number) => filter({ is_auth: value })}
          options={[
            { value: 0, label: t('goods.status.WAITING') },
            { value: 1, label: t('goods.authPassed') },
            { value: 2, label: t('goods.status.REFUSED') },
          ]}
        />
        <PriceRangeFilter key={`${query.start_price}-${query.end_price}`} min={query.start_price} max={query.end_price} onSearch={(min, max) => filter({ start_price: min, end_price: max })} />
        <Button onClick={list.reset}>{t('goods.filters.reset')}</Button>
      </Flex>
      <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
        <Button danger disabled={selection.selected.length === 0} onClick={() => list.openUi({ under: selection.selected.join(',') })}>
          {t('goods.actions.batchUnder')}
        </Button>
        {selection.selected.length > 0 && <Typography.Text type="secondary">{t('goods.selected', { count: selection.selected.length })}</Typography.Text>}
        <ExportButton endpoint={goodsEndpoints.export} query={query} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<GoodsRow>
        list={list}
        rowKey="goods_id"
        columns={columns}
        size="middle"
        rowSelection={{
          fixed: true,
          selectedRowKeys: selection.selected,
          onChange: selection.onChange,
          getCheckboxProps: (goods) => ({ disabled: !onSale.has(goods.goods_id) }),
        }}
      />
      <GoodsDetailDrawer goodsId={list.ui.detail} onClose={list.closeUi} />
      <ReasonDialog
        open={underIds !== undefined}
        title={t('goods.dialogs.underTitle')}
        label={t('goods.dialogs.underLabel')}
        maxLength={500}
        confirming={takeDown.isPending}
        onConfirm={(reason) =>
          underIds &&
          takeDown.mutate(
            { params: { goods_ids: underIds }, body: { reason } },
            {
              onSuccess: () => {
                list.closeUi();
                selection.drop(underIds);
              },
            },
          )
        }
        onClose={list.closeUi}
      />
    </Card>
  );
}
