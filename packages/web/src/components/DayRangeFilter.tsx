import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useDateRangePresets } from './dateRangePresets';

export interface DayRange {
  /** unix seconds, the start of the first day */
  start?: number;
  /** unix seconds, the end of the last day */
  end?: number;
}

/**
 * A filter on whole days in the past (registered, created, paid…): the date range shortcuts of
 * spec §9, no future days, and the range as unix seconds from the first day's start to the last
 * day's end — the way list URLs and the server speak it.
 */
export function DayRangeFilter({ start, end, placeholder, onChange }: DayRange & { placeholder?: [string, string]; onChange(range: DayRange): void }) {
  const presets = useDateRangePresets();
  return (
    <DatePicker.RangePicker
      value={start !== undefined && end !== undefined ? [dayjs.unix(start), dayjs.unix(end)] : null}
      placeholder={placeholder}
      disabledDate={(date) => date.isAfter(dayjs().endOf('day'))}
      presets={presets}
      onChange={(dates) => onChange({ start: dates?.[0]?.startOf('day').unix(), end: dates?.[1]?.endOf('day').unix() })}
    />
  );
}
