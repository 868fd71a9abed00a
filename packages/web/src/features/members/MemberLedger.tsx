import { useMemo } from 'react';
import { Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { memberEndpoints as members, type MemberLedgerRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { formatSigned } from './MemberCell';
import { formatYuan } from '@/components/formatMoney';

export type LedgerTab = 'balance' | 'point';

/** The ledger's tab in the URL (`ledger=point`; the balance tab is the default) and its page with it. */
export function useLedgerTab(): [LedgerTab, (tab: LedgerTab) => void] {
  const [search, setSearch] = useSearchParams();
  const tab: LedgerTab = search.get('ledger') === 'point' ? 'point' : 'balance';
  const show = (next: LedgerTab) =>
    setSearch((previous) => {
      const url = new URLSearchParams(previous);
      for (const key of ['ledger', 'page_no', 'page_size']) url.delete(key);
      if (next === 'point') url.set('ledger', 'point');
      return url;
    });
  return [tab, show];
}

function useLedgerColumns(money: boolean): ListColumn<MemberLedgerRow>[] {
  const { t } = useTranslation();
  return [
    { title: t('members.ledger.time'), dataIndex: 'create_time', render: formatUnixTime },
    {
      title: t('members.ledger.operator'),
      key: 'operator',
      render: (_v, row) => {
        const type = t(`members.ledger.operatorType.${row.operator_type}`, { defaultValue: row.operator_type });
        // Orders and the system have no person to name.
        return row.operator_type === 'ADMIN' ? (
          <>
            {row.operator_name} <Tag>{type}</Tag>
          </>
        ) : (
          <Tag>{type}</Tag>
        );
      },
    },
    {
      title: t('members.ledger.reason'),
      dataIndex: 'reason',
      render: (reason: string) => (
        <Typography.Text ellipsis={{ tooltip: reason }} style={{ maxWidth: 320 }}>
          {reason}
        </Typography.Text>
      ),
    },
    ...(money ? [] : [{ title: t('members.ledger.kind'), dataIndex: 'kind', render: (value: string) => t(`members.ledger.kinds.${value}`) }]),
    {
      title: t('members.ledger.change'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number) => <Typography.Text type={amount < 0 ? 'danger' : 'success'}>{formatSigned(amount, money)}</Typography.Text>,
    },
    { title: t('members.ledger.after'), dataIndex: 'after', align: 'right', render: (after: number) => (money ? formatYuan(after) : after) },
  ];
}

function BalanceLedger({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const fixed = useMemo(() => ({ member_id: memberId }), [memberId]);
  const list = useListPage(members.depositLog, { fixed });
  return <ListTable<MemberLedgerRow> list={list} rowKey="id" size="small" columns={useLedgerColumns(true)} emptyText={t('members.ledger.empty')} />;
}

function PointLedger({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const params = useMemo(() => ({ member_id: memberId }), [memberId]);
  const list = useListPage(members.pointLog, { params });
  return <ListTable<MemberLedgerRow> list={list} rowKey="id" size="small" columns={useLedgerColumns(false)} emptyText={t('members.ledger.empty')} />;
}

/** The member's balance and point history (every change is a ledger row), tab and page in the URL. */
export function MemberLedger({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const [tab, show] = useLedgerTab();
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => show(key === 'point' ? 'point' : 'balance')}
      items={[
        { key: 'balance', label: t('members.ledger.balanceTab'), children: tab === 'balance' && <BalanceLedger memberId={memberId} /> },
        { key: 'point', label: t('members.ledger.pointTab'), children: tab === 'point' && <PointLedger memberId={memberId} /> },
      ]}
    />
  );
}
