import { useState } from 'react';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useDateRangePresets } from '@/components/dateRangePresets';
import { DemoResult } from '../DemoResult';

export default function DateRangeDemo() {
  const presets = useDateRangePresets();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  return (
    <>
      <DatePicker.RangePicker presets={presets} value={range} onChange={(next) => setRange(next)} />
      <DemoResult value={range?.map((day) => day?.format('YYYY-MM-DD'))} />
    </>
  );
}
