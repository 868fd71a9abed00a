import { useMemo, useState } from 'react';
import { Button, Cascader, Flex, Form, Input, Modal, Popconfirm, Tooltip, Tree, type TreeDataNode } from 'antd';
import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RESOURCE_GROUP_MAX_DEPTH, mediaEndpoints, resourceGroupName, type ResourceGroupNode, type ResourceGroupTree, type ResourceGroupType } from '@agora/contract';
import { zodRule } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';
import { groupOptions, groupPath } from './UploadDialog';

/** 'all' = every resource of the kind; 0 = ungrouped; otherwise a group id (with its subgroups). */
export type GroupKey = 'all' | number;

function findGroup(groups: ResourceGroupNode[], id: number): ResourceGroupNode | undefined {
  for (const group of groups) {
    if (group.group_id === id) return group;
    const below = findGroup(group.children, id);
    if (below) return below;
  }
  return undefined;
}

/** The groups whose name holds `text`, with the groups above them. */
function filterGroups(groups: ResourceGroupNode[], text: string): ResourceGroupNode[] {
  if (!text) return groups;
  return groups.flatMap((group) => {
    if (group.group_name.includes(text)) return [group];
    const children = filterGroups(group.children, text);
    return children.length ? [{ ...group, children }] : [];
  });
}

function GroupDialog({
  type,
  groups,
  editing,
  parentId,
  onClose,
}: {
  type: ResourceGroupType;
  groups: ResourceGroupNode[];
  editing?: ResourceGroupNode;
  parentId: number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ group_name: string; parent: number[] }>();
  const create = useApiMutation(mediaEndpoints.createGroup, { success: 'media.group.saved' });
  const rename = useApiMutation(mediaEndpoints.renameGroup, { success: 'media.group.saved' });
  // A new group may go under any group that is not yet at the deepest level.
  const parents = useMemo(() => {
    const shallow = (nodes: ResourceGroupNode[]): ResourceGroupNode[] =>
      nodes.filter((node) => node.depth < RESOURCE_GROUP_MAX_DEPTH).map((node) => ({ ...node, children: shallow(node.children) }));
    return [{ value: 0, label: t('media.group.none') }, ...groupOptions(shallow(groups))];
  }, [groups, t]);
  const submit = ({ group_name, parent }: { group_name: string; parent?: number[] }) => {
    const name = group_name.trim();
    if (editing) rename.mutate({ params: { id: editing.group_id }, body: { group_name: name } }, { onSuccess: onClose });
    else create.mutate({ body: { group_name: name, group_type: type, parent_id: parent?.[parent.length - 1] ?? 0 } }, { onSuccess: onClose });
  };
  const parentDepth = parentId > 0 ? (findGroup(groups, parentId)?.depth ?? 0) : 0;
  const initialParent = parentId > 0 && parentDepth < RESOURCE_GROUP_MAX_DEPTH ? groupPath(groups, parentId) : [0];
  return (
    <Modal
      open
      title={editing ? t('media.group.rename') : t('media.group.add')}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={create.isPending || rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" initialValues={{ group_name: editing?.group_name ?? '', parent: initialParent }} onFinish={submit}>
        <Form.Item
          name="group_name"
          label={t('media.group.name')}
          rules={[{ required: true, whitespace: true, message: t('media.group.nameRequired') }, zodRule(resourceGroupName)]}
        >
          <Input maxLength={20} autoFocus />
        </Form.Item>
        {!editing && (
          <Form.Item name="parent" label={t('media.group.parent')} extra={t('media.group.maxDepth')}>
            <Cascader options={parents} changeOnSelect allowClear={false} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The group tree of the media library: 全部, 未分组 and the groups with their counts; a filter; group editing when `manage`. */
export function GroupPanel({
  type,
  tree,
  selected,
  onSelect,
  manage,
}: {
  type: ResourceGroupType;
  tree: ResourceGroupTree | undefined;
  selected: GroupKey;
  onSelect(key: GroupKey): void;
  manage: boolean;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<'add' | 'rename' | null>(null);
  const remove = useApiMutation(mediaEndpoints.deleteGroup, { success: 'media.group.deleted' });
  const groups = tree?.groups ?? [];
  const selectedGroup = typeof selected === 'number' && selected > 0 ? findGroup(groups, selected) : undefined;

  const toNodes = (nodes: ResourceGroupNode[]): TreeDataNode[] =>
    nodes.map((node) => ({
      key: node.group_id,
      title: `${node.group_name} (${node.resource_count})`,
      children: toNodes(node.children),
    }));
  const treeData: TreeDataNode[] = [
    { key: 'all', title: `${t('media.library.all')} (${tree?.total ?? 0})` },
    { key: 0, title: `${t('media.library.ungrouped')} (${tree?.ungrouped ?? 0})` },
    ...toNodes(filterGroups(groups, filter.trim())),
  ];

  return (
    <Flex vertical gap={8} style={{ width: 200, flex: 'none' }} data-testid="media-groups">
      <Input.Search allowClear placeholder={t('media.library.groupFilter')} onChange={(event) => setFilter(event.target.value)} />
      <Tree
        blockNode
        defaultExpandAll
        key={`${type}-${groups.length}-${filter}`}
        treeData={treeData}
        selectedKeys={[selected]}
        onSelect={(keys) => {
          if (keys.length) onSelect(keys[0] as GroupKey);
        }}
        style={{ maxHeight: 420, overflow: 'auto' }}
      />
      {manage && (
        <Flex gap={4} wrap>
          <Tooltip title={t('media.group.add')}>
            <Button size="small" icon={<FolderAddOutlined />} aria-label={t('media.group.add')} onClick={() => setDialog('add')} />
          </Tooltip>
          <Tooltip title={t('media.group.rename')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('media.group.rename')} disabled={!selectedGroup} onClick={() => setDialog('rename')} />
          </Tooltip>
          <Popconfirm
            title={t('media.group.confirmDelete', { name: selectedGroup?.group_name ?? '' })}
            disabled={!selectedGroup}
            onConfirm={() => remove.mutate({ params: { id: selectedGroup!.group_id } }, { onSuccess: () => onSelect('all') })}
          >
            <Tooltip title={t('media.group.delete')}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('media.group.delete')} disabled={!selectedGroup} />
            </Tooltip>
          </Popconfirm>
        </Flex>
      )}
      {dialog && (
        <GroupDialog
          type={type}
          groups={groups}
          editing={dialog === 'rename' ? selectedGroup : undefined}
          parentId={typeof selected === 'number' ? selected : 0}
          onClose={() => setDialog(null)}
        />
      )}
    </Flex>
  );
}
