import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { GOODS_TYPE, type GoodsRow, type GoodsStatus } from '@agora/contract';
import { useSiteShow } from '@/app/site';
import { KeywordSearch } from '@/components/KeywordSearch';
import { BrandSelect } from '@/components/BrandSelect';
import { CategoryCascader } from '@/components/CategoryCascader';
import { formatUnixTime } from '@/components/formatTime';
import { ReasonDialog } from '@/components/ReasonDialog';
import { ShopSelect } from '@/components/ShopSelect';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { toast } from '@/lib/feedback';
import { formatYuan } from '@/components/formatMoney';
import { GoodsCell, STATUS_COLORS } from './GoodsCell';
import { GoodsDetailDrawer } from './GoodsDetailDrawer';
import { PriceRangeFilter } from './PriceRangeFilter';
import { usePutOnSale, useGoodsList, useTakeDownGoods, type GoodsListParams } from './queries';

const SORTABLE = { price: 'price', buy_count: 'buy_count', quantity: 'quantity', create_time: 'create_time' } as const;
const ignore = () => undefined;

export default function GoodsListPage() {
  const { t } = useTranslation();
  const search = useSearchState();
  const site = useSiteShow();
  const params: GoodsListParams = {
    ...readPaging(search),
    keyword: search.readString('keyword'),
    seller_id: search.readNumber('shop'),
    category_id: search.readNumber('category'),
    brand_id: search.readNumber('brand'),
    goods_type: search.readString('type'),
    market_enable: search.readNumber('market'),
    is_auth: search.readNumber('auth'),
    start_price: search.readNumber('min'),
    end_price: search.readNumber('max'),
    sort: search.readString('sort'),
    order: search.readString('order') === 'asc' ? 'asc' : search.readString('sort') ? 'desc' : undefined,
  };
  const list = useGoodsList(params);
  const takeDown = useTakeDownGoods();
  const putOnSale = usePutOnSale();
  const [selected, setSelected] = useState<number[]>([]);
  const [underIds, setUnderIds] = useState<number[] | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const filter = (patch: Record<string, string | number | undefined>) => {
    setSelected([]);
    search.update({ ...patch, page: undefined });
  };

  const confirmUnder = (reason: string) => {
    if (!underIds) return;
    takeDown
      .mutateAsync({ ids: underIds, reason })
      .then(() => {
        toast.success(t('goods.messages.under'));
        setUnderIds(null);
        setSelected([]);
      })
      .catch(ignore);
  };

  const restore = (goods: GoodsRow) =>
    putOnSale
      .mutateAsync([goods.goods_id])
      .then(() => toast.success(t('goods.messages.up')))
      .catch(ignore);

  const sortOrder = (key: string) => (params.sort === key ? (params.order === 'asc' ? 'ascend' : 'descend') : null);

  const columns: TableColumnsType<GoodsRow> = [
    { title: t('goods.columns.goods'), key: 'goods', width: 340, render: (_v, goods) => <GoodsCell goods={goods} onOpen={() => setViewing(goods.goods_id)} /> },
    {
      title: t('goods.columns.shop'),
      dataIndex: 'seller_name',
      width: 170,
      render: (name: string, goods) => (
        <Typography.Link onClick={() => filter({ shop: goods.seller_id })} title={t('goods.filters.shop')}>
          {name}
        </Typography.Link>
      ),
    },
    { title: t('goods.columns.category'), dataIndex: 'category_name', width: 110 },
    { title: t('goods.columns.brand'), dataIndex: 'brand_name', width: 110, render: (name: string) => name || '—' },
    { title: t('goods.columns.price'), dataIndex: 'price', key: SORTABLE.price, width: 120, align: 'right', sorter: true, sortOrder: sortOrder('price'), render: formatYuan },
    { title: t('goods.columns.quantity'), dataIndex: 'quantity', key: SORTABLE.quantity, width: 90, align: 'right', sorter: true, sortOrder: sortOrder('quantity') },
    { title: t('goods.columns.buyCount'), dataIndex: 'buy_count', key: SORTABLE.buy_count, width: 90, align: 'right', sorter: true, sortOrder: sortOrder('buy_count') },
    {
      title: t('goods.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: GoodsStatus, goods) => {
        const note = status === 'OFF_SHELF' ? goods.under_message : status === 'REFUSED' ? goods.auth_message : '';
        const tag = <Tag color={STATUS_COLORS[status]}>{t(`goods.status.${status}`)}</Tag>;
        return note ? <Tooltip title={note}>{tag}</Tooltip> : tag;
      },
    },
    { title: t('goods.columns.createTime'), dataIndex: 'create_time', key: SORTABLE.create_time, width: 170, sorter: true, sortOrder: sortOrder('create_time'), render: formatUnixTime },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 150,
      fixed: 'end',
      render: (_v, goods) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={!site.data?.buyer_domain} href={`${site.data?.buyer_domain ?? ''}/goods/${goods.goods_id}`} target="_blank" rel="noopener noreferrer">
            {t('goods.actions.view')}
          </Button>
          {goods.status === 'ON_SALE' && (
            <Button type="link" size="small" danger onClick={() => setUnderIds([goods.goods_id])}>
              {t('goods.actions.under')}
            </Button>
          )}
          {goods.status === 'OFF_SHELF' && (
            <Popconfirm title={t('goods.confirm.up', { name: goods.goods_name })} onConfirm={() => restore(goods)}>
              <Button type="link" size="small">
                {t('goods.actions.up')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const onSale = new Set(list.data?.data.filter((goods) => goods.status === 'ON_SALE').map((goods) => goods.goods_id));

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.keyword} placeholder={t('goods.filters.keyword')} onSearch={(keyword) => filter({ keyword })} />
        <ShopSelect value={params.seller_id} placeholder={t('goods.filters.shop')} style={{ width: 180 }} onChange={(id) => filter({ shop: id })} />
        <CategoryCascader value={params.category_id} placeholder={t('goods.filters.category')} style={{ width: 220 }} onChange={(id) => filter({ category: id })} />
        <BrandSelect value={params.brand_id} placeholder={t('goods.filters.brand')} style={{ width: 160 }} onChange={(id) => filter({ brand: id as number | undefined })} />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('goods.filters.goodsType')}
          value={params.goods_type}
          onChange={(value?: string) => filter({ type: value })}
          options={Object.keys(GOODS_TYPE).map((type) => ({ value: type, label: t(`goods.goodsType.${type}`) }))}
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('goods.filters.marketEnable')}
          value={params.market_enable}
          onChange={(value?: number) => filter({ market: value })}
          options={[
            { value: 1, label: t('goods.marketEnable.on') },
            { value: 0, label: t('goods.marketEnable.off') },
          ]}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('goods.filters.auth')}
          value={params.is_auth}
          onChange={(value?: number) => filter({ auth: value })}
          options={[
            { value: 0, label: t('goods.status.WAITING') },
            { value: 1, label: t('goods.authPassed') },
            { value: 2, label: t('goods.status.REFUSED') },
          ]}
        />
        <PriceRangeFilter key={`${params.start_price}-${params.end_price}`} min={params.start_price} max={params.end_price} onSearch={(min, max) => filter({ min, max })} />
        <Button
          onClick={() => {
            search.update({ keyword: undefined, shop: undefined, category: undefined, brand: undefined, type: undefined, market: undefined, auth: undefined, min: undefined, max: undefined, sort: undefined, order: undefined, page: undefined });
          }}
        >
          {t('goods.filters.reset')}
        </Button>
      </Flex>
      <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
        <Button danger disabled={selected.length === 0} onClick={() => setUnderIds(selected)}>
          {t('goods.actions.batchUnder')}
        </Button>
        {selected.length > 0 && <Typography.Text type="secondary">{t('goods.selected', { count: selected.length })}</Typography.Text>}
      </Flex>
      <Table<GoodsRow>
        rowKey="goods_id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 1450 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (goods) => ({ disabled: !onSale.has(goods.goods_id) }),
        }}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = one?.order ? String(one.columnKey) : undefined;
          filter({ sort: key, order: key ? (one.order === 'ascend' ? 'asc' : 'desc') : undefined });
        }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('goods.total', { total }), () => setSelected([]))}
      />
      <GoodsDetailDrawer goodsId={viewing} onClose={() => setViewing(null)} />
      <ReasonDialog
        open={underIds !== null}
        title={t('goods.dialogs.underTitle')}
        label={t('goods.dialogs.underLabel')}
        maxLength={500}
        confirming={takeDown.isPending}
        onConfirm={confirmUnder}
        onClose={() => setUnderIds(null)}
      />
    </Card>
  );
}
