import { Card, Col, Empty, Flex, Row, Statistic, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { financeEndpoints, memberEndpoints, type MemberLedgerRow, type RechargeRow } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi } from '@/lib/api';

/** The balance first, then what makes it up: recharged + refunded + other credits − debits (+ what no ledger row explains). */
const FIGURES = ['balance', 'recharged', 'refunded', 'other_credits', 'debits', 'unrecorded'] as const;

const byTime = { sortKey: 'create_time', sortDirections: ['descend' as const, 'ascend' as const] };

function RechargeList() {
  const { t } = useTranslation();
  const list = useListPage(financeEndpoints.recharges);
  const { query, filter } = list;
  const columns: ListColumn<RechargeRow>[] = [
    { title: t('finance.deposit.rechargeSn'), dataIndex: 'recharge_sn', fixed: 'start' },
    { title: t('finance.deposit.member'), dataIndex: 'member_name' },
    { title: t('finance.deposit.amount'), dataIndex: 'recharge_money', align: 'right', render: formatYuan },
    { title: t('finance.deposit.way'), dataIndex: 'recharge_way', render: (way: RechargeRow['recharge_way']) => t(`finance.rechargeWay.${way}`) },
    { title: t('finance.deposit.time'), dataIndex: 'create_time', ...byTime, render: formatUnixTime },
  ];
  return (
    <>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.member_name} placeholder={t('finance.deposit.memberFilter')} onSearch={(member_name) => filter({ member_name })} />
        <KeywordSearch value={query.sn} placeholder={t('finance.deposit.snFilter')} onSearch={(sn) => filter({ sn })} />
        <DayRangeFilter start={query.start_time} end={query.end_time} onChange={({ start, end }) => filter({ start_time: start, end_time: end })} />
        <ExportButton endpoint={financeEndpoints.rechargeExport} query={query} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<RechargeRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('finance.deposit.noRecharges')} />} />
    </>
  );
}

function WalletLog() {
  const { t } = useTranslation();
  const list = useListPage(memberEndpoints.depositLog);
  const { query, filter } = list;
  const columns: ListColumn<MemberLedgerRow>[] = [
    { title: t('finance.deposit.member'), dataIndex: 'member_name', fixed: 'start' },
    {
      title: t('finance.deposit.change'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number) => <Typography.Text type={amount < 0 ? 'danger' : 'success'}>{`${amount > 0 ? '+' : ''}${formatYuan(amount)}`}</Typography.Text>,
    },
    { title: t('finance.deposit.after'), dataIndex: 'after', align: 'right', render: formatYuan },
    { title: t('finance.deposit.detail'), dataIndex: 'reason', render: (reason: string) => <div style={{ maxWidth: 220, whiteSpace: 'normal' }}>{reason}</div> },
    { title: t('finance.deposit.operator'), dataIndex: 'operator_name', render: (name: string) => name || '—' },
    { title: t('finance.deposit.time'), dataIndex: 'create_time', ...byTime, render: formatUnixTime },
  ];
  return (
    <>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.member_name} placeholder={t('finance.deposit.memberFilter')} onSearch={(member_name) => filter({ member_name })} />
        <DayRangeFilter start={query.start_time} end={query.end_time} onChange={({ start, end }) => filter({ start_time: start, end_time: end })} />
        <ExportButton endpoint={financeEndpoints.depositLogExport} query={query} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<MemberLedgerRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('finance.deposit.noLog')} />} />
    </>
  );
}

/** /finance/preDeposit: the totals, the members' recharges and the wallet log (one ledger), a tab each; the tab is in the URL. */
export default function PreDepositPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'log' ? 'log' : 'recharge';
  const totals = useApi(financeEndpoints.depositTotals, {});
  return (
    <Flex vertical gap={16}>
      <Card>
        {/* the balance and where it came from, so the figures add up on screen */}
        <Row gutter={16}>
          {FIGURES.filter((key) => key !== 'unrecorded' || (totals.data?.unrecorded ?? 0) !== 0).map((key) => (
            <Col key={key} flex="1 1 160px">
              <Statistic
                title={t(`finance.deposit.figures.${key}`)}
                value={totals.data ? (key === 'debits' ? `−${formatYuan(totals.data.debits)}` : formatYuan(totals.data[key])) : '—'}
                valueStyle={key === 'balance' ? { fontWeight: 600 } : key === 'unrecorded' ? { color: '#cf1322' } : undefined}
                loading={totals.isLoading}
              />
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('finance.deposit.figures.formula')}
        </Typography.Paragraph>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'log' ? { tab: 'log' } : {})}
          destroyOnHidden
          items={[
            { key: 'recharge', label: t('finance.deposit.rechargeTab'), children: tab === 'recharge' && <RechargeList /> },
            { key: 'log', label: t('finance.deposit.logTab'), children: tab === 'log' && <WalletLog /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
