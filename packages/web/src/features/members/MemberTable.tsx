import { Button, Card, Flex, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { memberEndpoints as members, taskEndpoints, type MemberRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { useApiMutation } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { ContactCell, MemberCell, TimeCell, memberEditPath, memberTopUpPath } from './MemberCell';
import { formatYuan } from '@/components/formatMoney';
import { MemberFormDialog } from './MemberFormDialog';
import { useMemberLevels } from './queries';

/** The member list's own URL key beside the list query: the add dialog. */
const ui = { dialog: z.literal('add') };
/** The member list and the recycle bin are the same list, of members in use or disabled; never a URL key. */
const DISABLED = { list: { disabled: 0 }, recycle: { disabled: -1 } } as const;

/**
 * The member list (DOMAIN §2.10) and the recycle bin, which is the same list of disabled
 * members with "恢复" as its only action. Filters, sort, page and the add dialog live in the URL.
 */
export function MemberTable({ mode }: { mode: 'list' | 'recycle' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const list = useListPage(members.list, { ui, fixed: DISABLED[mode] });
  const query = list.query;
  const levels = useMemberLevels();
  const recycle = useApiMutation(members.recycle, { success: 'members.messages.recycled' });
  const restore = useApiMutation(members.restore, { success: 'members.messages.restored' });
  const adding = mode === 'list' && list.ui.dialog === 'add';

  const actions = (member: MemberRow) =>
    mode === 'recycle' ? (
      <Popconfirm title={t('members.confirm.restore', { name: member.uname })} onConfirm={() => restore.mutate({ params: { id: member.member_id } })}>
        <Button type="link" size="small">
          {t('members.actions.restore')}
        </Button>
      </Popconfirm>
    ) : (
      <Space size={0}>
        {hasPermission('memberEdit') && (
          <Button type="link" size="small" onClick={() => navigate(memberEditPath(member.member_id))}>
            {t('common.actions.edit')}
          </Button>
        )}
        {hasPermission('memberTopUp') && (
          <Button type="link" size="small" onClick={() => navigate(memberTopUpPath(member.member_id))}>
            {t('members.actions.topUp')}
          </Button>
        )}
        <Popconfirm
          title={t('members.confirm.recycle', { name: member.uname })}
          okButtonProps={{ danger: true }}
          onConfirm={() => recycle.mutate({ params: { id: member.member_id } })}
        >
          <Button type="link" size="small" danger>
            {t('members.actions.recycle')}
          </Button>
        </Popconfirm>
      </Space>
    );

  // Sex, sign-ins and the registration source are on the member's page; the status is the page itself.
  const columns: ListColumn<MemberRow>[] = [
    { title: t('members.columns.member'), key: 'member', fixed: 'start', render: (_v, member) => <MemberCell member={member} /> },
    { title: t('members.columns.contact'), key: 'contact', render: (_v, member) => <ContactCell mobile={member.mobile} email={member.email} /> },
    // The level with the points that set it (等级积分), not the spendable ones beside it.
    {
      title: t('members.columns.levelPoints'),
      key: 'level',
      render: (_v, member) => (
        <Space orientation="vertical" size={0}>
          {member.level_name ? <Tag color="blue">{member.level_name}</Tag> : '—'}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="grade-point">
            {t('members.gradePoint', { points: member.grade_point })}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('members.columns.points'), dataIndex: 'consum_point', sortKey: 'consum_point', align: 'right' },
    { title: t('members.columns.balance'), dataIndex: 'balance', sortKey: 'balance', align: 'right', render: formatYuan },
    { title: t('members.columns.created'), dataIndex: 'create_time', sortKey: 'create_time', render: (seconds: number) => <TimeCell seconds={seconds} /> },
    { title: t('members.columns.lastLogin'), dataIndex: 'last_login', sortKey: 'last_login', render: (seconds: number | null) => <TimeCell seconds={seconds} /> },
    { title: t('common.actions.operation'), key: 'actions', fixed: 'end', render: (_v, member) => actions(member) },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('members.filters.keyword')} width={260} maxLength={50} onSearch={(keyword) => list.filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 110 }}
          placeholder={t('members.filters.sex')}
          value={query.sex}
          onChange={(sex?: number) => list.filter({ sex })}
          options={[
            { value: 1, label: t('members.sex.male') },
            { value: 0, label: t('members.sex.female') },
          ]}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('members.filters.level')}
          loading={levels.isPending}
          value={query.level_id}
          onChange={(level_id?: number) => list.filter({ level_id })}
          options={levels.data?.map((level) => ({ value: level.level_id, label: level.level_name }))}
        />
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('members.filters.registeredFrom'), t('members.filters.registeredTo')]}
          onChange={({ start, end }) => list.filter({ start_time: start, end_time: end })}
        />
        <Button onClick={list.reset}>{t('common.actions.reset')}</Button>
        <ExportButton endpoint={taskEndpoints.memberExport} query={query} confirm={t('tasks.confirm.export')} style={{ marginLeft: 'auto' }} />
        {mode === 'list' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ dialog: 'add' })}>
            {t('members.actions.add')}
          </Button>
        )}
      </Flex>
      <ListTable<MemberRow> list={list} rowKey="member_id" columns={columns} emptyText={t(mode === 'recycle' ? 'members.recycleEmpty' : 'members.empty')} />
      {adding && <MemberFormDialog onClose={list.closeUi} />}
    </Card>
  );
}
