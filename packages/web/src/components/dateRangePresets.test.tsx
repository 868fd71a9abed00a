import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { renderPage, signIn } from '@/test/pageHarness';
import { shortcutRange, useDateRangePresets } from './dateRangePresets';

function Range({ onChange }: { onChange(days: number): void }) {
  const presets = useDateRangePresets();
  return <DatePicker.RangePicker presets={presets} onChange={(range) => range?.[0] && range[1] && onChange(range[1].diff(range[0], 'day'))} />;
}

describe('date range shortcuts', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('last week, last month and last three months are 7, 30 and 90 days up to now', () => {
    const now = dayjs('2024-05-15T10:00:00');
    expect(shortcutRange('lastWeek', now).map((day) => day.format('YYYY-MM-DD'))).toEqual(['2024-05-08', '2024-05-15']);
    expect(shortcutRange('lastMonth', now)[0].format('YYYY-MM-DD')).toBe('2024-04-15');
    expect(shortcutRange('lastThreeMonths', now)[0].format('YYYY-MM-DD')).toBe('2024-02-15');
  });

  it('are offered by the range picker', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    renderPage(<Range onChange={onChange} />);
    await user.click(screen.getAllByRole('textbox')[0]);
    for (const label of ['最近一周', '最近一个月', '最近三个月']) expect(await screen.findByText(label)).toBeTruthy();
    await user.click(screen.getByText('最近三个月'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(90));
  });
});
