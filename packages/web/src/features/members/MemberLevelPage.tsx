import { Button, Card, Flex, Image, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { levelRange, type MemberLevelRow } from '@agora/contract';
import { toast } from '@/lib/feedback';
import { usePermissions } from '@/lib/permissions';
import { MEMBER_LEVEL_ADD_PATH, memberLevelEditPath } from './MemberCell';
import { useDeleteLevel, useMemberLevels, useSetDefaultLevel } from './queries';

const ignore = () => undefined;

/** member-level: the levels by point range, the default one marked; delete asks first and shows the server's refusal. */
export default function MemberLevelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const levels = useMemberLevels();
  const remove = useDeleteLevel();
  const setDefault = useSetDefaultLevel();

  const columns: TableColumnsType<MemberLevelRow> = [
    {
      title: t('members.levels.name'),
      key: 'name',
      render: (_v, level) => (
        <Space>
          {level.level_icon && <Image src={level.level_icon} width={28} height={28} preview={false} alt="" />}
          <Typography.Text strong>{level.level_name}</Typography.Text>
          {level.is_default === 1 && <Tag color="gold">{t('members.levels.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('members.levels.range'), key: 'range', width: 180, render: (_v, level) => levelRange(level) },
    { title: t('members.levels.benefit'), dataIndex: 'benefit_ratio', width: 110, align: 'right', render: (ratio: number) => `${ratio}%` },
    { title: t('members.levels.allocation'), dataIndex: 'allocation_ratio', width: 130, align: 'right', render: (ratio: number) => `${ratio}%` },
    { title: t('members.levels.members'), dataIndex: 'member_count', width: 100, align: 'right' },
    { title: t('members.levels.description'), dataIndex: 'description', ellipsis: true, render: (text: string) => text || '—' },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 210,
      fixed: 'end',
      render: (_v, level) => (
        <Space size={0}>
          {hasPermission('memberLevelEdit') && (
            <Button type="link" size="small" onClick={() => navigate(memberLevelEditPath(level.level_id))}>
              {t('common.actions.edit')}
            </Button>
          )}
          {level.is_default !== 1 && (
            <Popconfirm
              title={t('members.levels.confirmDefault', { name: level.level_name })}
              onConfirm={() => setDefault.mutateAsync(level.level_id).then(() => toast.success(t('members.levels.defaultSet'))).catch(ignore)}
            >
              <Button type="link" size="small">
                {t('members.levels.setDefault')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('members.levels.confirmDelete', { name: level.level_name })}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(level.level_id).then(() => toast.success(t('members.levels.deleted'))).catch(ignore)}
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
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('members.levels.hint')}</Typography.Text>
        {hasPermission('memberLevelAdd') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(MEMBER_LEVEL_ADD_PATH)}>
            {t('members.levels.add')}
          </Button>
        )}
      </Flex>
      <Table<MemberLevelRow>
        rowKey="level_id"
        columns={columns}
        dataSource={levels.data}
        loading={levels.isFetching}
        scroll={{ x: 1000 }}
        pagination={false}
        locale={{ emptyText: levels.isError ? t('common.loadFailed') : t('members.levels.empty') }}
      />
    </Card>
  );
}
