import { useEffect, type ReactNode } from 'react';
import { Button, Card, Flex, Popconfirm, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADMIN_STATE, type AdminRow } from '@agora/contract';
import { toast } from '@/lib/feedback';
import { getUser } from '@/lib/session';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { ROLE_OPTIONS_PARAMS, useRoles } from '../roles/queries';
import { AdminFormDialog } from './AdminFormDialog';
import { useAdmin, useAdmins, useDeleteAdmin, useUpdateAdmin, type AdminListParams } from './queries';

/** The role filter's value for founders, who hold no role (the server's role_id=0). */
const FOUNDER_ROLE_ID = 0;

/** The server already told the operator why; nothing on the page changes. */
const ignore = () => undefined;

export default function AdministratorManagePage() {
  const { t } = useTranslation();
  const search = useSearchState();
  const params: AdminListParams = {
    ...readPaging(search),
    keyword: search.readString('keyword'),
    role_id: search.readNumber('role'),
    user_state: search.readNumber('state'),
  };
  const dialog = search.readString('dialog');
  const editId = dialog === 'edit' ? search.readNumber('id') : undefined;

  const me = getUser();
  const list = useAdmins(params);
  const roles = useRoles(ROLE_OPTIONS_PARAMS);
  const edited = useAdmin(editId);
  const update = useUpdateAdmin();
  const remove = useDeleteAdmin();

  const filter = (patch: Record<string, string | number | undefined>) => search.update({ ...patch, page: undefined });
  const closeDialog = () => search.update({ dialog: undefined, id: undefined });

  // A link to an administrator who no longer exists: the request client said so, the dialog stays shut.
  const editFailed = edited.isError;
  useEffect(() => {
    if (editFailed) search.update({ dialog: undefined, id: undefined });
  }, [editFailed, search]);

  const setState = (admin: AdminRow, userState: number) => {
    update
      .mutateAsync({
        id: admin.id,
        input: {
          role_id: admin.role_id,
          founder: admin.founder,
          real_name: admin.real_name,
          department: admin.department,
          remark: admin.remark,
          face: admin.face,
          user_state: userState,
        },
      })
      .then(() => toast.success(t(userState === ADMIN_STATE.DISABLED ? 'admins.messages.disabled' : 'admins.messages.enabled')))
      .catch(ignore);
  };

  const deleteAdmin = (admin: AdminRow) => {
    remove
      .mutateAsync(admin.id)
      .then(() => {
        toast.success(t('admins.messages.deleted'));
        // Deleting the last row of a page must not leave the operator on an empty page.
        if (list.data?.data.length === 1 && params.page_no > 1) search.update({ page: params.page_no - 1 });
      })
      .catch(ignore);
  };

  /** Why an action is unavailable on this row, mirroring the server's refusals. */
  const lockReason = (admin: AdminRow, action: 'edit' | 'state' | 'delete'): string | undefined => {
    const self = admin.id === me?.uid;
    if (admin.founder === 1 && !self) return t('admins.hints.founderProtected');
    if (self && action !== 'edit') return t('admins.hints.self');
    return undefined;
  };

  const guarded = (reason: string | undefined, node: ReactNode) =>
    reason ? (
      <Tooltip title={reason}>
        <span>{node}</span>
      </Tooltip>
    ) : (
      node
    );

  const columns: TableColumnsType<AdminRow> = [
    { title: t('admins.columns.username'), dataIndex: 'username', width: 160 },
    { title: t('admins.columns.realName'), dataIndex: 'real_name', render: (value: string) => value || '—' },
    { title: t('admins.columns.department'), dataIndex: 'department', render: (value: string) => value || '—' },
    { title: t('admins.columns.role'), dataIndex: 'role_name', render: (value: string) => value || '—' },
    {
      title: t('admins.columns.founder'),
      dataIndex: 'founder',
      width: 110,
      render: (value: number) => (value === 1 ? <Tag color="gold">{t('admins.yes')}</Tag> : t('admins.no')),
    },
    {
      title: t('admins.columns.state'),
      dataIndex: 'user_state',
      width: 100,
      render: (value: number) =>
        value === ADMIN_STATE.DISABLED ? <Tag color="red">{t('admins.state.disabled')}</Tag> : <Tag color="green">{t('admins.state.normal')}</Tag>,
    },
    { title: t('admins.columns.lastLogin'), dataIndex: 'last_login_time', width: 180, render: (value: number | null) => formatUnixTime(value) },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 200,
      fixed: 'end',
      render: (_value, admin) => {
        const disabled = admin.user_state === ADMIN_STATE.DISABLED;
        const stateLock = lockReason(admin, 'state');
        const deleteLock = lockReason(admin, 'delete');
        const editLock = lockReason(admin, 'edit');
        return (
          <Space size={0}>
            {guarded(
              editLock,
              <Button type="link" size="small" disabled={Boolean(editLock)} onClick={() => search.update({ dialog: 'edit', id: admin.id })}>
                {t('common.actions.edit')}
              </Button>,
            )}
            {guarded(
              stateLock,
              disabled ? (
                <Button type="link" size="small" disabled={Boolean(stateLock)} onClick={() => setState(admin, ADMIN_STATE.NORMAL)}>
                  {t('admins.actions.enable')}
                </Button>
              ) : (
                <Popconfirm
                  title={t('admins.confirm.disable', { name: admin.username })}
                  okButtonProps={{ danger: true }}
                  disabled={Boolean(stateLock)}
                  onConfirm={() => setState(admin, ADMIN_STATE.DISABLED)}
                >
                  <Button type="link" size="small" disabled={Boolean(stateLock)}>
                    {t('admins.actions.disable')}
                  </Button>
                </Popconfirm>
              ),
            )}
            {guarded(
              deleteLock,
              <Popconfirm
                title={t('admins.confirm.delete', { name: admin.username })}
                okButtonProps={{ danger: true }}
                disabled={Boolean(deleteLock)}
                onConfirm={() => deleteAdmin(admin)}
              >
                <Button type="link" size="small" danger disabled={Boolean(deleteLock)}>
                  {t('common.actions.delete')}
                </Button>
              </Popconfirm>,
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }}>
        <Space wrap>
          <KeywordSearch value={params.keyword} placeholder={t('admins.filters.keyword')} width={260} onSearch={(keyword) => filter({ keyword })} />
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('admins.filters.role')}
            value={params.role_id}
            loading={roles.isPending}
            onChange={(value?: number) => filter({ role: value })}
            options={[
              { value: FOUNDER_ROLE_ID, label: t('admins.filters.founder') },
              ...(roles.data?.data.map((role) => ({ value: role.role_id, label: role.role_name })) ?? []),
            ]}
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('admins.filters.state')}
            value={params.user_state}
            onChange={(value?: number) => filter({ state: value })}
            options={[
              { value: ADMIN_STATE.NORMAL, label: t('admins.state.normal') },
              { value: ADMIN_STATE.DISABLED, label: t('admins.state.disabled') },
            ]}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => search.update({ dialog: 'add', id: undefined })}>
          {t('admins.actions.add')}
        </Button>
      </Flex>
      <Table<AdminRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('admins.empty') }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('admins.total', { total }))}
      />
      {dialog === 'add' && <AdminFormDialog actorIsFounder={me?.founder === 1} onClose={closeDialog} />}
      {dialog === 'edit' && editId !== undefined && !edited.isError && (
        <AdminFormDialog
          admin={edited.data}
          // Another operator may have changed the row since it was cached: edit what the server has now.
          loading={!edited.isFetchedAfterMount}
          actorIsFounder={me?.founder === 1}
          onClose={closeDialog}
        />
      )}
    </Card>
  );
}
