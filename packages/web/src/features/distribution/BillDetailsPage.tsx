import { useMemo } from 'react';
import { Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { distributionEndpoints, type DistributionOrderRow } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApi } from '@/lib/api';
import { useOrderColumns } from './columns';
import { billListPath } from './shared';

const positive = (text: string | undefined) => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** bill-details/{bill_id}/{member_id}: one distributor's monthly bill and the orders in it. */
export default function BillDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const billId = positive(params.bill_id);
  const memberId = positive(params.member_id);
  const valid = billId !== undefined && memberId !== undefined;
  const bill = useApi(distributionEndpoints.bill, { params: { bill_id: billId ?? 1, member_id: memberId ?? 1 } }, { enabled: valid });
  const fixed = useMemo(() => ({ bill_id: billId ?? 1, member_id: memberId ?? 1 }), [billId, memberId]);
  const list = useListPage(distributionEndpoints.orders, { fixed, enabled: valid });
  const row = bill.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        loading={bill.isLoading}
        title={row ? t('distribution.bill.detailTitle', { sn: row.sn, name: row.member_name }) : t('route.billDetails')}
        extra={<Button onClick={() => navigate(billListPath(memberId))}>{t('common.actions.back')}</Button>}
      >
        {row && (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('distribution.bill.period')}>{`${formatUnixTime(row.start_time).slice(0, 10)} ~ ${formatUnixTime(row.end_time - 1).slice(0, 10)}`}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.bill.orders')}>{`${row.order_num} / ${formatYuan(row.order_price)}`}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.bill.commission')}>{formatYuan(row.commission)}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.bill.returnedOrders')}>{`${row.return_order_num} / ${formatYuan(row.return_order_price)}`}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.bill.returnedCommission')}>{formatYuan(row.return_commission)}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.bill.payable')}>{formatYuan(row.payable)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t('distribution.bill.ordersTitle')}>
        <ListTable<DistributionOrderRow> list={list} rowKey="id" columns={useOrderColumns()} emptyText={t('distribution.order.empty')} />
      </Card>
    </Space>
  );
}
