import { Card, Col, Empty, Flex, Row, Select, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BILL_STATUS, financeEndpoints, type BillRow, type BillStatus } from '@agora/contract';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ShopSelect } from '@/components/ShopSelect';
import { useTwoStep } from '@/components/TwoStepDialog';
import { formatYuan } from '@/components/formatMoney';
import { formatPlatformTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useApi } from '@/lib/api';
import { BillStatusTag } from './BillStatusTag';
import { settlementDetailPath, useBillNext } from './queries';

/** Bills are cut on the platform's days and a period ends at midnight there: read on its clock, not the browser's. */
const platformDay = (seconds: number) => formatPlatformTime(seconds).slice(0, 10);

type BillAmount = { [K in keyof BillRow]: BillRow[K] extends number ? K : never }[keyof BillRow];

/** /finance/settlement: what the platform paid out and still owes, and every shop's bills. */
export default function SettlementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(financeEndpoints.bills);
  const { query, filter } = list;
  const totals = useApi(financeEndpoints.billTotals, {});
  const next = useBillNext();
  const { attempt, dialog } = useTwoStep();
  const settle = (bill: BillRow) => attempt(() => next.mutateAsync({ id: bill.id, status: bill.status }));
  /** Two figures of the bill one above the other, the second in grey: the list keeps to the window at 1440 px. */
  const pairColumn = (label: 'siteCoupon' | 'distributionRebate' | 'cod', first: BillAmount, second: BillAmount): ListColumn<BillRow> => ({
    title: t(`finance.bill.${label}`),
    key: label,
    align: 'right',
    render: (_v, bill) => (
      <div>
        {formatYuan(bill[first])}
        <br />
        <Typography.Text type="secondary">{formatYuan(bill[second])}</Typography.Text>
      </div>
    ),
  });

  const columns: ListColumn<BillRow>[] = [
    {
      // the bill's number over the day it was cut (the list's sort): the list keeps to the window at 1440 px
      title: t('finance.bill.snAndIssued'),
      dataIndex: 'bill_sn',
      key: 'create_time',
      sortKey: 'create_time',
      fixed: 'start',
      render: (sn: string, bill) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Typography.Link onClick={() => navigate(settlementDetailPath(bill.id))}>{sn}</Typography.Link>
          <br />
          <Typography.Text type="secondary">{platformDay(bill.create_time)}</Typography.Text>
        </div>
      ),
    },
    { title: t('finance.bill.shop'), dataIndex: 'shop_name', render: (name: string) => <div style={{ maxWidth: 120, whiteSpace: 'normal' }}>{name}</div> },
    {
      // the orders' amount over the commission taken on them: the list keeps to the window at 1440 px
      title: t('finance.bill.priceAndCommission'),
      dataIndex: 'price',
      align: 'right',
      render: (value: number, bill) => (
        <div>
          {formatYuan(value)}
          <br />
          <Typography.Text type="secondary">{formatYuan(bill.commi_price)}</Typography.Text>
        </div>
      ),
    },
    {
      // the refunds and the commission they give back, one above the other: the list keeps to the window
      title: t('finance.bill.refundAndCommission'),
      dataIndex: 'refund_price',
      align: 'right',
      render: (value: number, bill) => (
        <div>
          {formatYuan(value)}
          <br />
          <Typography.Text type="secondary">{formatYuan(bill.refund_commi_price)}</Typography.Text>
        </div>
      ),
    },
    // the rest of what the bill takes, so the row adds up on screen (the formula above the list)
    pairColumn('siteCoupon', 'site_coupon_price', 'site_coupon_commi'),
    pairColumn('distributionRebate', 'distribution_rebate', 'distribution_return_rebate'),
    {
      // what the shop is owed over where the bill stands
      title: t('finance.bill.billPriceAndStatus'),
      dataIndex: 'bill_price',
      align: 'right',
      render: (value: number, bill) => (
        <Flex vertical align="flex-end" gap={4}>
          <Typography.Text strong>{formatYuan(value)}</Typography.Text>
          <BillStatusTag status={bill.status} />
        </Flex>
      ),
    },
    // collected by the seller itself: outside the sum, only its commission is in 佣金
    pairColumn('cod', 'cod_price', 'cod_refund_price'),
    // two lines: the list keeps to the window at 1440 px
    { title: t('finance.bill.period'), key: 'period', render: (_v, bill) => <div style={{ whiteSpace: 'nowrap' }}>{`${platformDay(bill.start_time)} ~`}<br />{platformDay(bill.end_time)}</div> },
    actionColumn<BillRow>(t('common.actions.operation'), (bill) => [
      { label: t('finance.actions.view'), onClick: () => navigate(settlementDetailPath(bill.id)) },
      bill.status === 'PASS' && {
        label: t('finance.actions.settle'),
        confirm: t('finance.confirm.settle', { sn: bill.bill_sn, amount: formatYuan(bill.bill_price) }),
        onClick: () => settle(bill),
      },
    ]),
  ];

  return (
    <Flex vertical gap={16}>
      <Row gutter={16}>
        <Col span={12}>
          <Card>
            <Statistic title={t('finance.totals.settled')} value={totals.data ? formatYuan(totals.data.settled) : '—'} loading={totals.isLoading} />
          </Card>
        </Col>
        <Col span={12}>
          <Card>
            <Statistic title={t('finance.totals.waiting')} value={totals.data ? formatYuan(totals.data.wait_settled) : '—'} loading={totals.isLoading} />
          </Card>
        </Col>
      </Row>
      <Card>
        <Flex wrap gap={12} style={{ marginBottom: 16 }}>
          <KeywordSearch value={query.bill_sn} placeholder={t('finance.filters.billSn')} onSearch={(bill_sn) => filter({ bill_sn })} />
          <ShopSelect value={query.seller_id} placeholder={t('finance.filters.shop')} onChange={(seller_id) => filter({ seller_id })} style={{ width: 220 }} />
          <Select<BillStatus>
            allowClear
            value={query.status}
            placeholder={t('finance.filters.status')}
            style={{ width: 160 }}
            options={BILL_STATUS.map((status) => ({ value: status, label: t(`finance.billStatus.${status}`) }))}
            onChange={(status) => filter({ status })}
          />
          <ExportButton endpoint={financeEndpoints.billExport} query={query} style={{ marginLeft: 'auto' }} />
        </Flex>
        <Typography.Paragraph type="secondary">{t('finance.bill.formula')}</Typography.Paragraph>
        <ListTable<BillRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('finance.bill.empty')} />} />
      </Card>
      {dialog}
    </Flex>
  );
}
