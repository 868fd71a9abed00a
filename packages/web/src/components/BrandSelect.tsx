import { Select } from 'antd';
import { brandEndpoints } from '@agora/contract';
import { useApi } from '@/lib/api';

/** Every usable brand (`GET admin/goods/brands/all`); brand edits refresh it (area `brands`). */
export const useAllBrands = () => useApi(brandEndpoints.all, {}, { staleTime: 60_000 });

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
