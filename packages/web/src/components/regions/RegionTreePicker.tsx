import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Empty, Flex, Modal, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { RegionNode } from '@agora/contract';
import { useRegionTree, type RegionTreeEndpoint } from './queries';

/** What the region tree picker hands back. */
export interface RegionTreeResult {
  /** every checked region: fully checked provinces and cities with all their descendants */
  ids: number[];
  /** the chosen regions at their highest fully checked level: 广东省 rather than its 21 cities */
  regions: { id: number; name: string }[];
  /** names of `regions` */
  names: string[];
}

interface Indexed {
  treeData: DataNode[];
  all: number[];
  byId: Map<number, RegionNode>;
}

function indexTree(tree: RegionNode[]): Indexed {
  const all: number[] = [];
  const byId = new Map<number, RegionNode>();
  const convert = (nodes: RegionNode[]): DataNode[] =>
    nodes.map((node) => {
      all.push(node.id);
      byId.set(node.id, node);
      return { key: node.id, title: node.name, children: node.children ? convert(node.children) : undefined, isLeaf: !node.children };
    });
  return { treeData: convert(tree), all, byId };
}

/** The highest fully checked regions: a checked node stands for its whole branch. */
export function compactRegions(tree: RegionNode[], checked: Set<number>): { id: number; name: string }[] {
  const chosen: { id: number; name: string }[] = [];
  const walk = (nodes: RegionNode[]) => {
    for (const node of nodes) {
      if (checked.has(node.id)) chosen.push({ id: node.id, name: node.name });
      else if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return chosen;
}

/** Checks what a tree checkbox would: a checked region's whole branch, and a region all of whose children are checked. */
export function conductChecked(tree: RegionNode[], ids: number[]): number[] {
  const wanted = new Set(ids);
  const result: number[] = [];
  const walk = (nodes: RegionNode[], inherited: boolean): boolean => {
    let all = nodes.length > 0;
    for (const node of nodes) {
      const self = inherited || wanted.has(node.id);
      const childrenAll = node.children ? walk(node.children, self) : false;
      const isChecked = self || childrenAll;
      if (isChecked) result.push(node.id);
      all &&= isChecked;
    }
    return all;
  };
  walk(tree, false);
  return result;
}

/**
 * The checkbox region picker (spec §2, §5): the whole domestic tree of `regions/menus` (or
 * `endpoint`), select all, the number chosen, confirm only with at least one region checked.
 */
export function RegionTreePicker({
  open,
  value,
  onCancel,
  onConfirm,
  endpoint,
  title,
}: {
  open: boolean;
  /** region ids checked when the picker opens */
  value?: number[];
  onCancel(): void;
  onConfirm(result: RegionTreeResult): void;
  /** the screen's own tree endpoint (spec §7: "or supplied path"), `regions/menus` by default */
  endpoint?: RegionTreeEndpoint;
  title?: string;
}) {
  const { t } = useTranslation();
  const tree = useRegionTree(open, endpoint);
  const indexed = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const [checked, setChecked] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);

  const valueKey = (value ?? []).join(',');
  useEffect(() => {
    if (open && tree.data) setChecked(conductChecked(tree.data, valueKey ? valueKey.split(',').map(Number) : []));
  }, [open, valueKey, tree.data]);

  const checkedSet = useMemo(() => new Set(checked), [checked]);
  const chosen = useMemo(() => compactRegions(tree.data ?? [], checkedSet), [tree.data, checkedSet]);
  const allChecked = indexed.all.length > 0 && chosen.length === (tree.data?.length ?? 0) && chosen.length > 0;

  const confirm = () => onConfirm({ ids: indexed.all.filter((id) => checkedSet.has(id)), regions: chosen, names: chosen.map((region) => region.name) });

  return (
    <Modal
      open={open}
      title={title ?? t('regions.tree.title')}
      width={640}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" data-testid="region-tree-count">
            {t('regions.tree.chosen', { count: chosen.length })}
          </Typography.Text>
          <span>
            <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
            <Button type="primary" disabled={chosen.length === 0} onClick={confirm} style={{ marginLeft: 8 }}>
              {t('common.actions.confirm')}
            </Button>
          </span>
        </Flex>
      }
    >
      {tree.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin description={t('regions.tree.loading')}>
            <div style={{ width: 120 }} />
          </Spin>
        </Flex>
      ) : tree.isError ? (
        <Empty description={t('regions.tree.loadFailed')}>
          <Button onClick={() => void tree.refetch()}>{t('regions.tree.retry')}</Button>
        </Empty>
      ) : (
        <>
          <Checkbox
            checked={allChecked}
            indeterminate={!allChecked && checked.length > 0}
            onChange={(event) => setChecked(event.target.checked ? indexed.all : [])}
            style={{ marginBottom: 8 }}
          >
            {t('regions.tree.selectAll')}
          </Checkbox>
          <Tree
            checkable
            selectable={false}
            height={420}
            treeData={indexed.treeData}
            checkedKeys={checked}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys as number[])}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked) as number[])}
          />
        </>
      )}
    </Modal>
  );
}
