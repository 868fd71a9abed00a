import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ShopOption } from '@agora/contract';
import { get } from '@/lib/request';
import { useDebouncedValue } from './useDebouncedValue';

export const shopOptionKeys = {
  all: ['shop-options'] as const,
  search: (keyword: string, ids: string) => [...shopOptionKeys.all, keyword, ids] as const,
};

/**
 * Picks one shop by name, searching the server (`GET admin/shops/list`) as the operator types;
 * the chosen shop's name shows even when it is not among the first matches.
 */
export function ShopSelect({
  value,
  onChange,
  placeholder,
  style,
  id,
}: {
  value?: number;
  onChange?(value: number | undefined): void;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const ids = value === undefined ? '' : String(value);
  const options = useQuery({
    queryKey: shopOptionKeys.search(keyword, ids),
    queryFn: () => get<ShopOption[]>('admin/shops/list', { keyword, ids }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={options.isFetching}
      style={style}
      placeholder={placeholder}
      value={value}
      onChange={(next) => {
        setTyped('');
        onChange?.(next ?? undefined);
      }}
      options={options.data?.map((shop) => ({ value: shop.shop_id, label: shop.shop_name }))}
    />
  );
}
