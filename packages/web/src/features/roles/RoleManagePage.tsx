import { useEffect } from 'react';
import { Button, Card, Flex, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTE_BY_NAME, type RoleRow } from '@agora/contract';
import { toast } from '@/lib/feedback';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { RoleFormDialog } from './RoleFormDialog';
import { useDeleteRole, useRole, useRoles, type RoleListParams } from './queries';

const ROLE_PERMISSION_PATH = ROUTE_BY_NAME.get('rolePermission')?.path ?? '/operations/auth-settings/role-permission/:id';

const rolePermissionPath = (id: number): string => ROLE_PERMISSION_PATH.replace(':id', String(id));

export default function RoleManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchState();
  const params: RoleListParams = { ...readPaging(search), keyword: search.readString('keyword') };
  const dialog = search.readString('dialog');
  const editId = dialog === 'edit' ? search.readNumber('id') : undefined;

  const list = useRoles(params);
  const edited = useRole(editId);
  const remove = useDeleteRole();

  const closeDialog = () => search.update({ dialog: undefined, id: undefined });

  // A link to a role that no longer exists: the request client said so, the dialog stays shut.
  const editFailed = edited.isError;
  useEffect(() => {
    if (editFailed) search.update({ dialog: undefined, id: undefined });
  }, [editFailed, search]);

  const deleteRole = (role: RoleRow) => {
    remove
      .mutateAsync(role.role_id)
      .then(() => {
        toast.success(t('roles.messages.deleted'));
        // Deleting the last row of a page must not leave the operator on an empty page.
        if (list.data?.data.length === 1 && params.page_no > 1) search.update({ page: params.page_no - 1 });
      })
      // A role still held by administrators is refused with the server's message, already shown.
      .catch(() => undefined);
  };

  const columns: TableColumnsType<RoleRow> = [
    { title: t('roles.columns.name'), dataIndex: 'role_name', width: 200 },
    { title: t('roles.columns.describe'), dataIndex: 'role_describe', render: (value: string) => value || '—' },
    { title: t('roles.columns.adminCount'), dataIndex: 'admin_count', width: 120, align: 'right' },
    { title: t('roles.columns.createTime'), dataIndex: 'create_time', width: 180, render: (value: number) => formatUnixTime(value) },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 220,
      fixed: 'end',
      render: (_value, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(rolePermissionPath(role.role_id))}>
            {t('roles.actions.permissions')}
          </Button>
          <Button type="link" size="small" onClick={() => search.update({ dialog: 'edit', id: role.role_id })}>
            {t('common.actions.edit')}
          </Button>
          <Popconfirm
            title={t('roles.confirm.delete', { name: role.role_name })}
            description={role.admin_count > 0 ? t('roles.confirm.inUse', { count: role.admin_count }) : undefined}
            okButtonProps={{ danger: true }}
            onConfirm={() => deleteRole(role)}
          >
            <Button type="link" size="small" danger>
              {t('common.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.keyword} placeholder={t('roles.filters.keyword')} width={260} onSearch={(keyword) => search.update({ keyword, page: undefined })} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => search.update({ dialog: 'add', id: undefined })}>
          {t('roles.actions.add')}
        </Button>
      </Flex>
      <Table<RoleRow>
        rowKey="role_id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('roles.empty') }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('roles.total', { total }))}
      />
      {dialog === 'add' && <RoleFormDialog onClose={closeDialog} />}
      {dialog === 'edit' && editId !== undefined && !edited.isError && (
        <RoleFormDialog
          role={edited.data}
          // The edit sends the permission list back, so it must be the server's current one.
          loading={!edited.isFetchedAfterMount}
          onClose={closeDialog}
        />
      )}
    </Card>
  );
}
