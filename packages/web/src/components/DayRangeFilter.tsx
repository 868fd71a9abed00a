import { DatePicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateRangePresets } from './dateRangePresets';
import { afterPlatformToday, platformDayEnd, platformDayStart, toPickerValue } from './formatTime';

export interface DayRange {
  /** unix seconds, the start of the first platform day */
  start?: number;
  /** unix seconds, the end (23:59:59) of the last platform day */
  end?: number;
}

/**
 * A filter on whole days in the past (registered, created, paid…): the date range shortcuts of
 * spec §9, no future days, and the range as unix seconds from the first day's start to the last
 * day's end — the way list URLs and the server speak it. Days are platform (China) days whatever the
 * browser's zone, as the server's day rollups and exports count them.
 */
export function DayRangeFilter({ start, end, placeholder, onChange }: DayRange & { placeholder?: [string, string]; onChange(range: DayRange): void }) {
  const { t } = useTranslation();
  const presets = useDateRangePresets();
  return (
    // Said where a day is picked: an operator abroad picks China's days, not their own.
    <Tooltip title={t('pickers.dateRange.platformZone')} mouseEnterDelay={0.6}>
      <DatePicker.RangePicker
        value={start !== undefined && end !== undefined ? [toPickerValue(start), toPickerValue(end)] : null}
        placeholder={placeholder}
        disabledDate={afterPlatformToday}
        presets={presets}
        onChange={(dates) => onChange({ start: dates?.[0] ? platformDayStart(dates[0]) : undefined, end: dates?.[1] ? platformDayEnd(dates[1]) : undefined })}
      />
    </Tooltip>
  );
}
