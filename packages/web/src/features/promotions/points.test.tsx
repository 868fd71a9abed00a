import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pointsMallEndpoints, signInEndpoints, type OrderRow, type SignActivityRow } from '@agora/contract';
import { formatYuan } from '@/components/formatMoney';
import { fixture, stubApi } from '@/test/api';
import { currentUrl as location, renderPage, signIn, sortedUrl as at } from '@/test/pageHarness';
import ExchangeCategoryPage from './ExchangeCategoryPage';
import ExchangeOrdersPage from './ExchangeOrdersPage';
import SignActivityListPage from './SignActivityListPage';

const activity = (id: number, title: string, status: SignActivityRow['status']): SignActivityRow => ({
  activity_id: id,
  title,
  start_time: 1_763_000_000,
  end_time: 1_765_000_000,
  status,
  cycle_days: 7,
  sign_num: 3,
  create_time: 1_762_000_000,
});

describe('sign-in activities and exchange categories', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('offers each activity only the actions its status allows, and closes after asking', async () => {
    const sent = stubApi(
      fixture(signInEndpoints.list, {
        data: [activity(1, '待开始活动', 'WAIT'), activity(2, '进行中活动', 'OPEN'), activity(3, '已结束活动', 'FINISH')],
        page_no: 1,
        page_size: 20,
        data_total: 3,
      }),
      fixture(signInEndpoints.close, {}),
    );
    const user = userEvent.setup();
    renderPage(<SignActivityListPage />, { path: '/promotions/sign-in/activity-list', url: '/promotions/sign-in/activity-list' });
    const row = (name: string) => within(screen.getByText(name).closest('tr')!);
    await screen.findByText('待开始活动');
    expect(row('待开始活动').getByRole('button', { name: /编\s?辑/ })).toBeTruthy();
    expect(row('进行中活动').queryByRole('button', { name: /编\s?辑/ })).toBeNull();
    expect(row('进行中活动').queryByRole('button', { name: /删\s?除/ })).toBeNull();
    expect(row('已结束活动').queryByRole('button', { name: /关\s?闭/ })).toBeNull();
    expect(row('已结束活动').getByRole('button', { name: /删\s?除/ })).toBeTruthy();
    await user.click(row('进行中活动').getByRole('button', { name: /关\s?闭/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')!.url).toBe('admin/promotion/sign/active/2/close');
  });

  it('shows the category tree and greys out deleting a category that still has goods', async () => {
    stubApi(
      fixture(pointsMallEndpoints.cats, [
        { cat_id: 1, parent_id: 0, name: '数码好礼', sort: 1, image: '', goods_num: 0, children: [{ cat_id: 2, parent_id: 1, name: '耳机音箱', sort: 1, image: '', goods_num: 2, children: [] }] },
        { cat_id: 3, parent_id: 0, name: '限量兑换', sort: 2, image: '', goods_num: 0, children: [] },
      ]),
    );
    renderPage(<ExchangeCategoryPage />, { path: '/promotions/points-mall/exchange-category', url: '/promotions/points-mall/exchange-category' });
    const row = (name: string) => within(screen.getByText(name).closest('tr')!);
    await screen.findByText('限量兑换');
    expect(row('限量兑换').getByRole('button', { name: /删\s?除/ }).hasAttribute('disabled')).toBe(false);
    expect(row('数码好礼').getByRole('button', { name: /删\s?除/ }).hasAttribute('disabled')).toBe(true);
    expect(row('数码好礼').getByRole('button', { name: '添加子分类' })).toBeTruthy();
  });

  it('lists the exchange orders with member, goods, points and cash part, keeps the filters in the URL and opens an order in the order detail', async () => {
    const order = (sn: string, fields: Partial<OrderRow>): OrderRow => ({
      order_id: Number(sn.slice(-3)),
      sn,
      create_time: 1_763_900_000,
      order_amount: 0,
      need_pay_money: 0,
      ship_name: '张三',
      shop_id: 3,
      shop_name: '鑫源电子专营店',
      member_name: 'lin0042',
      goods_names: '蓝牙耳机',
      point: 500,
      order_status: 'PAID_OFF',
      order_status_text: '待发货',
      pay_status: 'PAY_YES',
      ship_status: 'SHIP_NO',
      service_status: 'NOT_APPLY',
      payment_type: 'ONLINE',
      order_type: 'EXCHANGE',
      client_type: 'WAP',
      cancel_left_time: null,
      ...fields,
    });
    const sent = stubApi(
      fixture(pointsMallEndpoints.orders, () => ({
        data: [order('202611240000000101', {}), order('202611240000000102', { member_name: 'wang0007', goods_names: '保温杯', point: 300, order_amount: 19.8, order_status: 'CONFIRM', order_status_text: '待付款', pay_status: 'PAY_NO' })],
        page_no: 1,
        page_size: 20,
        data_total: 2,
      })),
    );
    const user = userEvent.setup();
    const path = '/promotions/points-mall/exchange-orders';
    renderPage(<ExchangeOrdersPage />, { path, url: `${path}?order_status=WAIT_SHIP` });
    const table = await screen.findByRole('table');
    const row = (sn: string) => within(within(table).getByText(sn).closest('tr')!);
    await within(table).findByText('202611240000000101');
    expect(sent.find((request) => request.url.startsWith('admin/promotion/exchange-orders'))!.url).toBe('admin/promotion/exchange-orders?order_status=WAIT_SHIP');
    expect(row('202611240000000101').getByText('lin0042')).toBeTruthy();
    expect(row('202611240000000101').getByText('500')).toBeTruthy();
    expect(row('202611240000000101').getByText('纯积分')).toBeTruthy();
    expect(row('202611240000000102').getByText('保温杯')).toBeTruthy();
    expect(row('202611240000000102').getByText(formatYuan(19.8))).toBeTruthy();
    expect(row('202611240000000102').queryByText('纯积分')).toBeNull();

    await user.type(screen.getByPlaceholderText('订单编号 / 会员名称'), 'wang{Enter}');
    await waitFor(() => expect(location()).toBe(at(`${path}?order_status=WAIT_SHIP&keyword=wang`)));
    await user.click(within(table).getByRole('link', { name: '202611240000000102' }));
    await waitFor(() => expect(location()).toBe('/order/detail/202611240000000102'));
  });
});
