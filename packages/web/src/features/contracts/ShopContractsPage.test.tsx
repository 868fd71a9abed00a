import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { contractEndpoints, shopEndpoints, type ContractRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl as location, renderPage, signIn, sortedUrl as at } from '@/test/pageHarness';
import { bundledTexts } from '@/lib/i18n';
import ShopContractsPage from './ShopContractsPage';

const row = (id: number, state: ContractRow['state'], extra: Partial<ContractRow> = {}): ContractRow => ({
  id,
  contract_no: `HT-2026-${id}`,
  shop_id: id,
  shop_name: `店铺${id}`,
  start_date: '2026-01-01',
  end_date: '2026-12-20',
  state,
  days_left: 26,
  file_url: `/files/contract/${id}.pdf`,
  file_name: `${id}.pdf`,
  remark: '',
  terminate_reason: '',
  terminate_time: null,
  terminated_by: '',
  expiry_notice_time: null,
  create_time: 1_763_000_000,
  ...extra,
});

const ROWS = [row(1, 'EXPIRING'), row(2, 'ACTIVE', { end_date: '2027-06-30', days_left: 218 }), row(3, 'TERMINATED', { terminate_reason: '严重违规', terminated_by: 'admin' })];

const shopOptions = fixture(shopEndpoints.options, [{ shop_id: 1, shop_name: '店铺1', shop_disable: 'OPEN' }]);
const contracts = fixture(contractEndpoints.list, ({ query }) => {
  const rows = ROWS.filter((entry) => !query.state || entry.state === query.state);
  return { data: rows, page_no: 1, page_size: 20, data_total: rows.length };
});

describe('shop contracts page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('filters by state in the URL, and terminates a contract in force only with a reason, after warning', async () => {
    const sent = stubApi(shopOptions, contracts, fixture(contractEndpoints.terminate, ({ params }) => ({ ...ROWS[0], id: Number(params.id), state: 'TERMINATED' as const })));
    const user = userEvent.setup();
    renderPage(<ShopContractsPage />, { path: '/shop/contracts', url: '/shop/contracts?state=EXPIRING' });
    expect(await screen.findByText('HT-2026-1')).toBeTruthy();
    expect(sent.find((request) => request.url.startsWith('admin/shops/contracts'))?.url).toBe('admin/shops/contracts?state=EXPIRING');
    expect(screen.getByText('即将到期 · 剩26天')).toBeTruthy();

    const [, first] = await screen.findAllByRole('row');
    await user.click(within(first).getByText('终止'));
    await waitFor(() => expect(location()).toBe(at('/shop/contracts?state=EXPIRING&terminate=1')));
    expect(await screen.findByText('终止合同 HT-2026-1')).toBeTruthy();
    expect(screen.getByText('合同终止后不可恢复，店铺将收到站内信通知。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请填写终止原因')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('终止原因'), '店铺严重违规');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent.find((request) => request.method === 'PUT')?.url).toBe('admin/shops/contracts/1/terminate'));
    expect(JSON.parse(String(sent.find((request) => request.method === 'PUT')!.body))).toEqual({ reason: '店铺严重违规' });
    await waitFor(() => expect(location()).toBe(at('/shop/contracts?state=EXPIRING')));
  });

  it('offers edit and terminate only while a contract is open, and shows why one was terminated, in English too', async () => {
    stubApi(shopOptions, contracts);
    await i18next.addResourceBundle('en-US', 'translation', await bundledTexts('en-US'));
    await i18next.changeLanguage('en-US');
    try {
      renderPage(<ShopContractsPage />, { path: '/shop/contracts', url: '/shop/contracts' });
      expect(await screen.findByText('HT-2026-3')).toBeTruthy();
      const [, expiring, active, terminated] = screen.getAllByRole('row');
      expect(within(expiring).getByText('Expiring soon · 26 d left')).toBeTruthy();
      expect(within(active).getByText('In force')).toBeTruthy();
      expect(within(active).getByText('Terminate')).toBeTruthy();
      expect(within(terminated).getByText('Terminated by admin: 严重违规')).toBeTruthy();
      expect(within(terminated).queryByText('Terminate')).toBeNull();
      expect(within(terminated).queryByText('Edit')).toBeNull();
    } finally {
      await i18next.changeLanguage('zh-CN');
    }
  });
});
