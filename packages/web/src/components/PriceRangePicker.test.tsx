import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceRange } from '@agora/contract';
import { renderPage, signIn } from '@/test/pageHarness';
import { PriceRangePicker } from './PriceRangePicker';

const dialog = () => screen.getByRole('dialog');
const rows = () => within(dialog()).queryAllByTestId('price-range');
const input = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const okButton = () => within(dialog()).getByRole('button', { name: /确\s*定/ }) as HTMLButtonElement;
const addButton = () => within(dialog()).getByRole('button', { name: '增加区间' }) as HTMLButtonElement;
const values = () => rows().map((row) => [...row.querySelectorAll('input')].map((element) => element.value));

function open(value?: PriceRange[], max?: number) {
  const onConfirm = vi.fn();
  renderPage(<PriceRangePicker open value={value} max={max} onConfirm={onConfirm} onCancel={() => undefined} />);
  return onConfirm;
}

describe('PriceRangePicker', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('is 450px wide and starts from [0, 100]; only the last upper value is edited', () => {
    open();
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('450px');
    expect(within(dialog()).getByText('第1组')).toBeTruthy();
    expect(values()).toEqual([['0.00', '100.00']]);
    expect(input('1-low').disabled).toBe(true);
    expect(input('1-high').disabled).toBe(false);
    expect(within(dialog()).queryByRole('button', { name: '删除区间' })).toBeNull();
  });

  it.each([
    ['a low not below its high', [[100, 100]]],
    ['a low not above the previous low', [[0, 100], [0, 200]]],
    ['a reversed range', [[0, 100], [100, 50]]],
  ] as [string, PriceRange[]][])('refuses default ranges with %s: 传入默认价格区间格式有误！', (_case, ranges) => {
    open(ranges);
    expect(within(dialog()).getByText('传入默认价格区间格式有误！')).toBeTruthy();
    expect(okButton().disabled).toBe(true);
  });

  it('refuses more default ranges than the maximum (10 by default): 传入默认价格区间长度大于最大长度限制！', () => {
    const eleven = Array.from({ length: 11 }, (_, i): PriceRange => [i * 10, i * 10 + 10]);
    open(eleven);
    expect(within(dialog()).getByText('传入默认价格区间长度大于最大长度限制！')).toBeTruthy();
    expect(okButton().disabled).toBe(true);
  });

  it('adds a range from the previous high to that plus 1, up to the maximum; removes only while more than one is left', async () => {
    const user = userEvent.setup();
    open([[0, 100]], 3);
    await user.click(addButton());
    expect(values()).toEqual([['0.00', '100.00'], ['100.00', '101.00']]);
    expect(input('1-high').disabled).toBe(true);
    await user.click(addButton());
    expect(rows()).toHaveLength(3);
    expect(addButton().disabled).toBe(true);

    await user.click(within(dialog()).getByRole('button', { name: '删除区间' }));
    await user.click(within(dialog()).getByRole('button', { name: '删除区间' }));
    expect(values()).toEqual([['0.00', '100.00']]);
    expect(within(dialog()).queryByRole('button', { name: '删除区间' })).toBeNull();
  });

  it('adds nothing and confirms nothing while the last range is not increasing: 最后一个区间的第二个值需要大于第一个值！', async () => {
    const user = userEvent.setup();
    const onConfirm = open([[0, 100], [100, 200]]);
    await user.clear(input('2-high'));
    await user.type(input('2-high'), '80');
    await user.click(addButton());
    expect(await screen.findByText('最后一个区间的第二个值需要大于第一个值！')).toBeTruthy();
    expect(rows()).toHaveLength(2);
    await user.click(okButton());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(input('2-high'));
    await user.type(input('2-high'), '300');
    await user.click(okButton());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith([[0, 100], [100, 300]]));
  });
});
