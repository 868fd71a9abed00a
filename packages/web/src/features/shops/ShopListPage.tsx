import { Button, Image, Card, Flex, Input, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShopRow, ShopStatus } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { toast } from '@/lib/feedback';
import { useCloseShop, useReopenShop, useShops, type ShopListParams } from './queries';

export const SHOP_STATUS_COLORS: Record<ShopStatus, string> = { APPLYING: 'default', APPLY: 'gold', OPEN: 'green', CLOSED: 'red', REFUSED: 'volcano' };
const FILTERS = ['ALL', 'OPEN', 'CLOSED', 'APPLY', 'REFUSED'] as const;
const ignore = () => undefined;

export function ShopTitle({ shop }: { shop: ShopRow }) {
  return (
    <Space>
      <Image src={shop.logo} width={72} height={36} preview={false} style={{ objectFit: 'contain' }} alt="" />
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{shop.shop_name}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {shop.company_name || '—'}
        </Typography.Text>
      </Space>
    </Space>
  );
}

export default function ShopListPage() {
  const { t } = useTranslation();
  const search = useSearchState();
  const params: ShopListParams = { ...readPaging(search), keyword: search.readString('keyword'), shop_disable: search.readString('state') ?? 'ALL' };
  const list = useShops(params);
  const close = useCloseShop();
  const reopen = useReopenShop();
  const filter = (patch: Record<string, string | number | undefined>) => search.update({ ...patch, page: undefined });

  const columns: TableColumnsType<ShopRow> = [
    { title: t('shops.columns.id'), dataIndex: 'shop_id', width: 80 },
    { title: t('shops.columns.shop'), key: 'shop', render: (_v, shop) => <ShopTitle shop={shop} /> },
    { title: t('shops.columns.member'), dataIndex: 'member_name', width: 130 },
    { title: t('shops.columns.phone'), dataIndex: 'link_phone', width: 140, render: (phone: string) => phone || '—' },
    { title: t('shops.columns.region'), dataIndex: 'region', width: 170, render: (region: string) => region || '—' },
    { title: t('shops.columns.goods'), dataIndex: 'goods_num', width: 90, align: 'right' },
    { title: t('shops.columns.created'), dataIndex: 'create_time', width: 170, render: formatUnixTime },
    {
      title: t('shops.columns.status'),
      dataIndex: 'shop_disable',
      width: 110,
      render: (status: ShopStatus) => <Tag color={SHOP_STATUS_COLORS[status]}>{t(`shops.status.${status}`)}</Tag>,
    },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 110,
      fixed: 'end',
      render: (_v, shop) =>
        shop.shop_disable === 'OPEN' ? (
          <Popconfirm
            title={t('shops.confirm.close', { name: shop.shop_name })}
            okButtonProps={{ danger: true }}
            onConfirm={() => close.mutateAsync(shop.shop_id).then(() => toast.success(t('shops.messages.closed'))).catch(ignore)}
          >
            <Button type="link" size="small" danger>
              {t('shops.actions.close')}
            </Button>
          </Popconfirm>
        ) : shop.shop_disable === 'CLOSED' ? (
          <Popconfirm
            title={t('shops.confirm.open', { name: shop.shop_name })}
            onConfirm={() => reopen.mutateAsync(shop.shop_id).then(() => toast.success(t('shops.messages.opened'))).catch(ignore)}
          >
            <Button type="link" size="small">
              {t('shops.actions.open')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          key={params.keyword ?? ''}
          allowClear
          defaultValue={params.keyword}
          placeholder={t('shops.filters.keyword')}
          style={{ width: 260 }}
          onSearch={(value) => filter({ keyword: value.trim() })}
        />
        <Select
          style={{ width: 150 }}
          value={params.shop_disable}
          onChange={(value: string) => filter({ state: value === 'ALL' ? undefined : value })}
          options={FILTERS.map((value) => ({ value, label: value === 'ALL' ? t('shops.filters.all') : t(`shops.status.${value}`) }))}
        />
      </Flex>
      <Table<ShopRow>
        rowKey="shop_id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 1200 }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('shops.total', { total }))}
      />
    </Card>
  );
}
