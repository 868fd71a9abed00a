import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { periodResult } from '@agora/contract';
import { renderPage, signIn } from '@/test/pageHarness';
import { PeriodSelector } from './PeriodSelector';

const cell = (title: string) => document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${title}"]`)!;

async function chooseType(user: ReturnType<typeof userEvent.setup>, label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '统计周期' }));
  await user.click((await screen.findAllByText(label, { selector: '.ant-select-item-option-content' })).at(-1)!);
}

describe('PeriodSelector', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
    // Only the clock is fixed (15 May 2024); timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 4, 15, 10, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('reports the current month with its last-year counterpart and start/end times on mount', async () => {
    const onChange = vi.fn();
    renderPage(<PeriodSelector onChange={onChange} />);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const result = onChange.mock.calls[0][0];
    expect(result).toEqual(periodResult('MONTH', 2024, 5));
    expect(Object.keys(result).sort()).toEqual(
      ['type', 'year', 'last_year', 'month', 'last_month', 'year_month', 'last_year_month', 'start_time', 'last_start_time', 'end_time', 'last_end_time'].sort(),
    );
    expect(result).toMatchObject({ year_month: '2024-05', last_year_month: '2023-05', start_time: new Date(2024, 4, 1).getTime() / 1000 });
  });

  it('disallows future months, reports a past month, and switching type resets to the current period', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    renderPage(<PeriodSelector onChange={onChange} />);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('textbox'));
    await waitFor(() => expect(cell('2024-06')).toBeTruthy());
    expect(cell('2024-06').className).toContain('ant-picker-cell-disabled');
    expect(cell('2024-05').className).not.toContain('ant-picker-cell-disabled');
    await user.click(cell('2024-02').querySelector('div')!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(periodResult('MONTH', 2024, 2)));

    await chooseType(user, '按年');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(periodResult('YEAR', 2024)));
    expect(onChange.mock.lastCall![0]).toMatchObject({ type: 'YEAR', year: 2024, last_year: 2023, month: null, year_month: '2024', last_year_month: '2023' });

    await user.click(screen.getByRole('textbox'));
    await waitFor(() => expect(cell('2025')).toBeTruthy());
    expect(cell('2025').className).toContain('ant-picker-cell-disabled');
    await user.click(cell('2022').querySelector('div')!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(periodResult('YEAR', 2022)));

    await chooseType(user, '按月');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(periodResult('MONTH', 2024, 5)));
  });
});
