import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import { CATEGORY_MAX_LEVEL, type CategoryChild } from '@agora/contract';
import { get } from '@/lib/request';

interface Option {
  value: number;
  label: string;
  isLeaf: boolean;
  level: number;
  children?: Option[];
}

const toOption = (category: CategoryChild, level: number, maxLevel: number): Option => ({
  value: category.category_id,
  label: category.name,
  isLeaf: !category.has_children || level >= maxLevel,
  level,
});

const loadChildren = (parentId: number) => get<CategoryChild[]>(`admin/goods/categories/${parentId}/children`);

/**
 * Picks a category at any level (spec §2: max level 4) from the lazily loaded tree
 * (`GET admin/goods/categories/{id}/children`); reports the chosen category id.
 */
export function CategoryCascader({
  value,
  onChange,
  placeholder,
  maxLevel = CATEGORY_MAX_LEVEL,
  style,
}: {
  value?: number;
  onChange(categoryId: number | undefined): void;
  placeholder?: string;
  maxLevel?: number;
  style?: React.CSSProperties;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const [path, setPath] = useState<number[]>([]);

  useEffect(() => {
    loadChildren(0)
      .then((roots) => setOptions(roots.map((root) => toOption(root, 1, maxLevel))))
      .catch(() => undefined);
  }, [maxLevel]);

  // Cleared from outside (e.g. a filter reset): forget the chosen path.
  useEffect(() => {
    if (value === undefined) setPath([]);
  }, [value]);

  const loadData = async (selected: Option[]) => {
    const target = selected[selected.length - 1];
    const children = await loadChildren(target.value).catch(() => []);
    target.children = children.map((child) => toOption(child, target.level + 1, maxLevel));
    setOptions((current) => [...current]);
  };

  return (
    <Cascader<Option>
      allowClear
      changeOnSelect
      style={style}
      placeholder={placeholder}
      options={options}
      loadData={loadData}
      value={value === undefined ? [] : path.length ? path : [value]}
      onChange={(next) => {
        const ids = (next ?? []) as number[];
        setPath(ids);
        onChange(ids.length ? ids[ids.length - 1] : undefined);
      }}
    />
  );
}
