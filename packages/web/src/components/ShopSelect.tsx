import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { shopEndpoints } from '@agora/contract';
import { useApi } from '@/lib/api';
import { useDebouncedValue } from './useDebouncedValue';

/** Spec §3: the whole-platform pseudo-shop. */
export const PLATFORM_SHOP_ID = 0;

/**
 * Picks one shop by name, searching the server (`shopEndpoints.options`) as the operator types;
 * the chosen shop's name shows even when it is not among the first matches. `withPlatform` offers
 * the whole platform (shop_id 0, 平台) first, for screens where the platform acts as a shop.
 */
export function ShopSelect({
  value,
  onChange,
  placeholder,
  style,
  id,
  withPlatform = false,
}: {
  value?: number;
  onChange?(value: number | undefined): void;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  withPlatform?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const ids = value === undefined || value === PLATFORM_SHOP_ID ? undefined : String(value);
  const platformName = t('pickers.shopSelect.platform');
  const platform = withPlatform && (value === PLATFORM_SHOP_ID || !keyword || platformName.includes(keyword)) ? [{ value: PLATFORM_SHOP_ID, label: platformName }] : [];
  const options = useApi(shopEndpoints.options, { query: { keyword, ids } }, { staleTime: 30_000 });
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
      options={[...platform, ...(options.data?.map((shop) => ({ value: shop.shop_id, label: shop.shop_name })) ?? [])]}
    />
  );
}
