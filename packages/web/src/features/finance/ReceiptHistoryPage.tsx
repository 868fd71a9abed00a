import { Button, Card, Empty, Flex, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RECEIPT_TYPES, financeEndpoints, type ReceiptRow, type ReceiptType } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { receiptDetailPath } from './queries';

const TYPES = Object.keys(RECEIPT_TYPES) as ReceiptType[];

/** /finance/receipt-history: the invoices orders asked for, issued or not by their sellers (view only). */
export default function ReceiptHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(financeEndpoints.receipts);
  const { query, filter } = list;
  const columns: ListColumn<ReceiptRow>[] = [
    { title: t('finance.receipt.date'), dataIndex: 'create_time', sortKey: 'create_time', render: formatUnixTime },
    { title: t('finance.receipt.type'), dataIndex: 'receipt_type', render: (type: ReceiptType) => t(`finance.receiptType.${type}`) },
    { title: t('finance.receipt.member'), dataIndex: 'member_name' },
    { title: t('finance.receipt.orderSn'), dataIndex: 'order_sn' },
    { title: t('finance.receipt.shop'), dataIndex: 'seller_name', render: (name: string) => <div style={{ maxWidth: 140, whiteSpace: 'normal' }}>{name}</div> },
    { title: t('finance.receipt.amount'), dataIndex: 'order_price', align: 'right', render: formatYuan },
    { title: t('finance.receipt.status'), dataIndex: 'status', render: (status: 0 | 1) => <Tag color={status ? 'green' : 'gold'}>{t(`finance.receiptStatus.${status}`)}</Tag> },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, row) => (
        <Button type="link" size="small" onClick={() => navigate(receiptDetailPath(row.history_id))}>
          {t('finance.actions.view')}
        </Button>
      ),
    },
  ];
  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.uname} width={160} placeholder={t('finance.receipt.memberFilter')} onSearch={(uname) => filter({ uname })} />
        <KeywordSearch value={query.seller_name} width={160} placeholder={t('finance.receipt.shopFilter')} onSearch={(seller_name) => filter({ seller_name })} />
        <KeywordSearch value={query.order_sn} width={200} placeholder={t('finance.receipt.orderFilter')} onSearch={(order_sn) => filter({ order_sn })} />
        <Select<ReceiptType>
          allowClear
          value={query.receipt_type}
          placeholder={t('finance.receipt.typeFilter')}
          style={{ width: 170 }}
          options={TYPES.map((type) => ({ value: type, label: t(`finance.receiptType.${type}`) }))}
          onChange={(receipt_type) => filter({ receipt_type })}
        />
        <Select<0 | 1>
          allowClear
          value={query.status as 0 | 1 | undefined}
          placeholder={t('finance.receipt.statusFilter')}
          style={{ width: 130 }}
          options={[0, 1].map((status) => ({ value: status as 0 | 1, label: t(`finance.receiptStatus.${status}`) }))}
          onChange={(status) => filter({ status })}
        />
        <DayRangeFilter start={query.start_time} end={query.end_time} onChange={({ start, end }) => filter({ start_time: start, end_time: end })} />
      </Flex>
      <ListTable<ReceiptRow> list={list} rowKey="history_id" columns={columns} emptyText={<Empty description={t('finance.receipt.empty')} />} />
    </Card>
  );
}
