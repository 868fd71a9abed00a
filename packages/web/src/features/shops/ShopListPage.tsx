import { useState } from 'react';
import { Button, Image, Card, Flex, Modal, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SETTLEMENT_DAYS_MAX, type ShopRow, type ShopStatus } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { toast } from '@/lib/feedback';
import { usePermissions } from '@/lib/permissions';
import { ShopDetailDrawer } from './ShopDetailDrawer';
import { useCloseShop, useReopenShop, useSetSettlementDays, useSettleNow, useShops, type ShopListParams } from './queries';

export const SHOP_STATUS_COLORS: Record<ShopStatus, string> = { APPLYING: 'default', APPLY: 'gold', OPEN: 'green', CLOSED: 'red', REFUSED: 'volcano' };
const FILTERS = ['ALL', 'OPEN', 'CLOSED', 'APPLY', 'REFUSED'] as const;
const ignore = () => undefined;
/** Bills are cut for shops that have opened. */
const billable = (shop: ShopRow) => shop.shop_disable === 'OPEN' || shop.shop_disable === 'CLOSED';

/** Asks for the days of the month the selected shops' bills are cut (1–31, at most five). */
function SettlementDaysDialog({ shops, onClose }: { shops: ShopRow[]; onClose(): void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number[]>([]);
  const save = useSetSettlementDays();
  return (
    <Modal
      open={shops.length > 0}
      title={t('shops.settlement.dialogTitle', { count: shops.length })}
      okButtonProps={{ disabled: days.length === 0 }}
      confirmLoading={save.isPending}
      destroyOnHidden
      afterClose={() => setDays([])}
      onCancel={onClose}
      onOk={() =>
        save
          .mutateAsync({ ids: shops.map((shop) => shop.shop_id), days })
          .then(() => {
            toast.success(t('shops.messages.daysSaved'));
            onClose();
          })
          .catch(ignore)
      }
    >
      <Typography.Paragraph type="secondary">{shops.map((shop) => shop.shop_name).join('、')}</Typography.Paragraph>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={days}
        maxCount={SETTLEMENT_DAYS_MAX}
        onChange={(next: number[]) => setDays([...next].sort((a, b) => a - b))}
        placeholder={t('shops.settlement.daysHint', { max: SETTLEMENT_DAYS_MAX })}
        options={Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: t('shops.settlement.day', { day: i + 1 }) }))}
      />
    </Modal>
  );
}

export function ShopTitle({ shop, onOpen }: { shop: ShopRow; onOpen?(): void }) {
  return (
    <Space>
      <Image src={shop.logo} width={72} height={36} preview={false} style={{ objectFit: 'contain' }} alt="" />
      <Space orientation="vertical" size={0}>
        {onOpen ? (
          <Typography.Link strong onClick={onOpen}>
            {shop.shop_name}
          </Typography.Link>
        ) : (
          <Typography.Text strong>{shop.shop_name}</Typography.Text>
        )}
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
  const params: ShopListParams = {
    ...readPaging(search),
    keyword: search.readString('keyword'),
    shop_disable: search.readString('state') ?? 'ALL',
    start_time: search.readNumber('start'),
    end_time: search.readNumber('end'),
  };
  const list = useShops(params);
  const close = useCloseShop();
  const reopen = useReopenShop();
  const settleNow = useSettleNow();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const [selected, setSelected] = useState<ShopRow[]>([]);
  const [settingDays, setSettingDays] = useState<ShopRow[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const canEdit = hasPermission('shopEdit');
  const filter = (patch: Record<string, string | number | undefined>) => search.update({ ...patch, page: undefined });

  const columns: TableColumnsType<ShopRow> = [
    { title: t('shops.columns.id'), dataIndex: 'shop_id', width: 80 },
    { title: t('shops.columns.shop'), key: 'shop', width: 300, render: (_v, shop) => <ShopTitle shop={shop} onOpen={() => setViewing(shop.shop_id)} /> },
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
      width: 130,
      fixed: 'end',
      render: (_v, shop) => (
        <Space size={0}>
          {canEdit && shop.shop_disable !== 'APPLY' && shop.shop_disable !== 'APPLYING' && (
            <Button type="link" size="small" onClick={() => navigate(`/shop/edit/${shop.shop_id}`)}>
              {t('common.actions.edit')}
            </Button>
          )}
          {shop.shop_disable === 'APPLY' && hasPermission('shopAudit') && (
            <Button type="link" size="small" onClick={() => navigate('/shop/shop-audit')}>
              {t('shops.actions.audit')}
            </Button>
          )}
          {shop.shop_disable === 'OPEN' ? (
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
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.keyword} placeholder={t('shops.filters.keyword')} width={260} onSearch={(keyword) => filter({ keyword })} />
        <Select
          style={{ width: 150 }}
          value={params.shop_disable}
          onChange={(value: string) => filter({ state: value === 'ALL' ? undefined : value })}
          options={FILTERS.map((value) => ({ value, label: value === 'ALL' ? t('shops.filters.all') : t(`shops.status.${value}`) }))}
        />
        <DayRangeFilter start={params.start_time} end={params.end_time} placeholder={[t('shops.filters.createdFrom'), t('shops.filters.createdTo')]} onChange={filter} />
      </Flex>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        {hasPermission('shopAdd') && (
          <Button type="primary" onClick={() => navigate('/shop/shop-add')}>
            {t('shops.actions.add')}
          </Button>
        )}
        <Button disabled={selected.length === 0} onClick={() => setSettingDays(selected)}>
          {t('shops.actions.settlementDays')}
        </Button>
        <Popconfirm
          title={t('shops.confirm.settleSelected', { count: selected.length })}
          disabled={selected.length === 0}
          onConfirm={() =>
            settleNow
              .mutateAsync(selected.map((shop) => shop.shop_id))
              .then(({ bill_ids }) => {
                toast.success(t('shops.messages.settledMany', { count: bill_ids.length }));
                setSelected([]);
              })
              .catch(ignore)
          }
        >
          <Button disabled={selected.length === 0} loading={settleNow.isPending}>
            {t('shops.actions.settleNow')}
          </Button>
        </Popconfirm>
        {selected.length > 0 && <Typography.Text type="secondary">{t('shops.selected', { count: selected.length })}</Typography.Text>}
      </Flex>
      <Table<ShopRow>
        rowKey="shop_id"
        rowSelection={{
          selectedRowKeys: selected.map((shop) => shop.shop_id),
          onChange: (_keys, rows) => setSelected(rows),
          getCheckboxProps: (shop) => ({ disabled: !billable(shop) }),
          preserveSelectedRowKeys: true,
        }}
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 1400 }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('shops.total', { total }))}
      />
      <ShopDetailDrawer shopId={viewing} onClose={() => setViewing(null)} />
      <SettlementDaysDialog shops={settingDays} onClose={() => setSettingDays([])} />
    </Card>
  );
}
