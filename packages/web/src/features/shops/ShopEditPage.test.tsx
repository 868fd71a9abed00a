import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { financeEndpoints, shopEndpoints, type BillRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import ShopEditPage from './ShopEditPage';
import { shopDetail } from './testData';

// 1 November 2025 00:00 to 1 December 2025 00:00 in Shanghai (16:00 UTC the day before)
const bill: BillRow = {
  id: 3, bill_sn: 'B20251201000003', seller_id: 7, shop_name: '果园旗舰店', status: 'OUT', order_count: 2, refund_count: 0,
  price: 120, cod_price: 0, refund_price: 0, cod_refund_price: 0, commi_price: 6, refund_commi_price: 0, distribution_rebate: 0, distribution_return_rebate: 0,
  site_coupon_price: 20, site_coupon_commi: 6, bill_price: 108, start_time: 1_761_926_400, end_time: 1_764_518_400, create_time: 1_764_519_000, pay_time: null,
};

describe('shop edit: settlement', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('sets the settlement status with the days, and reads bill periods on the platform clock', async () => {
    const sent = stubApi(
      fixture(shopEndpoints.detail, shopDetail(7, { shop_name: '果园旗舰店', shop_disable: 'OPEN', settlement_days: [1], settlement_status: 'PAID' })),
      fixture(financeEndpoints.bills, { data: [bill], page_no: 1, page_size: 10, data_total: 1 }),
      fixture(shopEndpoints.settlementDays, {}),
    );
    // the browser far from Shanghai: the periods still read in the platform's days
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    onTestFinished(() => {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    });
    const user = userEvent.setup();
    renderPage(<ShopEditPage />, { path: '/shop/edit/:id', url: '/shop/edit/7' });
    await user.click(await screen.findByRole('tab', { name: '结算' }));
    const panel = screen.getByRole('tabpanel');
    // the period's ends are Shanghai midnights, whatever zone the browser is in
    expect(await within(panel).findByText('2025-11-01 00:00:00 ~ 2025-12-01 00:00:00')).toBeTruthy();

    const save = within(panel).getByRole('button', { name: /保\s*存/ });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const status = within(panel).getByRole('combobox', { name: '结算状态' });
    await user.click(status);
    await user.click(await screen.findByText('售后期满'));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);
    expect(await screen.findByText('结算日已设置')).toBeTruthy();
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(decodeURIComponent(put.url)).toBe('admin/order/bills/7/param?param=1&status=SERVICE_EXPIRED');
  });
});
