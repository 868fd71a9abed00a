import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { distributionEndpoints, type DistributionBillRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useBillColumns } from './columns';

/** bill-list: the distributors' monthly performance bills (one distributor's when opened from the list), newest period first. */
export default function BillListPage() {
  const { t } = useTranslation();
  const list = useListPage(distributionEndpoints.bills);
  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.member_name} maxLength={30} placeholder={t('distribution.commission.memberKeyword')} onSearch={(member_name) => list.filter({ member_name, member_id: undefined })} />
      </Flex>
      <ListTable<DistributionBillRow> list={list} rowKey="id" columns={useBillColumns(true)} emptyText={t('distribution.bill.empty')} />
    </Card>
  );
}
