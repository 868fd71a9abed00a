import { Button, Card, Flex, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MEMBER_SORTS, MSG, ROUTE_BY_NAME, taskEndpoints, type MemberRow, type MemberSort } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { useApiMutation } from '@/lib/api';
import { toast } from '@/lib/feedback';
import { usePermissions } from '@/lib/permissions';
import { MemberCell, formatYuan, memberEditPath, memberTopUpPath } from './MemberCell';
import { MemberFormDialog } from './MemberFormDialog';
import { useMemberLevels, useMembers, useRecycleMember, useRestoreMember, type MemberListParams } from './queries';

const FILTER_KEYS = ['keyword', 'sex', 'level', 'start', 'end', 'sort', 'order'] as const;
const ignore = () => undefined;
const isSort = (value: string | undefined): value is MemberSort => MEMBER_SORTS.some((sort) => sort === value);

/**
 * The member list (DOMAIN §2.10) and the recycle bin, which is the same list of disabled
 * members with "恢复" as its only action. Filters, sort, page and the add dialog live in the URL.
 */
export function MemberTable({ mode }: { mode: 'list' | 'recycle' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchState();
  const { hasPermission } = usePermissions();
  const sort = search.readString('sort');
  const params: MemberListParams = {
    ...readPaging(search),
    disabled: mode === 'recycle' ? -1 : 0,
    keyword: search.readString('keyword'),
    sex: search.readNumber('sex'),
    level_id: search.readNumber('level'),
    start_time: search.readNumber('start'),
    end_time: search.readNumber('end'),
    sort: isSort(sort) ? sort : undefined,
    order: isSort(sort) ? (search.readString('order') === 'asc' ? 'asc' : 'desc') : undefined,
  };
  const list = useMembers(params);
  const levels = useMemberLevels();
  const recycle = useRecycleMember();
  const restore = useRestoreMember();
  const adding = mode === 'list' && search.readString('dialog') === 'add';

  const filter = (patch: Record<string, string | number | undefined>) => search.update({ ...patch, page: undefined });
  // 导出: what the list shows under its filters (every page), as a background task. Spec §6: a role
  // with deriveRecord is taken to the export records, one without is told so and stays.
  const exporting = useApiMutation(taskEndpoints.memberExport, { invalidates: ['tasks'] });
  const startExport = () => {
    const { page_no: _page, page_size: _size, ...filters } = params;
    exporting.mutate(
      { body: filters },
      {
        onSuccess: () => {
          if (hasPermission('deriveRecord')) {
            toast.success(t('tasks.messages.exportQueued'));
            navigate(ROUTE_BY_NAME.get('deriveRecord')?.path ?? '/');
          } else toast.warning(MSG.noDeriveRecord);
        },
      },
    );
  };
  const sortOrder = (key: MemberSort) => (params.sort === key ? (params.order === 'asc' ? 'ascend' : 'descend') : null);

  const actions = (member: MemberRow) =>
    mode === 'recycle' ? (
      <Popconfirm
        title={t('members.confirm.restore', { name: member.uname })}
        onConfirm={() => restore.mutateAsync(member.member_id).then(() => toast.success(t('members.messages.restored'))).catch(ignore)}
      >
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
          onConfirm={() => recycle.mutateAsync(member.member_id).then(() => toast.success(t('members.messages.recycled'))).catch(ignore)}
        >
          <Button type="link" size="small" danger>
            {t('members.actions.recycle')}
          </Button>
        </Popconfirm>
      </Space>
    );

  const columns: TableColumnsType<MemberRow> = [
    { title: t('members.columns.member'), key: 'member', width: 200, fixed: 'start', render: (_v, member) => <MemberCell member={member} /> },
    { title: t('members.columns.mobile'), dataIndex: 'mobile', width: 130 },
    { title: t('members.columns.email'), dataIndex: 'email', width: 180, ellipsis: true, render: (email: string) => email || '—' },
    { title: t('members.columns.sex'), dataIndex: 'sex', width: 90, render: (sex: 0 | 1) => t(sex === 1 ? 'members.sex.male' : 'members.sex.female') },
    { title: t('members.columns.level'), dataIndex: 'level_name', width: 110, render: (name: string) => (name ? <Tag color="blue">{name}</Tag> : '—') },
    { title: t('members.columns.points'), dataIndex: 'consum_point', key: 'consum_point', width: 120, align: 'right', sorter: true, sortOrder: sortOrder('consum_point') },
    { title: t('members.columns.balance'), dataIndex: 'balance', key: 'balance', width: 140, align: 'right', sorter: true, sortOrder: sortOrder('balance'), render: formatYuan },
    { title: t('members.columns.created'), dataIndex: 'create_time', key: 'create_time', width: 170, sorter: true, sortOrder: sortOrder('create_time'), render: formatUnixTime },
    { title: t('members.columns.lastLogin'), dataIndex: 'last_login', key: 'last_login', width: 170, sorter: true, sortOrder: sortOrder('last_login'), render: formatUnixTime },
    { title: t('members.columns.loginCount'), dataIndex: 'login_count', width: 90, align: 'right' },
    { title: t('members.columns.source'), dataIndex: 'register_source', width: 100, render: (source: string) => t(`members.source.${source}`, { defaultValue: source }) },
    {
      title: t('members.columns.status'),
      dataIndex: 'disabled',
      width: 90,
      render: (disabled: number) => (disabled === -1 ? <Tag color="red">{t('members.status.recycled')}</Tag> : <Tag color="green">{t('members.status.normal')}</Tag>),
    },
    { title: t('common.actions.operation'), key: 'actions', width: mode === 'list' ? 170 : 90, fixed: 'end', render: (_v, member) => actions(member) },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.keyword} placeholder={t('members.filters.keyword')} width={260} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 110 }}
          placeholder={t('members.filters.sex')}
          value={params.sex}
          onChange={(value?: number) => filter({ sex: value })}
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
          value={params.level_id}
          onChange={(value?: number) => filter({ level: value })}
          options={levels.data?.map((level) => ({ value: level.level_id, label: level.level_name }))}
        />
        <DayRangeFilter
          start={params.start_time}
          end={params.end_time}
          placeholder={[t('members.filters.registeredFrom'), t('members.filters.registeredTo')]}
          onChange={filter}
        />
        <Button onClick={() => filter(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])))}>{t('common.actions.reset')}</Button>
        <Popconfirm title={t('tasks.confirm.export')} onConfirm={startExport}>
          <Button icon={<ExportOutlined />} loading={exporting.isPending} style={{ marginLeft: 'auto' }}>
            {t('tasks.actions.export')}
          </Button>
        </Popconfirm>
        {mode === 'list' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => search.update({ dialog: 'add' })}>
            {t('members.actions.add')}
          </Button>
        )}
      </Flex>
      <Table<MemberRow>
        rowKey="member_id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 1700 }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t(mode === 'recycle' ? 'members.recycleEmpty' : 'members.empty') }}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = one?.order ? String(one.columnKey) : undefined;
          filter({ sort: key, order: key ? (one.order === 'ascend' ? 'asc' : 'desc') : undefined });
        }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('members.total', { total }))}
      />
      {adding && <MemberFormDialog onClose={() => search.update({ dialog: undefined })} />}
    </Card>
  );
}
