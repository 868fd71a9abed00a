import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CATEGORY_MAX_LEVEL, categoryEndpoints, type CategoryChild } from '@agora/contract';
import { api, apiKey, useApi } from '@/lib/api';

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

/** One category (`GET admin/goods/categories/{id}`), e.g. to name a chosen id; quiet when it is gone. */
export const useCategory = (id: number | undefined) =>
  useApi(categoryEndpoints.get, { params: { id: id ?? 0 } }, { enabled: !!id && id > 0, staleTime: 60_000, request: { message: false } });

const fetchCategory = (client: QueryClient, id: number) => {
  const input = { params: { id } };
  return client.fetchQuery({ queryKey: apiKey(categoryEndpoints.get, input), queryFn: () => api(categoryEndpoints.get, input, { message: false }), staleTime: 60_000 });
};

const loadChildren = (client: QueryClient, parentId: number) => {
  const input = { params: { id: parentId } };
  return client.fetchQuery({ queryKey: apiKey(categoryEndpoints.children, input), queryFn: () => api(categoryEndpoints.children, input), staleTime: 60_000 });
};

/**
 * Picks a category at any level (spec §2: max level 4) from the lazily loaded tree
 * (`GET admin/goods/categories/{id}/children`); reports the chosen category id. A value that
 * comes from the URL is opened along its path, so the field shows names, not an id.
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
  const client = useQueryClient();
  const [options, setOptions] = useState<Option[]>([]);
  const [path, setPath] = useState<number[]>([]);

  useEffect(() => {
    loadChildren(client, 0)
      .then((roots) => setOptions(roots.map((root) => toOption(root, 1, maxLevel))))
      .catch(() => undefined);
  }, [client, maxLevel]);

  useEffect(() => {
    // Cleared from outside (e.g. a filter reset): forget the chosen path.
    if (value === undefined) {
      if (path.length > 0) setPath([]);
      return;
    }
    if (path[path.length - 1] === value || options.length === 0) return;
    let cancelled = false;
    (async () => {
      const category = await fetchCategory(client, value);
      const ids = category.category_path.split('|').filter(Boolean).map(Number).slice(1);
      let level = options;
      for (const id of ids.slice(0, -1)) {
        const option = level.find((candidate) => candidate.value === id);
        if (!option) return;
        if (!option.children) option.children = (await loadChildren(client, id)).map((child) => toOption(child, option.level + 1, maxLevel));
        level = option.children;
      }
      if (!cancelled) {
        setOptions((current) => [...current]);
        setPath(ids);
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [value, path, options, client, maxLevel]);

  const loadData = async (selected: Option[]) => {
    const target = selected[selected.length - 1];
    const children = await loadChildren(client, target.value).catch(() => []);
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
