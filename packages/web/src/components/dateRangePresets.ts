import { useMemo } from 'react';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_RANGE_SHORTCUT_DAYS } from '@agora/contract';
import { platformNow } from './formatTime';

type Shortcut = keyof typeof DATE_RANGE_SHORTCUT_DAYS;
const SHORTCUTS = Object.keys(DATE_RANGE_SHORTCUT_DAYS) as Shortcut[];

/** The range a shortcut stands for: from `days` days ago to now on the platform clock (spec §9: 7, 30, 90). */
export const shortcutRange = (shortcut: Shortcut, now: Dayjs = platformNow()): [Dayjs, Dayjs] => [now.subtract(DATE_RANGE_SHORTCUT_DAYS[shortcut], 'day'), now];

/**
 * The date range shortcuts of spec §9 (last week, last month, last three months) as RangePicker
 * `presets`; each range is taken when it is clicked, not when the page was drawn.
 */
export function useDateRangePresets(): { label: string; value: () => [Dayjs, Dayjs] }[] {
  const { t } = useTranslation();
  return useMemo(() => SHORTCUTS.map((shortcut) => ({ label: t(`pickers.dateRange.${shortcut}`), value: () => shortcutRange(shortcut) })), [t]);
}
