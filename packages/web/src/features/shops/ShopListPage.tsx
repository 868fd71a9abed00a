import { useState } from 'react';
import { Button, Card, Flex, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { idListOf, SETTLEMENT_DAYS_MAX, SETTLEMENT_STATUS, shopEndpoints, type SettlementStatus, type ShopRow, type ShopStatus } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useRowSelection } from '@/components/list/useRowSelection';
import { usePermissions } from '@/lib/permissions';
import { ShopDetailDrawer } from './ShopDetailDrawer';
import { ShopTitle } from './ShopTitle';
import { byCreationTime } from './listColumns';
import { useCloseShop, useReopenShop, useSetSettlementDays, useSettleNow } from './queries';
import { SHOP_STATUS_COLORS } from './status';

const FILTERS = ['ALL', 'OPEN', 'CLOSED', 'APPLY', 'REFUSED'] as const;

/** The page's URL beside the list query: the shop whose details are open, the shops whose settlement days are being set. */
const ui = {
  detail: z.coerce.number().int().positive(),
  settlement_days: idListOf('', 100, ''),
};

/** Bills are cut for shops that have opened. */
const billable = (shop: ShopRow) => shop.shop_disable === 'OPEN' || shop.shop_disable === 'CLOSED';

/** Asks for the days of the month the shops' bills are cut (1–31, at most five). */
function SettlementDaysDialog({ ids, known, onClose }: { ids: number[] | undefined; known: ShopRow[]; onClose(): void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number[]>([]);
  const [status, setStatus] = useState<SettlementStatus>();
  const save = useSetSettlementDays();
  const names = (ids ?? []).flatMap((id) => known.find((shop) => shop.shop_id === id)?.shop_name ?? []);
  return (
    <Modal
      open={ids !== undefined}
      title={t('shops.settlement.dialogTitle', { count: ids?.length ?? 0 })}
      okButtonProps={{ disabled: days.length === 0 }}
      confirmLoading={save.isPending}
      destroyOnHidden
      afterClose={() => {
        setDays([]);
        setStatus(undefined);
      }}
      onCancel={onClose}
      onOk={() => ids && save.mutate({ ids, days, status }, { onSuccess: onClose })}
    >
      <Typography.Paragraph type="secondary">{names.join('、')}</Typography.Paragraph>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={days}
        maxCount={SETTLEMENT_DAYS_MAX}
        onChange={(next: number[]) => setDays([...next].sort((a, b) => a - b))}
        placeholder={t('shops.settlement.daysHint', { max: SETTLEMENT_DAYS_MAX })}
        options={Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: t('shops.settlement.day', { day: i + 1 }) }))}
      />
      {/* which orders the bills take; each shop keeps its own when none is chosen */}
      <Select
        aria-label={t('shops.settlement.status')}
        allowClear
        style={{ width: '100%', marginTop: 12 }}
        value={status}
        onChange={setStatus}
        placeholder={t('shops.settlement.keepStatus')}
        options={SETTLEMENT_STATUS.map((value) => ({ value, label: t('shops.settlement.statusOption', { status: t(`shops.settlementStatus.${value}`) }) }))}
      />
    </Modal>
  );
}

