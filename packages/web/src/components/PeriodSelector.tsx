import { useEffect, useEffectEvent, useState } from 'react';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PERIOD_TYPES, currentPeriod, isFuturePeriod, periodResult, type PeriodResult, type PeriodType } from '@agora/contract';

export interface PeriodSelectorProps {
  /** the period type shown first */
  defaultType?: PeriodType;
  /** the period shown, when the caller keeps it (in the URL): then only changes are reported */
  value?: PeriodResult;
  /** called with the current period on mount (unless `value` is given), and on every change */
  onChange(result: PeriodResult): void;
}

const toDay = (result: PeriodResult): Dayjs => dayjs(new Date(result.year, (result.month ?? 1) - 1, 1));

/**
 * Period selector (spec §2, §3, §4): a month or a year, never in the future. Switching between
 * month and year goes back to the current period; every choice is reported with its last-year
 * counterpart and start/end times.
 */
export function PeriodSelector({ defaultType = 'MONTH', value, onChange }: PeriodSelectorProps) {
  const { t } = useTranslation();
  const [own, setOwn] = useState<PeriodResult>(() => currentPeriod(defaultType));
  const controlled = value !== undefined;
  const period = value ?? own;
  const setPeriod = controlled ? onChange : setOwn;

  const emit = useEffectEvent((result: PeriodResult) => {
    if (!controlled) onChange(result);
  });
  useEffect(() => emit(own), [own]);

  const switchType = (type: PeriodType) => setPeriod(currentPeriod(type));

  const pick = (day: Dayjs | null) => {
    if (!day) return;
    const month = period.type === 'MONTH' ? day.month() + 1 : null;
    if (isFuturePeriod(period.type, day.year(), month)) return;
    setPeriod(periodResult(period.type, day.year(), month));
  };

  return (
    <Space.Compact>
      <Select<PeriodType>
        aria-label={t('pickers.period.type')}
        value={period.type}
        style={{ width: 120 }}
        options={PERIOD_TYPES.map((type) => ({ value: type, label: t(`pickers.period.${type}`) }))}
        onChange={switchType}
      />
      <DatePicker
        picker={period.type === 'MONTH' ? 'month' : 'year'}
        value={toDay(period)}
        allowClear={false}
        format={period.type === 'MONTH' ? 'YYYY-MM' : 'YYYY'}
        disabledDate={(day) => isFuturePeriod(period.type, day.year(), period.type === 'MONTH' ? day.month() + 1 : null)}
        onChange={pick}
        style={{ width: 140 }}
      />
    </Space.Compact>
  );
}
