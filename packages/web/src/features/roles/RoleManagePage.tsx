import { useEffect } from 'react';
import { Button, Card, Flex, Popconfirm, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ROUTE_BY_NAME, roleEndpoints, type RoleRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { RoleFormDialog } from './RoleFormDialog';
import { useDeleteRole, useRole } from './queries';

/** The page's URL beside the list query: the open dialog, and which role it edits. */
const ui = { dialog: z.enum(['add', 'edit']), id: z.coerce.number().int().positive() };

const ROLE_PERMISSION_PATH = ROUTE_BY_NAME.get('rolePermission')?.path ?? '/operations/auth-settings/role-permission/:id';

const rolePermissionPath = (id: number): string => ROLE_PERMISSION_PATH.replace(':id', String(id));

export default function RoleManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage(roleEndpoints.list, { ui });
  const params = list.query;
  const dialog = list.ui.dialog;
  const editId = dialog === 'edit' ? list.ui.id : undefined;
  const { closeUi } = list;

  const edited = useRole(editId);
  const remove = useDeleteRole();

  // A link to a role that no longer exists: the request client said so, the dialog stays shut.
  const editFailed = edited.isError;
  useEffect(() => {
    if (editFailed) closeUi();
  }, [editFailed, closeUi]);

  // A role still held by administrators is refused with the server's message.
  const deleteRole = (role: RoleRow) =>
    remove.mutate(
      { params: { id: role.role_id } },
      {
        // Deleting the last row of a page must not leave the operator on an empty page.
        onSuccess: () => {
          if (list.rows.length === 1 && params.page_no > 1) list.write({ page_no: params.page_no - 1 });
        },
      },
    );

  const columns: ListColumn<RoleRow>[] = [
    // The key column stays in view while a narrow window scrolls the rest.
    { title: t('roles.columns.name'), dataIndex: 'role_name', fixed: 'start' },
    { title: t('roles.columns.describe'), dataIndex: 'role_describe', render: (value: string) => value || '—' },
    { title: t('roles.columns.adminCount'), dataIndex: 'admin_count', align: 'right' },
    { title: t('roles.columns.createTime'), dataIndex: 'create_time', render: (value: number) => formatUnixTime(value) },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_value, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(rolePermissionPath(role.role_id))}>
            {t('roles.actions.permissions')}
          </Button>
          <Button type="link" size="small" onClick={() => list.openUi({ dialog: 'edit', id: role.role_id })}>
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
        <KeywordSearch value={params.keyword} placeholder={t('roles.filters.keyword')} width={260} onSearch={(keyword) => list.filter({ keyword })} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ dialog: 'add', id: undefined })}>
          {t('roles.actions.add')}
        </Button>
      </Flex>
      <ListTable<RoleRow> list={list} rowKey="role_id" columns={columns} emptyText={t('roles.empty')} />
      {dialog === 'add' && <RoleFormDialog onClose={closeUi} />}
      {dialog === 'edit' && editId !== undefined && !edited.isError && (
        <RoleFormDialog
          role={edited.data}
          // The edit sends the permission list back, so it must be the server's current one.
          loading={!edited.isFetchedAfterMount}
          onClose={closeUi}
        />
      )}
    </Card>
  );
}
