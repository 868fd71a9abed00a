import { useEffect, type ReactNode } from 'react';
import { Button, Card, Flex, Popconfirm, Select, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ADMIN_STATE, FOUNDER_ROLE_ID, adminEndpoints, type AdminRow } from '@agora/contract';
import { getUser } from '@/lib/session';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { AdminFormDialog } from './AdminFormDialog';
import { useAdmin, useDeleteAdmin, useRoleOptions, useUpdateAdmin } from './queries';

/** The page's URL beside the list query: the open dialog, and whom it edits. */
const ui = { dialog: z.enum(['add', 'edit']), id: z.coerce.number().int().positive() };

export default function AdministratorManagePage() {
  const { t } = useTranslation();
  const list = useListPage(adminEndpoints.list, { ui });
  const params = list.query;
  const dialog = list.ui.dialog;
  const editId = dialog === 'edit' ? list.ui.id : undefined;

  const me = getUser();
  const roles = useRoleOptions();
  const edited = useAdmin(editId);
  const update = useUpdateAdmin((admin) => (admin.user_state === ADMIN_STATE.DISABLED ? 'admins.messages.disabled' : 'admins.messages.enabled'));
  const remove = useDeleteAdmin();
  const { filter, closeUi } = list;

  // A link to an administrator who no longer exists: the request client said so, the dialog stays shut.
  const editFailed = edited.isError;
  useEffect(() => {
    if (editFailed) closeUi();
  }, [editFailed, closeUi]);

  const setState = (admin: AdminRow, userState: number) =>
    update.mutate({
      params: { id: admin.id },
      body: {
        role_id: admin.role_id,
        founder: admin.founder,
        real_name: admin.real_name,
        department: admin.department,
        remark: admin.remark,
        face: admin.face,
        user_state: userState,
      },
    });

  const deleteAdmin = (admin: AdminRow) =>
    remove.mutate(
      { params: { id: admin.id } },
      {
        // Deleting the last row of a page must not leave the operator on an empty page.
        onSuccess: () => {
          if (list.rows.length === 1 && params.page_no > 1) list.write({ page_no: params.page_no - 1 });
        },
      },
    );

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

  const columns: ListColumn<AdminRow>[] = [
    // The key column stays in view while a narrow window scrolls the rest.
    { title: t('admins.columns.username'), dataIndex: 'username', fixed: 'start' },
    { title: t('admins.columns.realName'), dataIndex: 'real_name', render: (value: string) => value || '—' },
    { title: t('admins.columns.department'), dataIndex: 'department', render: (value: string) => value || '—' },
    {
      title: t('admins.columns.role'),
      dataIndex: 'role_name',
      // The server names the founder's role in Chinese; the console says it in the operator's language.
      render: (value: string, admin: AdminRow) => (admin.founder === 1 ? t('admins.columns.founder') : value || '—'),
    },
    {
      title: t('admins.columns.founder'),
      dataIndex: 'founder',
      render: (value: number) => (value === 1 ? <Tag color="gold">{t('admins.yes')}</Tag> : t('admins.no')),
    },
    {
      title: t('admins.columns.state'),
      dataIndex: 'user_state',
      render: (value: number) =>
        value === ADMIN_STATE.DISABLED ? <Tag color="red">{t('admins.state.disabled')}</Tag> : <Tag color="green">{t('admins.state.normal')}</Tag>,
    },
    { title: t('admins.columns.lastLogin'), dataIndex: 'last_login_time', render: (value: number | null) => formatUnixTime(value) },
    {
      title: t('common.actions.operation'),
      key: 'actions',
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
              <Button type="link" size="small" disabled={Boolean(editLock)} onClick={() => list.openUi({ dialog: 'edit', id: admin.id })}>
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
          <KeywordSearch value={params.keyword} placeholder={t('admins.filters.keyword')} width={300} onSearch={(keyword) => filter({ keyword })} />
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('admins.filters.role')}
            value={params.role_id}
            loading={roles.isPending}
            onChange={(value?: number) => filter({ role_id: value })}
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
            onChange={(value?: number) => filter({ user_state: value })}
            options={[
              { value: ADMIN_STATE.NORMAL, label: t('admins.state.normal') },
              { value: ADMIN_STATE.DISABLED, label: t('admins.state.disabled') },
            ]}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ dialog: 'add', id: undefined })}>
          {t('admins.actions.add')}
        </Button>
      </Flex>
      <ListTable<AdminRow> list={list} rowKey="id" columns={columns} emptyText={t('admins.empty')} />
      {dialog === 'add' && <AdminFormDialog actorIsFounder={me?.founder === 1} onClose={closeUi} />}
      {dialog === 'edit' && editId !== undefined && !edited.isError && (
        <AdminFormDialog
          admin={edited.data}
          // Another operator may have changed the row since it was cached: edit what the server has now.
          loading={!edited.isFetchedAfterMount}
          actorIsFounder={me?.founder === 1}
          onClose={closeUi}
        />
      )}
    </Card>
  );
}
