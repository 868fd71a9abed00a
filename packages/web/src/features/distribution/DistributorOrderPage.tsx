import { Card, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMMISSION_STATUSES, distributionEndpoints, type DistributionOrderRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useOrderColumns } from './columns';

/** distributor-order: the received orders that brought commission, with both levels' share and its state. */
export default function DistributorOrderPage() {
  const { t } = useTranslation();
  const list = useListPage(distributionEndpoints.orders);
  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.order_sn} maxLength={32} placeholder={t('distribution.order.snKeyword')} onSearch={(order_sn) => list.filter({ order_sn })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('distribution.commissionStatusLabel')}
          value={list.query.status}
          options={COMMISSION_STATUSES.map((status) => ({ value: status, label: t(`distribution.commissionStatus.${status}`) }))}
          onChange={(status) => list.filter({ status })}
        />
      </Flex>
      <ListTable<DistributionOrderRow> list={list} rowKey="id" columns={useOrderColumns()} emptyText={t('distribution.order.empty')} />
    </Card>
  );
}
