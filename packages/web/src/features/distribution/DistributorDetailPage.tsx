import { useMemo, useState } from 'react';
import { Button, Card, Descriptions, Flex, Popconfirm, Select, Space, Statistic, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { distributionEndpoints, type DistributionBillRow, type DistributionLedgerKind, type DistributionLedgerRow, type DistributionOrderRow, type CommissionRow } from '@agora/contract';
import { formatSignedYuan, formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi, useApiMutation } from '@/lib/api';
import { useBillColumns, useCommissionColumns, useOrderColumns } from './columns';
import { DISTRIBUTOR_LIST_PATH, DistributorStatusTag } from './shared';

type Tab = 'commissions' | 'orders' | 'ledger' | 'bills';

function CommissionTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const fixed = useMemo(() => ({ member_id: memberId }), [memberId]);
  const list = useListPage(distributionEndpoints.commissions, { fixed });
  return <ListTable<CommissionRow> list={list} rowKey="id" columns={useCommissionColumns(false)} emptyText={t('distribution.commission.empty')} />;
}

function OrdersTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const fixed = useMemo(() => ({ member_id: memberId }), [memberId]);
  const list = useListPage(distributionEndpoints.orders, { fixed });
  return <ListTable<DistributionOrderRow> list={list} rowKey="id" columns={useOrderColumns()} emptyText={t('distribution.order.empty')} />;
}

function BillsTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const fixed = useMemo(() => ({ member_id: memberId }), [memberId]);
  const list = useListPage(distributionEndpoints.bills, { fixed });
  return <ListTable<DistributionBillRow> list={list} rowKey="id" columns={useBillColumns(false)} emptyText={t('distribution.bill.empty')} />;
}

function LedgerTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const fixed = useMemo(() => ({ member_id: memberId }), [memberId]);
  const list = useListPage(distributionEndpoints.ledger, { fixed });
  const signed = (yuan: number) => (yuan === 0 ? '—' : formatSignedYuan(yuan));
  const columns: ListColumn<DistributionLedgerRow>[] = [
    { title: t('distribution.ledger.time'), dataIndex: 'create_time', fixed: 'start', render: formatUnixTime },
    { title: t('distribution.ledger.kindLabel'), dataIndex: 'kind', render: (kind: DistributionLedgerKind) => t(`distribution.ledger.kind.${kind}`) },
    { title: t('distribution.ledger.canRebate'), key: 'can', align: 'right', render: (_v, row) => `${signed(row.can_rebate_change)} → ${formatYuan(row.can_rebate_after)}` },
    { title: t('distribution.ledger.frozen'), key: 'frozen', align: 'right', render: (_v, row) => `${signed(row.frozen_change)} → ${formatYuan(row.frozen_after)}` },
    { title: t('distribution.ledger.withdrawFrozen'), key: 'held', align: 'right', render: (_v, row) => `${signed(row.withdraw_frozen_change)} → ${formatYuan(row.withdraw_frozen_after)}` },
    { title: t('distribution.ledger.ref'), dataIndex: 'ref_sn' },
    { title: t('distribution.ledger.operator'), dataIndex: 'operator' },
  ];
  return <ListTable<DistributionLedgerRow> list={list} rowKey="id" columns={columns} emptyText={t('distribution.ledger.empty')} />;
}

