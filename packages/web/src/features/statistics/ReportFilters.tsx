import type { ReactNode } from 'react';
import { Card, Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { periodResult } from '@agora/contract';
import { PeriodSelector } from '@/components/PeriodSelector';
import { PLATFORM_SHOP_ID, ShopSelect } from '@/components/ShopSelect';

/** A report's URL beside its query: which of its charts is shown. */
export const reportUi = { chart: z.string().optional() };

interface ReportList {
  query: { cycle_type: 'MONTH' | 'YEAR'; year: number; month: number; seller_id: number };
  filter(values: { cycle_type?: 'MONTH' | 'YEAR'; year?: number; month?: number; seller_id?: number }): void;
  openUi(values: { chart?: string }): void;
}

/** The report shell's bar: the period (month or year), the shop (0 = the whole platform) and the chart, all in the URL. */
export function ReportFilters({
  list,
  byShop,
  charts,
  chart,
  extra,
}: {
  list: ReportList;
  byShop: boolean;
  charts: readonly string[];
  chart: string;
  /** a report's own filters after the shop (the price bands) */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = list;
  return (
    <Card size="small">
      <Flex wrap gap={8} align="center">
        <PeriodSelector
          value={periodResult(query.cycle_type, query.year, query.month)}
          onChange={(next) => list.filter({ cycle_type: next.type, year: next.year, month: next.month ?? query.month })}
        />
        {byShop && (
          <ShopSelect
            withPlatform
            style={{ width: 220 }}
            placeholder={t('statistics.filters.shop')}
            value={query.seller_id}
            onChange={(seller) => list.filter({ seller_id: seller ?? PLATFORM_SHOP_ID })}
          />
        )}
        {extra}
        {charts.length > 1 && (
          <Segmented value={chart} onChange={(value) => list.openUi({ chart: String(value) })} options={charts.map((key) => ({ value: key, label: t(`statistics.charts.${key}`) }))} />
        )}
      </Flex>
    </Card>
  );
}
