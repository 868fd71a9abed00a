import { Card, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMMISSION_STATUSES, distributionEndpoints, type CommissionRow } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useCommissionColumns } from './columns';

/** brokerage-detail: every distributor's commission record, pending (frozen), credited or clawed back. */
export default function BrokerageDetailPage() {
  const { t } = useTranslation();
  const list = useListPage(distributionEndpoints.commissions);
  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.member_name} maxLength={30} width={180} placeholder={t('distribution.commission.memberKeyword')} onSearch={(member_name) => list.filter({ member_name })} />
        <KeywordSearch value={list.query.order_sn} maxLength={32} width={200} placeholder={t('distribution.order.snKeyword')} onSearch={(order_sn) => list.filter({ order_sn })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('distribution.commissionStatusLabel')}
          value={list.query.status}
          options={COMMISSION_STATUSES.map((status) => ({ value: status, label: t(`distribution.commissionStatus.${status}`) }))}
          onChange={(status) => list.filter({ status })}
        />
        <DayRangeFilter start={list.query.start_time} end={list.query.end_time} onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })} />
      </Flex>
      <ListTable<CommissionRow> list={list} rowKey="id" columns={useCommissionColumns(true)} emptyText={t('distribution.commission.empty')} />
    </Card>
  );
}
