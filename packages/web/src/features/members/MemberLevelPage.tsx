import { Button, Card, Flex, Image, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { levelRange, memberEndpoints as members, type MemberLevelRow } from '@agora/contract';
import { WholeListTable } from '@/components/list/ListTable';
import { useApiMutation } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { MEMBER_LEVEL_ADD_PATH, memberLevelEditPath } from './MemberCell';
import { useMemberLevels } from './queries';

/** member-level: the levels by point range, the default one marked; delete asks first and shows the server's refusal. */
export default function MemberLevelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const levels = useMemberLevels();
  const remove = useApiMutation(members.deleteLevel, { success: 'members.levels.deleted' });
  const setDefault = useApiMutation(members.setDefaultLevel, { success: 'members.levels.defaultSet' });

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
    { title: t('members.levels.range'), key: 'range', render: (_v, level) => levelRange(level) },
    { title: t('members.levels.benefit'), dataIndex: 'benefit_ratio', align: 'right', render: (ratio: number) => `${ratio}%` },
    { title: t('members.levels.allocation'), dataIndex: 'allocation_ratio', align: 'right', render: (ratio: number) => `${ratio}%` },
    { title: t('members.levels.members'), dataIndex: 'member_count', align: 'right' },
    {
      title: t('members.levels.description'),
      dataIndex: 'description',
      render: (text: string) => (text ? <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>{text}</Typography.Text> : '—'),
    },
    {
      title: t('common.actions.operation'),
      key: 'actions',
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
              onConfirm={() => setDefault.mutate({ params: { id: level.level_id } })}
            >
              <Button type="link" size="small">
                {t('members.levels.setDefault')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('members.levels.confirmDelete', { name: level.level_name })}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate({ params: { id: level.level_id } })}
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
      <WholeListTable<MemberLevelRow> list={levels} rowKey="level_id" columns={columns} emptyText={t('members.levels.empty')} />
    </Card>
  );
}
