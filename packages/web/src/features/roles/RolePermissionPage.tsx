import { useMemo, useState, type Key } from 'react';
import { Alert, Button, Card, Descriptions, Divider, Flex, Space, Spin, Tag, Tree, Typography, theme, type TreeDataNode } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTE_BY_NAME, type MenuNode, type RoleDetail } from '@agora/contract';
import { isChinese } from '@/lib/locale';
import { hasPage } from '@/app/pages';
import { allNames, builtNames, checkedLeaves, parentNames, permissionsToSave } from './permissionTree';
import { useMenuTree, useRole, useUpdateRole } from './queries';

const ROLE_LIST_PATH = ROUTE_BY_NAME.get('roleManage')?.path ?? '/operations/auth-settings/role-manage';

export default function RolePermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const roleId = Number(id);
  const validId = Number.isSafeInteger(roleId) && roleId > 0;
  const role = useRole(validId ? roleId : undefined);
  const tree = useMenuTree();

  const back = () => navigate(ROLE_LIST_PATH);

  let body;
  if (!validId || role.isError || tree.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t(validId ? 'common.loadFailed' : 'roles.permission.badId')}
        action={<Button onClick={back}>{t('roles.permission.back')}</Button>}
      />
    );
  } else if (!role.isFetchedAfterMount || !tree.data) {
    // The save sends name and description back, so they must be the server's current ones.
    body = <Spin style={{ display: 'block', padding: 48 }} />;
  } else if (role.data) {
    body = <PermissionEditor key={role.data.role_id} role={role.data} tree={tree.data} onDone={back} />;
  }

  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('roles.permission.back')} onClick={back} />
          {t('roles.permission.title')}
        </Space>
      }
    >
      {body}
    </Card>
  );
}

interface TreeLabels {
  chinese: boolean;
  hidden: string;
  notBuilt: string;
}

function toTreeData(nodes: readonly MenuNode[], labels: TreeLabels, built: ReadonlySet<string>): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.name,
    disableCheckbox: !built.has(node.name),
    title: (
      <Space size={6}>
        <span>{labels.chinese ? node.title.zh : node.title.en}</span>
        {node.hidden && <Tag style={{ marginInlineEnd: 0 }}>{labels.hidden}</Tag>}
        {!built.has(node.name) && <Tag style={{ marginInlineEnd: 0 }}>{labels.notBuilt}</Tag>}
      </Space>
    ),
    children: toTreeData(node.children, labels, built),
  }));
}

interface PermissionEditorProps {
  role: RoleDetail;
  tree: MenuNode[];
  onDone: () => void;
}

function PermissionEditor({ role, tree, onDone }: PermissionEditorProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const update = useUpdateRole('roles.permission.saved');
  const built = useMemo(() => builtNames(tree, hasPage), [tree]);
  const treeData = useMemo(
    () => toTreeData(tree, { chinese: isChinese(), hidden: t('roles.permission.hidden'), notBuilt: t('roles.permission.notBuilt') }, built),
    [tree, t, built],
  );
  // 全选 grants every screen there is, and keeps what the role holds of those still to come.
  const everyName = useMemo(() => [...new Set([...allNames(tree).filter((name) => built.has(name)), ...checkedLeaves(tree, role.permissions)])], [tree, built, role.permissions]);
  const groups = useMemo(() => parentNames(tree), [tree]);
  const [checked, setChecked] = useState<Key[]>(() => checkedLeaves(tree, role.permissions));
  const [expanded, setExpanded] = useState<Key[]>(groups);

  const save = () => {
    const permissions = permissionsToSave(tree, checked.map(String));
    // On a refusal the ticks stay as they are for another try.
    update.mutate({ params: { id: role.role_id }, body: { role_name: role.role_name, role_describe: role.role_describe, permissions } }, { onSuccess: onDone });
  };

  return (
    <Flex vertical gap={16}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: t('roles.columns.name'), children: role.role_name },
          { key: 'describe', label: t('roles.columns.describe'), children: role.role_describe || '—' },
        ]}
      />
      {/* The tree holds every route of the console; saving must not need a scroll to its end. */}
      <Flex
        wrap
        gap={8}
        align="center"
        style={{ position: 'sticky', top: 0, zIndex: 2, background: token.colorBgContainer, paddingBlock: 8 }}
      >
        <Button type="primary" loading={update.isPending} onClick={save}>
          {t('common.actions.save')}
        </Button>
        <Button onClick={onDone}>{t('common.actions.cancel')}</Button>
        <Divider orientation="vertical" />
        <Button onClick={() => setExpanded(groups)}>{t('roles.permission.expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('roles.permission.collapseAll')}</Button>
        <Button onClick={() => setChecked(everyName)}>{t('roles.permission.checkAll')}</Button>
        <Button onClick={() => setChecked([])}>{t('roles.permission.checkNone')}</Button>
      </Flex>
      <Typography.Text type="secondary">{t('roles.permission.hint')}</Typography.Text>
      <Tree
        checkable
        selectable={false}
        treeData={treeData}
        checkedKeys={checked}
        onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
      />
    </Flex>
  );
}
