import { useState } from 'react';
import { Button, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The price-range filter of the goods lists (yuan): two bounds applied together with the search
 * button. Key it by the bounds in the URL so a reset there clears the inputs.
 */
export function PriceRangeFilter({ min, max, onSearch }: { min?: number; max?: number; onSearch(min?: number, max?: number): void }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<{ min?: number | null; max?: number | null }>({ min, max });
  return (
    <Space.Compact>
      <InputNumber min={0} precision={2} placeholder={t('goods.filters.minPrice')} value={range.min} onChange={(value) => setRange((r) => ({ ...r, min: value }))} style={{ width: 110 }} />
      <InputNumber min={0} precision={2} placeholder={t('goods.filters.maxPrice')} value={range.max} onChange={(value) => setRange((r) => ({ ...r, max: value }))} style={{ width: 110 }} />
      <Button onClick={() => onSearch(range.min ?? undefined, range.max ?? undefined)}>{t('goods.filters.search')}</Button>
    </Space.Compact>
  );
}
