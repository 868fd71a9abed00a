import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterSaleEndpoints, type ServiceDetail, type ServiceRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { currentUrl as location, renderPage, signIn, sortedUrl as at } from '@/test/pageHarness';
import ServiceDetailPage from './ServiceDetailPage';
import ServiceListPage from './ServiceListPage';

const row = (fields: Partial<ServiceRow> = {}): ServiceRow => ({
  service_id: 1,
  sn: 'AS2026112400000001',
  order_sn: '202611240000000001',
  create_time: 1_763_900_000,
  member_name: 'guo00202',
  shop_name: '鑫源电子专营店',
  service_type: 'RETURN_GOODS',
  service_status: 'WAIT_FOR_MANUAL',
  create_channel: 'NORMAL',
  goods_names: '无线降噪耳机',
  allowable: { allow_admin_refund: true },
  ...fields,
});

const detail = (fields: Partial<ServiceDetail> = {}): ServiceDetail => ({
  ...row(),
  order_id: 1,
  member_id: 9,
  shop_id: 3,
  payment_type: 'ONLINE',
  reason: '商品质量问题',
  problem_desc: '收到后发现有划痕',
  audit_remark: '同意售后申请',
  stock_remark: '商品完好，已入库',
  refund_remark: '',
  close_reason: '',
  return_addr: '',
  new_order_sn: '',
  courier_name: '',
  courier_no: '',
  courier_time: null,
  change_ship_name: '',
  change_ship_mobile: '',
  change_ship_addr: '',
  audit_time: null,
  complete_time: null,
  goods: [{ goods_id: 1, sku_id: 1, name: '无线降噪耳机', spec: '颜色:黑', image: '', price: 50, ship_num: 2, return_num: 2, storage_num: 2 }],
  images: ['https://example.com/a.jpg'],
  refund: {
    sn: 'RF2026112400000001',
    refund_way: 'BALANCE',
    account_type: '',
    return_account: '',
    bank_name: '',
    bank_account_name: '',
    bank_account_number: '',
    refund_status: 'REFUNDING',
    refund_price: 100,
    agree_price: 90,
    actual_price: 0,
    refund_point: 90,
    pay_order_no: '',
    refund_fail_reason: '',
    refund_time: null,
  },
  logs: [{ id: 1, status: 'APPLY', message: '买家申请售后（退货）', op_type: 'BUYER', op_name: 'guo00202', op_time: 1_763_900_000 }],
  ...fields,
});

describe('the after-sales pages', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('keeps the filters in the URL under the API names, and offers 退款 only where the server allows it', async () => {
    const sent = stubApi(
      fixture(afterSaleEndpoints.list, () => ({ data: [row(), row({ service_id: 2, sn: 'AS2026112400000002', service_status: 'APPLY', allowable: { allow_admin_refund: false } })], page_no: 1, page_size: 20, data_total: 2 })),
    );
    const user = userEvent.setup();
    renderPage(
      <PermissionsContext.Provider value={createPermissions(0, [])}>
        <ServiceListPage />
      </PermissionsContext.Provider>,
      { path: '/services', url: '/services?service_status=WAIT_FOR_MANUAL' },
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('AS2026112400000001');
    expect(sent.find((request) => request.url.startsWith('admin/after-sales'))!.url).toBe('admin/after-sales?service_status=WAIT_FOR_MANUAL');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('待人工处理')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '退款' })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: '退款' })).toBeNull();
    await user.type(screen.getByPlaceholderText('售后单号/订单号/商品名称'), '耳机{Enter}');
    await waitFor(() => expect(location()).toBe(at('/services?service_status=WAIT_FOR_MANUAL&keyword=%E8%80%B3%E6%9C%BA')));
  });

  it('refunds from the detail: at most the agreed amount, then shows what the server answers', async () => {
    let refunded = false;
    const sent = stubApi(
      fixture(afterSaleEndpoints.detail, () =>
        refunded
          ? detail({ service_status: 'COMPLETED', allowable: { allow_admin_refund: false }, refund: { ...detail().refund!, refund_status: 'COMPLETED', actual_price: 90 } })
          : detail(),
      ),
      fixture(afterSaleEndpoints.refund, () => {
        refunded = true;
        return detail({ service_status: 'COMPLETED' });
      }),
    );
    const user = userEvent.setup();
    renderPage(<ServiceDetailPage />, { path: '/finance/service-detail/:service_sn', url: '/finance/service-detail/AS2026112400000001' });
    expect((await screen.findByTestId('service-log')).textContent).toContain('买家申请售后（退货）');
    expect(screen.getByTestId('service-refund-info').textContent).toContain('退回预存款');
    await user.click(screen.getByTestId('service-refund'));
    const amount = await screen.findByTestId('refund-price');
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('90.00'));
    await user.clear(amount);
    await user.type(amount, '95');
    await user.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    expect(await screen.findByText('退款金额不能大于￥90.00')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '90');
    await user.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST' && request.url === 'admin/after-sales/refund/AS2026112400000001?refund_price=90&remark=')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('service-refund')).toBeNull());
    expect(screen.getByTestId('service-refund-info').textContent).toContain('退款完成');
  });
});
