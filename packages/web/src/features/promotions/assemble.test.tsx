import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pintuanEndpoints, type PintuanRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import AssembleListPage from './AssembleListPage';

const event = (id: number, name: string, overrides: Partial<PintuanRow> = {}): PintuanRow => ({
  promotion_id: id,
  promotion_name: name,
  promotion_title: '',
  shop_id: 1,
  shop_name: '测试店铺',
  start_time: 1_763_000_000,
  end_time: 1_765_000_000,
  required_num: 3,
  limit_time: 24,
  enable_mocker: 0,
  status: 'UNDERWAY',
  option_status: 'CAN_CLOSE',
  create_time: 1_762_000_000,
  ...overrides,
});

describe('group buys', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('offers close on a running event, open on a closed one, neither outside the window, and closes after asking', async () => {
    const sent = stubApi(
      fixture(pintuanEndpoints.list, {
        data: [event(1, '三人团'), event(2, '已关闭团', { status: 'END', option_status: 'CAN_OPEN' }), event(3, '往期团', { status: 'END', option_status: 'NOTHING' })],
        page_no: 1,
        page_size: 20,
        data_total: 3,
      }),
      fixture(pintuanEndpoints.openClose, {}),
    );
    const user = userEvent.setup();
    renderPage(<AssembleListPage />, { path: '/promotions/assemble-list', url: '/promotions/assemble-list' });
    const row = (name: string) => within(screen.getByText(name).closest('tr')!);
    await screen.findByText('三人团');
    expect(row('已关闭团').getByRole('button', { name: /开\s?启/ })).toBeTruthy();
    expect(row('往期团').queryByRole('button', { name: /开\s?启|关\s?闭/ })).toBeNull();
    await user.click(row('三人团').getByRole('button', { name: /关\s?闭/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    expect(sent.find((request) => request.method === 'PUT')!.url).toBe('admin/promotion/pintuan/1/close/open-close');
  });
});