/** distributor-detail/{member_id}: the distributor's money and team, their template and state; commission, orders, money moves and bills. */
export default function DistributorDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const memberId = Number(useParams().member_id);
  const valid = Number.isSafeInteger(memberId) && memberId > 0;
  const [tab, setTab] = useState<Tab>('commissions');
  const [tplId, setTplId] = useState<number>();
  const detail = useApi(distributionEndpoints.distributor, { params: { member_id: memberId } }, { enabled: valid });
  const tpls = useApi(distributionEndpoints.tpls, {});
  const setStatus = useApiMutation(distributionEndpoints.setStatus, { success: 'distribution.distributor.statusSaved' });
  const assign = useApiMutation(distributionEndpoints.assignTpl, { success: 'distribution.distributor.tplSaved' });
  const row = detail.data;

  const tabs: { key: Tab; label: string }[] = [
    { key: 'commissions', label: t('distribution.detail.commissions') },
    { key: 'orders', label: t('distribution.detail.orders') },
    { key: 'ledger', label: t('distribution.detail.ledger') },
    { key: 'bills', label: t('distribution.detail.bills') },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        loading={detail.isLoading}
        title={row ? t('distribution.detail.title', { name: row.member_name }) : t('route.distributorDetail')}
        extra={<Button onClick={() => navigate(DISTRIBUTOR_LIST_PATH)}>{t('common.actions.back')}</Button>}
      >
        {row && (
          <>
            <Flex wrap gap={48} style={{ marginBottom: 16 }}>
              <Statistic title={t('distribution.distributor.canRebate')} value={formatYuan(row.can_rebate)} />
              <Statistic title={t('distribution.distributor.frozen')} value={formatYuan(row.commission_frozen)} />
              <Statistic title={t('distribution.distributor.withdrawFrozen')} value={formatYuan(row.withdraw_frozen)} />
              <Statistic title={t('distribution.distributor.rebateTotal')} value={formatYuan(row.rebate_total)} />
            </Flex>
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={t('distribution.distributor.mobile')}>{row.mobile}</Descriptions.Item>
              <Descriptions.Item label={t('distribution.distributor.parent')}>{row.parent_name || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('distribution.distributor.joinedAt')}>{formatUnixTime(row.create_time)}</Descriptions.Item>
              <Descriptions.Item label={t('distribution.distributor.lv1')}>{row.lv1_num}</Descriptions.Item>
              <Descriptions.Item label={t('distribution.distributor.lv2')}>{row.lv2_num}</Descriptions.Item>
              <Descriptions.Item label={t('distribution.distributor.teamOrders')}>{`${row.order_num} / ${formatYuan(row.turnover_price)}`}</Descriptions.Item>
              <Descriptions.Item label={t('distribution.distributor.statusLabel')}>
                <Space>
                  <DistributorStatusTag status={row.status} />
                  <Popconfirm
                    title={t(row.status === 1 ? 'distribution.distributor.confirmDisable' : 'distribution.distributor.confirmEnable', { name: row.member_name })}
                    onConfirm={() => setStatus.mutate({ params: { member_id: row.member_id }, body: { status: row.status === 1 ? 0 : 1 } })}
                  >
                    <Button size="small" danger={row.status === 1}>
                      {t(row.status === 1 ? 'distribution.distributor.disable' : 'distribution.distributor.enable')}
                    </Button>
                  </Popconfirm>
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('distribution.distributor.tpl')} span={2}>
                <Space wrap>
                  <Typography.Text>{t('distribution.detail.tplRates', { name: row.tpl_name, grade1: row.grade1, grade2: row.grade2 })}</Typography.Text>
                  <Select
                    style={{ width: 180 }}
                    placeholder={t('distribution.detail.chooseTpl')}
                    value={tplId}
                    onChange={setTplId}
                    options={(tpls.data ?? []).filter((tpl) => tpl.id !== row.tpl_id).map((tpl) => ({ value: tpl.id, label: tpl.tpl_name }))}
                  />
                  <Button
                    disabled={tplId === undefined}
                    loading={assign.isPending}
                    onClick={() => tplId !== undefined && assign.mutate({ query: { member_id: row.member_id, tpl_id: tplId } }, { onSuccess: () => setTplId(undefined) })}
                  >
                    {t('distribution.detail.assignTpl')}
                  </Button>
                </Space>
              </Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Card>
      {valid && (
        <Card>
          <Tabs
            activeKey={tab}
            items={tabs}
            onChange={(key) => {
              setSearchParams({}, { replace: true });
              setTab(key as Tab);
            }}
          />
          {tab === 'commissions' && <CommissionTab memberId={memberId} />}
          {tab === 'orders' && <OrdersTab memberId={memberId} />}
          {tab === 'ledger' && <LedgerTab memberId={memberId} />}
          {tab === 'bills' && <BillsTab memberId={memberId} />}
        </Card>
      )}
    </Space>
  );
}
