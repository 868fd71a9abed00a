import { Card, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { distributionEndpoints, type DistributorRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatYuan } from '@/components/formatMoney';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useApiMutation } from '@/lib/api';
import { billListPath, distributorPath, DistributorStatusTag } from './shared';

/** distributor-list: every member of the distribution tree with their team and commission; enable or disable one. */
export default function DistributorListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(distributionEndpoints.distributors);
  const setStatus = useApiMutation(distributionEndpoints.setStatus, { success: 'distribution.distributor.statusSaved' });

  const columns: ListColumn<DistributorRow>[] = [
    {
      title: t('distribution.distributor.name'),
      dataIndex: 'member_name',
      fixed: 'start',
      render: (name: string, row) => (
        <Link to={distributorPath(row.member_id)}>
          <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 110, color: 'inherit' }}>
            {name}
          </Typography.Text>
        </Link>
      ),
    },
    { title: t('distribution.distributor.mobile'), dataIndex: 'mobile' },
    { title: t('distribution.distributor.team'), key: 'team', align: 'right', render: (_v, row) => `${row.lv1_num} / ${row.lv2_num}` },
    { title: t('distribution.distributor.teamOrders'), key: 'orders', align: 'right', render: (_v, row) => `${row.order_num} / ${formatYuan(row.turnover_price)}` },
    { title: t('distribution.distributor.canRebate'), dataIndex: 'can_rebate', align: 'right', sortKey: 'can_rebate', render: formatYuan },
    { title: t('distribution.distributor.statusLabel'), dataIndex: 'status', render: (status: 0 | 1) => <DistributorStatusTag status={status} /> },
    { title: t('distribution.distributor.joinedAt'), dataIndex: 'create_time', sortKey: 'create_time', render: (seconds: number) => formatUnixTime(seconds).slice(0, 10) },
    actionColumn<DistributorRow>(t('common.actions.operation'), (row) => [
      { label: t('distribution.distributor.view'), onClick: () => navigate(distributorPath(row.member_id)) },
      { label: t('distribution.distributor.bills'), onClick: () => navigate(billListPath(row.member_id)) },
      row.status === 1
        ? { label: t('distribution.distributor.disable'), danger: true, confirm: t('distribution.distributor.confirmDisable', { name: row.member_name }), onClick: () => setStatus.mutate({ params: { member_id: row.member_id }, body: { status: 0 } }) }
        : { label: t('distribution.distributor.enable'), confirm: t('distribution.distributor.confirmEnable', { name: row.member_name }), onClick: () => setStatus.mutate({ params: { member_id: row.member_id }, body: { status: 1 } }) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={30} placeholder={t('distribution.distributor.keyword')} onSearch={(keyword) => list.filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('distribution.distributor.statusLabel')}
          value={list.query.status}
          options={[1, 0].map((status) => ({ value: status, label: t(`distribution.distributor.status.${status}`) }))}
          onChange={(status?: number) => list.filter({ status })}
        />
      </Flex>
      <ListTable<DistributorRow> list={list} rowKey="member_id" columns={columns} emptyText={t('distribution.distributor.empty')} />
    </Card>
  );
}
