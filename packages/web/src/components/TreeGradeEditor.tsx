import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, Popconfirm, Spin, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GRADE_EDITOR_MAX_LEVEL, INTERNATIONAL_GRADE_EDITOR_MAX_LEVEL, gradeApiPath } from '@agora/contract';
import { request } from '@/lib/request';
import { useDebouncedValue } from './useDebouncedValue';

type Id = number | string;
type Item = Record<string, unknown>;

/** Which fields of the api's rows hold the id, the name and whether there are children. */
export interface GradeFieldNames {
  id: string;
  name: string;
  /** without it every row of a level below the maximum may have children */
  hasChildren?: string;
}

export interface GradeNode {
  id: Id;
  name: string;
  hasChildren: boolean;
  /** the row as the api returned it */
  raw: Item;
}

export interface TreeGradeEditorProps {
  /** GET path of a parent's children, `@id` standing for the parent id; one per level, the last serving deeper levels */
  api: string | readonly string[];
  /** the id whose children form the first level */
  rootId?: Id;
  /** spec §9: 3 by default */
  maxLevel?: number;
  fieldNames?: GradeFieldNames;
  /** the path chosen so far changed (level 1 first) */
  onSelect?(path: GradeNode[]): void;
  /** with these the editor offers add, edit and delete; `parent` is null on the first level */
  onAdd?(level: number, parent: GradeNode | null): void;
  onEdit?(node: GradeNode, level: number): void;
  onDelete?(node: GradeNode, level: number): void | Promise<unknown>;
}

export const gradeKeys = {
  all: ['grade-editor'] as const,
  children: (api: string, parentId: Id) => [...gradeKeys.all, api, String(parentId)] as const,
};

const DEFAULT_FIELDS: GradeFieldNames = { id: 'id', name: 'name', hasChildren: 'has_children' };

function GradeColumn({
  level,
  api,
  parent,
  parentId,
  maxLevel,
  fields,
  chosen,
  onChoose,
  onAdd,
  onEdit,
  onDelete,
}: {
  level: number;
  api: string;
  parent: GradeNode | null;
  parentId: Id | undefined;
  maxLevel: number;
  fields: GradeFieldNames;
  chosen: Id | undefined;
  onChoose(node: GradeNode): void;
} & Pick<TreeGradeEditorProps, 'onAdd' | 'onEdit' | 'onDelete'>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim().toLowerCase());
  const children = useQuery({
    queryKey: gradeKeys.children(api, parentId ?? ''),
    queryFn: () => request<Item[]>({ url: gradeApiPath(api, parentId!), method: 'get' }),
    enabled: parentId !== undefined,
  });
  const nodes: GradeNode[] = (children.data ?? []).map((raw) => ({
    id: raw[fields.id] as Id,
    name: String(raw[fields.name] ?? ''),
    hasChildren: level < maxLevel && (fields.hasChildren ? Boolean(raw[fields.hasChildren]) : true),
    raw,
  }));
  const shown = keyword ? nodes.filter((node) => node.name.toLowerCase().includes(keyword)) : nodes;

  return (
    <Card
      size="small"
      data-testid={`grade-level-${level}`}
      title={t('pickers.grade.level', { level })}
      style={{ width: 240, flex: 'none' }}
      styles={{ body: { padding: 8 } }}
      extra={
        onAdd && (
          <Button type="link" size="small" icon={<PlusOutlined />} disabled={parentId === undefined} onClick={() => onAdd(level, parent)}>
            {t('pickers.grade.add')}
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        size="small"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={t('pickers.grade.search', { level })}
        disabled={parentId === undefined}
        style={{ marginBottom: 8 }}
      />
      <div style={{ height: 300, overflow: 'auto' }}>
        {level > 1 && !parent ? (
          <Typography.Text type="secondary">{t('pickers.grade.choosePrevious')}</Typography.Text>
        ) : children.isLoading ? (
          <Spin style={{ display: 'block', padding: 24 }} />
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickers.grade.empty')} />
        ) : (
          shown.map((node) => (
            <Flex
              key={String(node.id)}
              role="option"
              aria-selected={chosen === node.id}
              align="center"
              gap={4}
              onClick={() => onChoose(node)}
              style={{
                padding: '4px 8px',
                cursor: 'pointer',
                borderRadius: 4,
                background: chosen === node.id ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined,
              }}
            >
              <Typography.Text ellipsis style={{ flex: 1 }}>
                {node.name}
              </Typography.Text>
              {onEdit && (
                <Tooltip title={t('pickers.grade.edit')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('pickers.grade.edit')} ${node.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onEdit(node, level);
                    }}
                  />
                </Tooltip>
              )}
              {onDelete && (
                <Popconfirm title={t('pickers.grade.deleteConfirm', { name: node.name })} onConfirm={() => onDelete(node, level)}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('pickers.grade.delete')} ${node.name}`}
                    onClick={(event) => event.stopPropagation()}
                  />
                </Popconfirm>
              )}
              {node.hasChildren && <RightOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.45)' }} />}
            </Flex>
          ))
        )}
      </div>
    </Card>
  );
}

/**
 * Tree-grade editor (spec §2, §7, §9): one column per level, each listing the children of the item
 * chosen in the column before, read with GET on the supplied api path (`@id` = the parent id).
 * Each column searches its items by name, 300 ms after typing stops. Default max level 3.
 */
export function TreeGradeEditor({
  api,
  rootId = 0,
  maxLevel = GRADE_EDITOR_MAX_LEVEL,
  fieldNames = DEFAULT_FIELDS,
  onSelect,
  onAdd,
  onEdit,
  onDelete,
}: TreeGradeEditorProps) {
  const [path, setPath] = useState<GradeNode[]>([]);
  const apis = typeof api === 'string' ? [api] : api;
  const apiOf = (level: number) => apis[Math.min(level, apis.length) - 1];

  const choose = (level: number, node: GradeNode) => {
    const next = [...path.slice(0, level - 1), node];
    setPath(next);
    onSelect?.(next);
  };

  return (
    <Flex gap={12} style={{ overflowX: 'auto' }}>
      {Array.from({ length: maxLevel }, (_, index) => {
        const level = index + 1;
        const parent = level === 1 ? null : path[level - 2] ?? null;
        const parentId = level === 1 ? rootId : parent?.hasChildren ? parent.id : undefined;
        return (
          <GradeColumn
            key={`${level}:${String(parentId)}`}
            level={level}
            api={apiOf(level)}
            parent={parent}
            parentId={parentId}
            maxLevel={maxLevel}
            fields={fieldNames}
            chosen={path[level - 1]?.id}
            onChoose={(node) => choose(level, node)}
            onAdd={onAdd}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        );
      })}
    </Flex>
  );
}

/** The international variant (spec §9): two levels by default, e.g. a country's states, then their cities. */
export function InternationalTreeGradeEditor({ maxLevel = INTERNATIONAL_GRADE_EDITOR_MAX_LEVEL, ...props }: TreeGradeEditorProps) {
  return <TreeGradeEditor maxLevel={maxLevel} {...props} />;
}
