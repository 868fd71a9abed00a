import { Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberLedgerRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, useSearchState } from '@/components/useSearchState';
import { formatSigned, formatYuan } from './MemberCell';
import { useBalanceLedger, usePointLedger } from './queries';

export type LedgerTab = 'balance' | 'point';

export const readLedgerTab = (search: ReturnType<typeof useSearchState>): LedgerTab => (search.readString('ledger') === 'point' ? 'point' : 'balance');

function LedgerTable({ memberId, kind }: { memberId: number; kind: LedgerTab }) {
  const { t } = useTranslation();
  const search = useSearchState();
  const page = search.readNumber('lpage') ?? 1;
  const size = search.readNumber('lsize');
  const params = { page_no: page > 0 ? page : 1, page_size: size && PAGE_SIZE_OPTIONS.includes(size) ? size : DEFAULT_PAGE_SIZE };
  const balance = useBalanceLedger(kind === 'balance' ? memberId : 0, params);
  const point = usePointLedger(kind === 'point' ? memberId : 0, params);
  const ledger = kind === 'balance' ? balance : point;
  const money = kind === 'balance';

  const columns: TableColumnsType<MemberLedgerRow> = [
    { title: t('members.ledger.time'), dataIndex: 'create_time', width: 170, render: formatUnixTime },
    {
      title: t('members.ledger.operator'),
      key: 'operator',
      width: 150,
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
    { title: t('members.ledger.reason'), dataIndex: 'reason', ellipsis: true },
    ...(money ? [] : [{ title: t('members.ledger.kind'), dataIndex: 'kind', width: 100, render: (value: string) => t(`members.ledger.kinds.${value}`) }]),
    {
      title: t('members.ledger.change'),
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (amount: number) => <Typography.Text type={amount < 0 ? 'danger' : 'success'}>{formatSigned(amount, money)}</Typography.Text>,
    },
    { title: t('members.ledger.after'), dataIndex: 'after', width: 130, align: 'right', render: (after: number) => (money ? formatYuan(after) : after) },
  ];

  return (
    <Table<MemberLedgerRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={ledger.data?.data}
      loading={ledger.isFetching}
      locale={{ emptyText: ledger.isError ? t('common.loadFailed') : t('members.ledger.empty') }}
      pagination={{
        current: params.page_no,
        pageSize: params.page_size,
        total: ledger.data?.data_total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        showTotal: (total) => t('members.total', { total }),
        onChange: (next, nextSize) => search.update({ lpage: next > 1 ? next : undefined, lsize: nextSize === DEFAULT_PAGE_SIZE ? undefined : nextSize }),
      }}
    />
  );
}

/** The member's balance and point history (every change is a ledger row), tab and page in the URL. */
export function MemberLedger({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const search = useSearchState();
  const tab = readLedgerTab(search);
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => search.update({ ledger: key === 'point' ? 'point' : undefined, lpage: undefined, lsize: undefined })}
      items={[
        { key: 'balance', label: t('members.ledger.balanceTab'), children: tab === 'balance' && <LedgerTable memberId={memberId} kind="balance" /> },
        { key: 'point', label: t('members.ledger.pointTab'), children: tab === 'point' && <LedgerTable memberId={memberId} kind="point" /> },
      ]}
    />
  );
}
