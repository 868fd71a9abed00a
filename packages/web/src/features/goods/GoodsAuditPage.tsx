import { useState } from 'react';
import { Button, Card, Empty, Flex, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GoodsRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { BrandSelect } from '@/components/BrandSelect';
import { CategoryCascader } from '@/components/CategoryCascader';
import { ShopSelect } from '@/components/ShopSelect';
import { formatUnixTime } from '@/components/formatTime';
import { ReasonDialog } from '@/components/ReasonDialog';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { toast } from '@/lib/feedback';
import { formatYuan } from '@/components/formatMoney';
import { GoodsCell } from './GoodsCell';
import { GoodsDetailDrawer } from './GoodsDetailDrawer';
import { PriceRangeFilter } from './PriceRangeFilter';
import { useAuditGoods, useGoodsList, type GoodsListParams } from './queries';

const ignore = () => undefined;

/** Goods waiting for the platform's audit (DOMAIN §2.2): pass, or refuse with a reason; one or many. */
export default function GoodsAuditPage() {
  const { t } = useTranslation();
  const search = useSearchState();
  const params: GoodsListParams = {
    ...readPaging(search),
    is_auth: 0,
    keyword: search.readString('keyword'),
    seller_id: search.readNumber('shop'),
    category_id: search.readNumber('category'),
    brand_id: search.readNumber('brand'),
    start_price: search.readNumber('min'),
    end_price: search.readNumber('max'),
    sort: 'create_time',
    order: 'asc',
  };
  const list = useGoodsList(params);
  const audit = useAuditGoods();
  const [selected, setSelected] = useState<number[]>([]);
  const [refuseIds, setRefuseIds] = useState<number[] | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const filter = (patch: Record<string, string | number | undefined>) => {
    setSelected([]);
    search.update({ ...patch, page: undefined });
  };

  const decide = (ids: number[], pass: 0 | 1, message = '') =>
    audit
      .mutateAsync({ goods_ids: ids, pass, message })
      .then(() => {
        toast.success(t(pass ? 'goods.messages.passed' : 'goods.messages.refused'));
        setSelected((current) => current.filter((id) => !ids.includes(id)));
        setRefuseIds(null);
        if (viewing !== null && ids.includes(viewing)) setViewing(null);
        // The audited rows leave this list: do not leave the operator on an empty page.
        if (list.data && ids.length >= list.data.data.length && params.page_no > 1) search.update({ page: params.page_no - 1 });
      })
      .catch(ignore);

  /** Pass (asking first) and refuse (with a reason) for one item: in its row, and in its drawer after reading it. */
  const decisions = (id: number, size: 'small' | 'middle') => (
    <>
      <Popconfirm title={t('goods.confirm.pass', { count: 1 })} onConfirm={() => decide([id], 1)}>
        <Button type={size === 'small' ? 'link' : 'primary'} size={size}>
          {t('goods.actions.pass')}
        </Button>
      </Popconfirm>
      <Button type={size === 'small' ? 'link' : 'default'} size={size} danger onClick={() => setRefuseIds([id])}>
        {t('goods.actions.refuse')}
      </Button>
    </>
  );

  const columns: TableColumnsType<GoodsRow> = [
    { title: t('goods.columns.goods'), key: 'goods', width: 340, render: (_v, goods) => <GoodsCell goods={goods} onOpen={() => setViewing(goods.goods_id)} /> },
    { title: t('goods.columns.shop'), dataIndex: 'seller_name', width: 170 },
    { title: t('goods.columns.category'), dataIndex: 'category_name', width: 110 },
    { title: t('goods.columns.brand'), dataIndex: 'brand_name', width: 110, render: (name: string) => name || '—' },
    { title: t('goods.columns.price'), dataIndex: 'price', width: 110, align: 'right', render: formatYuan },
    { title: t('goods.columns.createTime'), dataIndex: 'create_time', width: 170, render: formatUnixTime },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 130,
      fixed: 'end',
      render: (_v, goods) => <Space size={0}>{decisions(goods.goods_id, 'small')}</Space>,
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.keyword} placeholder={t('goods.filters.keyword')} onSearch={(keyword) => filter({ keyword })} />
        <ShopSelect value={params.seller_id} placeholder={t('goods.filters.shop')} style={{ width: 180 }} onChange={(id) => filter({ shop: id })} />
        <CategoryCascader value={params.category_id} placeholder={t('goods.filters.category')} style={{ width: 220 }} onChange={(id) => filter({ category: id })} />
        <BrandSelect value={params.brand_id} placeholder={t('goods.filters.brand')} style={{ width: 160 }} onChange={(id) => filter({ brand: id as number | undefined })} />
        <PriceRangeFilter key={`${params.start_price}-${params.end_price}`} min={params.start_price} max={params.end_price} onSearch={(min, max) => filter({ min, max })} />
      </Flex>
      <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
        <Popconfirm title={t('goods.confirm.pass', { count: selected.length })} disabled={selected.length === 0} onConfirm={() => decide(selected, 1)}>
          <Button type="primary" disabled={selected.length === 0}>
            {t('goods.actions.batchPass')}
          </Button>
        </Popconfirm>
        <Button danger disabled={selected.length === 0} onClick={() => setRefuseIds(selected)}>
          {t('goods.actions.batchRefuse')}
        </Button>
        {selected.length > 0 && <Typography.Text type="secondary">{t('goods.selected', { count: selected.length })}</Typography.Text>}
      </Flex>
      <Table<GoodsRow>
        rowKey="goods_id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty description={t('goods.auditEmpty')} /> }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('goods.total', { total }), () => setSelected([]))}
      />
      <GoodsDetailDrawer goodsId={viewing} onClose={() => setViewing(null)} extra={viewing !== null && <Space>{decisions(viewing, 'middle')}</Space>} />
      <ReasonDialog
        open={refuseIds !== null}
        title={t('goods.dialogs.refuseTitle')}
        label={t('goods.dialogs.refuseLabel')}
        maxLength={200}
        confirming={audit.isPending}
        onConfirm={(reason) => refuseIds && decide(refuseIds, 0, reason)}
        onClose={() => setRefuseIds(null)}
      />
    </Card>
  );
}