export default function ShopListPage() {
  const { t } = useTranslation();
  const list = useListPage(shopEndpoints.list, { ui });
  const { query, filter } = list;
  const close = useCloseShop();
  const reopen = useReopenShop();
  const settleNow = useSettleNow(true);
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const selection = useRowSelection(list);
  const selected = selection.selected;
  const canEdit = hasPermission('shopEdit');

  // The shop stays in view while a narrow window scrolls the rest; the contact and location are in its drawer.
  const columns: ListColumn<ShopRow>[] = [
    { title: t('shops.columns.id'), dataIndex: 'shop_id', fixed: 'start' },
    { title: t('shops.columns.shop'), key: 'shop', fixed: 'start', render: (_v, shop) => <ShopTitle shop={shop} onOpen={() => list.openUi({ detail: shop.shop_id })} /> },
    { title: t('shops.columns.member'), dataIndex: 'member_name' },
    { title: t('shops.columns.goods'), dataIndex: 'goods_num', align: 'right' },
    { title: t('shops.columns.created'), dataIndex: 'create_time', ...byCreationTime, render: formatUnixTime },
    {
      title: t('shops.columns.status'),
      dataIndex: 'shop_disable',
      render: (status: ShopStatus) => <Tag color={SHOP_STATUS_COLORS[status]}>{t(`shops.status.${status}`)}</Tag>,
    },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, shop) => (
        <Space size={0}>
          {canEdit && shop.shop_disable !== 'APPLY' && shop.shop_disable !== 'APPLYING' && (
            <Button type="link" size="small" onClick={() => navigate(`/shop/edit/${shop.shop_id}`)}>
              {t('common.actions.edit')}
            </Button>
          )}
          {shop.shop_disable === 'APPLY' && hasPermission('shopAudit') && (
            <Button type="link" size="small" onClick={() => navigate(`/shop/shop-audit?detail=${shop.shop_id}`)}>
              {t('shops.actions.audit')}
            </Button>
          )}
          {shop.shop_disable === 'OPEN' ? (
            <Popconfirm title={t('shops.confirm.close', { name: shop.shop_name })} okButtonProps={{ danger: true }} onConfirm={() => close.mutate(shop.shop_id)}>
              <Button type="link" size="small" danger>
                {t('shops.actions.close')}
              </Button>
            </Popconfirm>
          ) : shop.shop_disable === 'CLOSED' ? (
            <Popconfirm title={t('shops.confirm.open', { name: shop.shop_name })} onConfirm={() => reopen.mutate(shop.shop_id)}>
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
        <KeywordSearch value={query.keyword} placeholder={t('shops.filters.keyword')} width={260} onSearch={(keyword) => filter({ keyword })} />
        <Select
          style={{ width: 150 }}
          value={query.shop_disable}
          onChange={(value: string) => filter({ shop_disable: value })}
          options={FILTERS.map((value) => ({ value, label: value === 'ALL' ? t('shops.filters.all') : t(`shops.status.${value}`) }))}
        />
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('shops.filters.createdFrom'), t('shops.filters.createdTo')]}
          onChange={({ start, end }) => filter({ start_time: start, end_time: end })}
        />
      </Flex>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        {hasPermission('shopAdd') && (
          <Button type="primary" onClick={() => navigate('/shop/shop-add')}>
            {t('shops.actions.add')}
          </Button>
        )}
        <Button disabled={selected.length === 0} onClick={() => list.openUi({ settlement_days: selected.join(',') })}>
          {t('shops.actions.settlementDays')}
        </Button>
        <Popconfirm
          title={t('shops.confirm.settleSelected', { count: selected.length })}
          disabled={selected.length === 0}
          onConfirm={() => settleNow.mutate(selected, { onSuccess: () => selection.drop(selected) })}
        >
          <Button disabled={selected.length === 0} loading={settleNow.isPending}>
            {t('shops.actions.settleNow')}
          </Button>
        </Popconfirm>
        {selected.length > 0 && <Typography.Text type="secondary">{t('shops.selected', { count: selected.length })}</Typography.Text>}
        <ExportButton endpoint={shopEndpoints.export} query={query} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<ShopRow>
        list={list}
        rowKey="shop_id"
        rowSelection={{
          fixed: true,
          selectedRowKeys: selected,
          onChange: selection.onChange,
          getCheckboxProps: (shop) => ({ disabled: !billable(shop) }),
        }}
        columns={columns}
      />
      <ShopDetailDrawer shopId={list.ui.detail} onClose={list.closeUi} />
      <SettlementDaysDialog ids={list.ui.settlement_days} known={list.rows} onClose={list.closeUi} />
    </Card>
  );
}
