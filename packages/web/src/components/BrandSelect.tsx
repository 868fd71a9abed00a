import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { BrandOption } from '@agora/contract';
import { get } from '@/lib/request';

/** The query key of `GET admin/goods/brands/all`; brand mutations invalidate everything under ['catalogue', 'brands']. */
export const ALL_BRANDS_KEY = ['catalogue', 'brands', 'all'] as const;

export const useAllBrands = () => useQuery({ queryKey: ALL_BRANDS_KEY, queryFn: () => get<BrandOption[]>('admin/goods/brands/all'), staleTime: 60_000 });

/** Picks one brand, or several with `multiple`, searching by name (spec §2 brand picker). */
export function BrandSelect({
  value,
  onChange,
  multiple,
  placeholder,
  style,
  id,
}: {
  value?: number | number[];
  onChange?(value: number | number[] | undefined): void;
  multiple?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}) {
  const brands = useAllBrands();
  return (
    <Select<number | number[]>
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      loading={brands.isLoading}
      style={style}
      placeholder={placeholder}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={brands.data?.map((brand) => ({ value: brand.brand_id, label: brand.name }))}
    />
  );
}
