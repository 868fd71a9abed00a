import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { financeEndpoints, shopEndpoints, themeEndpoints, type BillRow } from '@agora/contract';
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

  it("shows the shop's PC and mobile themes and saves another one with the details", async () => {
    const sent = stubApi(
      fixture(shopEndpoints.detail, shopDetail(7, { shop_name: '果园旗舰店', shop_disable: 'OPEN', link_phone: '13800138000', pc_theme_id: 1, wap_theme_id: 2 })),
      fixture(themeEndpoints.options, [
        { id: 1, name: '经典红', type: 'PC', is_default: 1 },
        { id: 3, name: '清新绿', type: 'PC', is_default: 0 },
        { id: 2, name: '简约白', type: 'WAP', is_default: 1 },
      ]),
      fixture(shopEndpoints.update, {}),
    );
    const user = userEvent.setup();
    renderPage(<ShopEditPage />, { path: '/shop/edit/:id', url: '/shop/edit/7' });
    const pcTheme = await screen.findByRole('combobox', { name: 'PC端模版' });
    const field = (input: HTMLElement) => input.closest('.ant-form-item') as HTMLElement;
    expect(await within(field(pcTheme)).findByText('经典红（默认）')).toBeTruthy();
    expect(within(field(screen.getByRole('combobox', { name: '移动端模版' }))).getByText('简约白（默认）')).toBeTruthy();
    await user.click(pcTheme);
    // a PC theme only: the mobile one is not offered for the PC site
    expect(screen.queryByRole('option', { name: '简约白（默认）' })).toBeNull();
    await user.click(await screen.findByText('清新绿'));
    await user.click(screen.getAllByRole('button', { name: /保\s*存/ })[0]);
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('admin/shops/7');
    expect(JSON.parse(put.body as string)).toMatchObject({ pc_theme_id: 3, wap_theme_id: 2 });
  });
});
