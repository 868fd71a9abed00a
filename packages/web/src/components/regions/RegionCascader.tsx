import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Cascader, theme } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegionChild } from '@agora/contract';
import { fetchRegionChildren } from './queries';

interface Option {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: Option[];
}

const toOption = (region: RegionChild): Option => ({ value: region.id, label: region.name, isLeaf: !region.has_children });

/**
 * The path of ids from the province down to region `id`, found the way official codes nest
 * (44 03 05: province 440000, city 440300) and checked against the data; districts of a
 * municipality sit right under it. [] when the id is unknown.
 */
export async function resolveRegionPath(client: QueryClient, id: number): Promise<number[]> {
  const province = Math.floor(id / 10000) * 10000;
  const provinces = await fetchRegionChildren(client, 0);
  if (!provinces.some((candidate) => candidate.id === province)) return [];
  if (id === province) return [province];
  const second = await fetchRegionChildren(client, province);
  if (second.some((candidate) => candidate.id === id)) return [province, id];
  const city = Math.floor(id / 100) * 100;
  if (!second.some((candidate) => candidate.id === city && candidate.has_children)) return [];
  const third = await fetchRegionChildren(client, city);
  return third.some((candidate) => candidate.id === id) ? [province, city, id] : [];
}

/**
 * Picks a domestic region (province → city → district) from the tree loaded level by level
 * over `GET base/regions/{id}/children`. The value is the path of ids from the province down;
 * `onChange` also hands over their names. A value set from outside is opened along its path.
 */
export function RegionCascader({
  value,
  onChange,
  placeholder,
  storedName,
  changeOnSelect = false,
  disabled,
  style,
  id,
}: {
  value?: number[];
  onChange?(ids: number[], names: string[]): void;
  placeholder?: string;
  /** a region kept as a name only (typed before regions could be chosen): shown until one is picked */
  storedName?: string;
  /** let a province or city be chosen without going down to a district */
  changeOnSelect?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { token } = theme.useToken();
  const [options, setOptions] = useState<Option[]>([]);
  const roots = useRef<Option[]>([]);

  useEffect(() => {
    let cancelled = false;
    fetchRegionChildren(client, 0)
      .then((provinces) => {
        if (cancelled) return;
        roots.current = provinces.map(toOption);
        setOptions(roots.current);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [client]);

  // Opens the chosen path, so the field shows names and the dropdown the chosen branch.
  const pathKey = (value ?? []).join(',');
  useEffect(() => {
    const path = pathKey ? pathKey.split(',').map(Number) : [];
    if (path.length < 2 || options.length === 0) return;
    let cancelled = false;
    (async () => {
      let level = options;
      let changed = false;
      for (const step of path.slice(0, -1)) {
        const option = level.find((candidate) => candidate.value === step);
        if (!option || option.isLeaf) return;
        if (!option.children) {
          option.children = (await fetchRegionChildren(client, step)).map(toOption);
          changed = true;
        }
        level = option.children;
      }
      if (changed && !cancelled) setOptions((current) => [...current]);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pathKey, options, client]);

  const loadData = async (selected: Option[]) => {
    const target = selected[selected.length - 1];
    if (target.children) return;
    target.children = (await fetchRegionChildren(client, target.value).catch(() => [])).map(toOption);
    setOptions((current) => [...current]);
  };

  return (
    <Cascader<Option>
      id={id}
      allowClear
      changeOnSelect={changeOnSelect}
      disabled={disabled}
      style={style}
      placeholder={storedName || placeholder || t('regions.cascader.placeholder')}
      styles={storedName ? { placeholder: { color: token.colorText } } : undefined}
      title={storedName || undefined}
      options={options}
      loadData={loadData}
      value={value ?? []}
      onChange={(next, selected) => onChange?.((next ?? []) as number[], (selected ?? []).map((option) => option.label))}
    />
  );
}
