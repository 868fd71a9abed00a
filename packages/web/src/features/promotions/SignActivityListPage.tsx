import { Button, Card, Flex, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SIGN_STATUSES, SIGN_TITLE_MAX, signActionAllowed, signInEndpoints, type SignActivityRow, type SignStatus } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { useApiMutation } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { formatMinute } from './format';
import { SIGN_ACTIVITY_ADD_PATH, signActivityEditPath, signRecordPath } from './paths';

const STATUS_COLORS: Record<SignStatus, string> = { WAIT: 'blue', OPEN: 'green', CLOSE: 'red', FINISH: 'default' };

export function SignStatusTag({ status }: { status: SignStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`points.sign.status.${status}`)}</Tag>;
}

/** activity-list: sign-in activities; edit while waiting, close while waiting or running, delete once closed or finished. */
export default function SignActivityListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const list = useListPage(signInEndpoints.list);
  const { query, filter } = list;
  const close = useApiMutation(signInEndpoints.close, { success: 'points.sign.closed' });
  const remove = useApiMutation(signInEndpoints.remove, { success: 'points.sign.deleted' });

  const columns: ListColumn<SignActivityRow>[] = [
    { title: t('points.sign.title'), dataIndex: 'title', fixed: 'start' },
    {
      title: t('points.sign.period'),
      key: 'period',
      render: (_v, row) => (
        <Flex vertical>
          <span>{formatMinute(row.start_time)}</span>
          <span>{formatMinute(row.end_time)}</span>
        </Flex>
      ),
    },
    { title: t('points.sign.cycle'), dataIndex: 'cycle_days', render: (days: number) => t('points.sign.days', { count: days }) },
    { title: t('points.sign.signNum'), dataIndex: 'sign_num', align: 'right' },
    { title: t('points.sign.statusLabel'), dataIndex: 'status', render: (status: SignStatus) => <SignStatusTag status={status} /> },
    actionColumn<SignActivityRow>(t('common.actions.operation'), (row) => [
      hasPermission('signActivity') && signActionAllowed(row.status, 'EDIT') && { label: t('common.actions.edit'), onClick: () => navigate(signActivityEditPath(row.activity_id)) },
      signActionAllowed(row.status, 'CLOSE') && {
        label: t('points.sign.close'),
        danger: true,
        confirm: t('points.sign.confirmClose', { name: row.title }),
        onClick: () => close.mutate({ params: { id: row.activity_id } }),
      },
      signActionAllowed(row.status, 'DELETE') && {
        label: t('common.actions.delete'),
        danger: true,
        confirm: t('points.sign.confirmDelete', { name: row.title }),
        onClick: () => remove.mutate({ params: { id: row.activity_id } }),
      },
      hasPermission('signRecord') && row.sign_num > 0 && { label: t('points.sign.records'), onClick: () => navigate(signRecordPath(row.activity_id)) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.title} maxLength={SIGN_TITLE_MAX} placeholder={t('points.sign.title')} onSearch={(title) => filter({ title })} />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('points.sign.statusLabel')}
          value={query.status}
          onChange={(status: SignStatus | undefined) => filter({ status })}
          options={SIGN_STATUSES.map((status) => ({ value: status, label: t(`points.sign.status.${status}`) }))}
        />
        {hasPermission('signActivity') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(SIGN_ACTIVITY_ADD_PATH)}>
            {t('points.sign.add')}
          </Button>
        )}
      </Flex>
      <ListTable<SignActivityRow> list={list} rowKey="activity_id" columns={columns} emptyText={t('points.sign.empty')} />
    </Card>
  );
}
