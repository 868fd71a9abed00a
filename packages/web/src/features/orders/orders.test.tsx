import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderEndpoints, shopEndpoints, type OrderDetail, type OrderRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { currentUrl as location, renderPage, signIn, sortedUrl as at } from '@/test/pageHarness';
import OrderDetailPage from './OrderDetailPage';
import OrderListPage from './OrderListPage';

const row = (fields: Partial<OrderRow> = {}): OrderRow => ({
  order_id: 1,
  sn: '202611240000000001',
  create_time: 1_763_900_000,
  order_amount: 110,
  need_pay_money: 106.67,
  ship_name: '林怡宇',
  shop_id: 3,
  shop_name: '鑫源电子专营店',
  member_name: 'guo00202',
  goods_names: '蓝牙耳机',
  point: 0,
  order_status: 'CONFIRM',
  order_status_text: '待付款',
  pay_status: 'PAY_NO',
  ship_status: 'SHIP_NO',
  service_status: 'NOT_APPLY',
  payment_type: 'ONLINE',
  order_type: 'NORMAL',
  client_type: 'APP',
  cancel_left_time: 3_600,
  ...fields,
});

const detail = (fields: Partial<OrderDetail> = {}): OrderDetail => ({
  ...row(),
  member_id: 9,
  goods_num: 2,
  goods_price: 100,
  shipping_price: 10,
  discount_price: 0,
  balance: 3.33,
  pay_money: 0,
  point: 0,
  payment_method_name: '',
  ship_mobile: '13187814311',
  ship_region: '湖北省 宜昌市',
  ship_addr: '人民路249号',
  remark: '',
  cancel_reason: '',
  payment_time: null,
  ship_time: null,
  signing_time: null,
  complete_time: null,
  cancel_time: null,
  comment_status: 'UNFINISHED',
  need_receipt: 0,
  receipt: null,
  items: [{ goods_id: 1, sku_id: 1, name: '无线降噪耳机', spec: '颜色:黑', image: '', price: 50, num: 2, subtotal: 100, complain_status: 'APPLYING' }],
  payments: [],
  shipments: [],
  logs: [{ id: 1, status: 'NEW', message: '买家提交订单', op_type: 'BUYER', op_name: 'guo00202', op_time: 1_763_900_000 }],
  allowable: { allow_pay: true, allow_cancel: true, allow_complete: false, allow_service_expire: false },
  ...fields,
});

describe('the order pages', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('keeps the status tab and filters in the URL under the API names, with the countdown of unpaid orders', async () => {
    const sent = stubApi(
      fixture(orderEndpoints.list, ({ query }) => ({ data: query.order_status === 'COMPLETE' ? [] : [row()], page_no: 1, page_size: 20, data_total: 1 })),
      fixture(shopEndpoints.options, []),
    );
    const user = userEvent.setup();
    renderPage(
      <PermissionsContext.Provider value={createPermissions(0, [])}>
        <OrderListPage />
      </PermissionsContext.Provider>,
      { path: '/orders', url: '/orders?order_status=WAIT_PAY&payment_type=ONLINE' },
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('202611240000000001');
    expect(sent.find((request) => request.url.startsWith('admin/trade/orders'))!.url).toBe('admin/trade/orders?order_status=WAIT_PAY&payment_type=ONLINE');
    expect(within(table).getByText('待付款')).toBeTruthy();
    expect(within(table).getByText(/后自动取消$/)).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: '已完成' }));
    await waitFor(() => expect(location()).toBe(at('/orders?order_status=COMPLETE&payment_type=ONLINE')));
    await user.type(screen.getByPlaceholderText('订单编号 / 收货人 / 商品名称'), '耳机{Enter}');
    await waitFor(() => expect(location()).toBe(at('/orders?order_status=COMPLETE&payment_type=ONLINE&keyword=%E8%80%B3%E6%9C%BA')));
  });

  it('shows an exchange order with its type tag and keeps the type filter in the URL', async () => {
    const exchange = { sn: '202611240000000099', order_type: 'EXCHANGE' as const, order_status_text: '待付款' };
    const sent = stubApi(
      fixture(orderEndpoints.list, () => ({ data: [row(exchange)], page_no: 1, page_size: 20, data_total: 1 })),
      fixture(shopEndpoints.options, []),
    );
    const user = userEvent.setup();
    renderPage(
      <PermissionsContext.Provider value={createPermissions(0, [])}>
        <OrderListPage />
      </PermissionsContext.Provider>,
      { path: '/orders', url: '/orders?order_type=EXCHANGE' },
    );
    const table = await screen.findByRole('table');
    await within(table).findByText(exchange.sn);
    expect(within(table).getByText('积分兑换订单')).toBeTruthy();
    expect(sent.find((request) => request.url.startsWith('admin/trade/orders'))!.url).toBe('admin/trade/orders?order_type=EXCHANGE');
    await user.click(screen.getByRole('button', { name: /重\s?置/ }));
    await waitFor(() => expect(location()).toBe(at('/orders')));
  });

  it('asks before cancelling an exchange order, naming the points that come back', async () => {
    stubApi(fixture(orderEndpoints.detail, () => detail({ order_type: 'EXCHANGE', point: 600 })));
    const user = userEvent.setup();
    renderPage(<OrderDetailPage />, { path: '/order/detail/:sn', url: '/order/detail/202611240000000001' });
    const amounts = await screen.findByTestId('order-amounts');
    expect(amounts.textContent).toContain('兑换积分600');
    await user.click(within(screen.getByTestId('order-actions')).getByRole('button', { name: '取消订单' }));
    expect(await screen.findByText(/退还买家的 600 积分/)).toBeTruthy();
  });

  it('shows only the actions the server allows, and a cancel asks first', async () => {
    let cancelled = false;
    const sent = stubApi(
      fixture(orderEndpoints.detail, () =>
        cancelled
          ? detail({ order_status: 'CANCELLED', cancel_left_time: null, allowable: { allow_pay: false, allow_cancel: false, allow_complete: false, allow_service_expire: false } })
          : detail(),
      ),
      fixture(orderEndpoints.cancel, () => {
        cancelled = true;
        return detail({ order_status: 'CANCELLED' });
      }),
    );
    const user = userEvent.setup();
    renderPage(<OrderDetailPage />, { path: '/order/detail/:sn', url: '/order/detail/202611240000000001' });
    const actions = await screen.findByTestId('order-actions');
    expect(within(actions).getAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''))).toEqual(['确认收款', '取消订单']);
    expect(screen.getByTestId('order-amounts').textContent).toContain('-￥3.33');
    expect(screen.getByTestId('order-log').textContent).toContain('买家提交订单');
    expect(screen.getByTestId('complain-status').textContent).toBe('投诉中');

    await user.click(within(actions).getByRole('button', { name: '取消订单' }));
    expect(await screen.findByText(/取消后将释放库存并退还买家使用的预存款/)).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST' && request.url === 'admin/trade/orders/202611240000000001/cancelled')).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('order-actions')).queryAllByRole('button')).toHaveLength(0));
  });
});
