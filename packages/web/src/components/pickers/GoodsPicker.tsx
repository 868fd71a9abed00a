import { useState } from 'react';
import { Avatar, Flex, Input, Space, Typography, type TableColumnsType } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GOODS_PICKER_PAGE_SIZE, GOODS_PICKER_WIDTH, buyerGoodsUrl, goodsEndpoints, type GoodsPickerRow } from '@agora/contract';
import { useSiteShow } from '@/app/site';
import { api, apiKey } from '@/lib/api';
import { CategoryCascader } from '../CategoryCascader';
import { formatYuan } from '../formatMoney';
import { ShopSelect } from '../ShopSelect';
import { useDebouncedValue } from '../useDebouncedValue';
import { PagedPickerDialog, nextPageNo } from './PagedPickerDialog';

export interface GoodsPickerProps {
  open: boolean;
  /**
   * admin: every shop, with a shop filter and a keyword that also matches shop names;
   * seller: the goods of `shopId` only.
   */
  mode?: 'admin' | 'seller';
  /** the seller's shop (seller mode) */
  shopId?: number;
  /** most SKUs that may be chosen; below 1 unlimited, 1 a single choice */
  limit?: number;
  /** the SKUs chosen so far, checked when the picker opens */
  value?: readonly GoodsPickerRow[];
  onConfirm(rows: GoodsPickerRow[]): void;
  onCancel(): void;
}

const skuKey = (row: GoodsPickerRow) => row.sku_id;

function GoodsPickerDialog({ mode = 'admin', shopId, limit = 0, value = [], onConfirm, onCancel }: Omit<GoodsPickerProps, 'open'>) {
  const { t } = useTranslation();
  const site = useSiteShow();
  const buyerDomain = site.data?.buyer_domain;
  const admin = mode === 'admin';
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const [shopFilter, setShopFilter] = useState<number>();
  const [categoryId, setCategoryId] = useState<number>();

  const query = { keyword, shop_id: admin ? shopFilter : shopId, category_id: categoryId, page_size: GOODS_PICKER_PAGE_SIZE };
  const pages = useInfiniteQuery({
    queryKey: apiKey(goodsEndpoints.skus, { query }),
    queryFn: ({ pageParam }) => api(goodsEndpoints.skus, { query: { ...query, page_no: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
    placeholderData: keepPreviousData,
    // seller mode without its shop would list every shop's goods
    enabled: admin || shopId !== undefined,
  });

  const columns: TableColumnsType<GoodsPickerRow> = [
    {
      title: t('pickers.goods.name'),
      key: 'goods',
      render: (_, row) => (
        <Space align="start">
          <Avatar shape="square" size={48} src={row.goods_image || undefined}>
            {row.goods_name.slice(0, 1)}
          </Avatar>
          <Flex vertical>
            <Typography.Text strong ellipsis={{ tooltip: row.goods_name }} style={{ maxWidth: 300 }}>
              {row.goods_name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.properties_name || t('pickers.goods.noSpec')} · {row.sn}
            </Typography.Text>
          </Flex>
        </Space>
      ),
    },
    {
      title: t('pickers.goods.price'),
      key: 'price',
      width: 140,
      render: (_, row) =>
        row.point_disable === 1 ? t('pickers.goods.pricePoints', { price: formatYuan(row.price), point: row.exchange_point }) : formatYuan(row.price),
    },
    { title: t('pickers.goods.stock'), dataIndex: 'enable_quantity', width: 80 },
    ...(admin ? [{ title: t('pickers.goods.shopName'), dataIndex: 'shop_name', width: 130, ellipsis: true }] : []),
    {
      title: '',
      key: 'view',
      width: 70,
      render: (_, row) =>
        buyerDomain ? (
          <Typography.Link href={buyerGoodsUrl(buyerDomain, row.goods_id)} target="_blank" rel="noopener noreferrer" title={t('pickers.goods.viewTitle')}>
            {t('pickers.goods.view')} <ExportOutlined />
          </Typography.Link>
        ) : null,
    },
  ];

  return (
    <PagedPickerDialog<GoodsPickerRow>
      title={t('pickers.goods.title')}
      width={GOODS_PICKER_WIDTH}
      limit={limit}
      initial={value}
      keyOf={skuKey}
      columns={columns}
      pages={pages}
      onConfirm={onConfirm}
      onCancel={onCancel}
      filters={
        <Flex gap={8} wrap>
          {admin && <ShopSelect value={shopFilter} onChange={setShopFilter} placeholder={t('pickers.goods.shop')} style={{ width: 180 }} />}
          <CategoryCascader value={categoryId} onChange={setCategoryId} placeholder={t('pickers.goods.category')} style={{ width: 200 }} />
          <Input.Search
            allowClear
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={setTyped}
            placeholder={admin ? t('pickers.goods.keywordAdmin') : t('pickers.goods.keyword')}
            style={{ flex: 1, minWidth: 200 }}
          />
        </Flex>
      }
    />
  );
}

/** Goods picker (spec §2: 805px; admin or seller mode; pages by "load more"; links to the buyer site). */
export function GoodsPicker({ open, ...props }: GoodsPickerProps) {
  return open ? <GoodsPickerDialog {...props} /> : null;
}
