import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currencyEndpoints, type CurrencyRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import CurrencyListPage from './CurrencyListPage';

const row = (id: number, code: string, name: string, rate: string, extra: Partial<CurrencyRow> = {}): CurrencyRow => ({
  id,
  currency_code: code,
  currency_name: name,
  currency_symbol: code === 'CNY' ? '￥' : '$',
  rate,
  sort: id,
  enable: 1,
  auto_rate: 0,
  is_default: 0,
  rate_update_time: 1_763_000_000,
  update_time: 1_763_000_000,
  ...extra,
});

const ROWS = [row(1, 'CNY', '人民币', '1', { is_default: 1 }), row(2, 'USD', '美元', '0.1382', { auto_rate: 1 })];

describe('currencies page', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('locks the default row and makes another currency the default with its listed rate', async () => {
    const sent = stubApi(
      fixture(currencyEndpoints.list, () => ({ data: ROWS, page_no: 1, page_size: 20, data_total: 2 })),
      fixture(currencyEndpoints.default, () => ROWS[0]),
      fixture(currencyEndpoints.update, ({ body }) => ({ ...ROWS[1], ...(body as object), rate: '1' }) as CurrencyRow),
    );
    const user = userEvent.setup();
    renderPage(
      <PermissionsContext.Provider value={createPermissions(0, [])}>
        <CurrencyListPage />
      </PermissionsContext.Provider>,
      { path: '/c', url: '/c' },
    );
    await screen.findByText('USD');
    const rows = screen.getAllByRole('row');
    const cny = rows.find((r) => within(r).queryByText('CNY'))!;
    const usd = rows.find((r) => within(r).queryByText('USD'))!;
    expect(within(cny).getByText('默认币种')).toBeTruthy();
    expect(within(cny).queryByText('删除')).toBeNull();
    expect(within(cny).getAllByRole('switch').every((s) => s.hasAttribute('disabled'))).toBe(true);
    expect(within(usd).getByText('删除')).toBeTruthy();

    await user.click(within(usd).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: '设为默认币种' }));
    expect(within(dialog).getByText(/保存后 USD 成为默认币种/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('admin/i18n/currencies/2');
    expect(JSON.parse(String(put.body))).toMatchObject({ currency_code: 'USD', rate: '0.1382', is_default: 1, auto_rate: 0 });
  });
});
