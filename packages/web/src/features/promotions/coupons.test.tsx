import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { couponEndpoints, type CouponDetail, type CouponRow, type MemberCouponRow } from '@agora/contract';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn, sortedUrl } from '@/test/pageHarness';
import CouponListPage from './CouponListPage';
import ReceiveListPage from './ReceiveListPage';

const NOW = 1_763_000_000;
const asFounder = (element: ReactNode) => <PermissionsContext.Provider value={createPermissions(0, [])}>{element}</PermissionsContext.Provider>;
const coupon = (id: number, overrides: Partial<CouponRow> = {}): CouponRow => ({
  coupon_id: id,
  title: `券${id}`,
  coupon_type: 'NORMAL',
  coupon_price: 10,
  coupon_threshold_price: 99,
  use_scope: 'ALL',
  scope_description: '全部商品',
  effective_type: 'AUTO_TAKE_EFFECT',
  effective_days: 0,
  start_time: NOW,
  end_time: NOW + 86_400 * 30,
  status: 1,
  voided: 0,
  create_num: 100,
  limit_num: 2,
  received_num: 0,
  used_num: 0,
  shop_commission: 30,
  create_time: NOW - 100,
  ...overrides,
});

const list = fixture(couponEndpoints.list, ({ query }) => {
  const rows =
    query.coupon_type === 'NEWCOMER'
      ? [coupon(9, { title: '新人专享券', coupon_type: 'NEWCOMER', effective_type: 'EFFECTIVE_AFTER_RECEIVING', effective_days: 15 })]
      : [coupon(1, { title: '未领取的券', status: 0 }), coupon(2, { title: '已领取的券', received_num: 3 })];
  return { data: rows, page_no: 1, page_size: 20, data_total: rows.length };
});

describe('coupon list', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('shows the NORMAL tab by default and the NEWCOMER tab under the API name; actions follow the rules', async () => {
    const sent = stubApi(list);
    const user = userEvent.setup();
    renderPage(asFounder(<CouponListPage />), { path: '/promotions/coupon-list' });

    const unclaimed = (await screen.findByText('未领取的券')).closest('tr')!;
    // nothing claimed and not started: edit and delete, no void and no claim records
    expect(within(unclaimed).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(unclaimed).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(unclaimed).queryByRole('button', { name: /作\s*废/ })).toBeNull();
    const claimed = screen.getByText('已领取的券').closest('tr')!;
    // claimed and running: void and claim records, neither edit nor delete
    expect(within(claimed).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(claimed).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(claimed).getByRole('button', { name: /作\s*废/ })).toBeTruthy();
    expect(within(claimed).getByText('100 / 2 / 3')).toBeTruthy();

    await user.click(within(claimed).getByRole('button', { name: '领取记录' }));
    await waitFor(() => expect(currentUrl()).toBe('/promotions/receive-list/2'));
    expect(sent[0].url).toBe('admin/promotion/coupons');
  });

  it('switches to the new-member tab, kept in the URL', async () => {
    const sent = stubApi(list);
    const user = userEvent.setup();
    renderPage(asFounder(<CouponListPage />), { path: '/promotions/coupon-list' });
    await screen.findByText('未领取的券');
    await user.click(screen.getByRole('tab', { name: '新人优惠券' }));
    expect(await screen.findByText('新人专享券')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/promotions/coupon-list?coupon_type=NEWCOMER')));
    expect(sent.at(-1)!.url).toBe('admin/promotion/coupons?coupon_type=NEWCOMER');
  });
});

const claim = (id: number, overrides: Partial<MemberCouponRow> = {}): MemberCouponRow => ({
  mc_id: id,
  coupon_id: 2,
  member_id: 100 + id,
  member_name: `会员${id}`,
  title: '已领取的券',
  coupon_price: 10,
  coupon_threshold_price: 99,
  start_time: NOW,
  end_time: NOW + 86_400 * 30,
  used_status: 0,
  order_sn: '',
  used_time: null,
  state: 'UNUSED',
  cancel_reason: '',
  create_time: NOW + id,
  ...overrides,
});

describe('claim records', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('lists the claims of the coupon in the path and voids an unused one with a reason', async () => {
    const detail: CouponDetail = { ...coupon(2, { title: '已领取的券', received_num: 2 }), scope_ids: [], scope_goods: [], activity_description: '' };
    const sent = stubApi(
      fixture(couponEndpoints.detail, detail),
      fixture(couponEndpoints.claims, { data: [claim(1), claim(2, { used_status: 1, state: 'USED', order_sn: 'SN0001' })], page_no: 1, page_size: 20, data_total: 2 }),
      fixture(couponEndpoints.cancelClaim, {}),
    );
    const user = userEvent.setup();
    renderPage(<ReceiveListPage />, { path: '/promotions/receive-list/:id', url: '/promotions/receive-list/2' });

    const unused = (await screen.findByText('会员1')).closest('tr')!;
    expect(within(screen.getByText('会员2').closest('tr')!).queryByRole('button', { name: /作\s*废/ })).toBeNull();
    expect(sent.some((request) => request.url === 'admin/members/coupon?coupon_id=2')).toBe(true);
    await user.click(within(unused).getByRole('button', { name: /作\s*废/ }));
    await waitFor(() => expect(currentUrl()).toBe('/promotions/receive-list/2?cancel=1'));
    const reason = await screen.findByLabelText('作废原因');
    await user.type(reason, '发放对象有误');
    await user.click(within(reason.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('会员优惠券已作废')).toBeTruthy();
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('admin/members/coupon/1/cancel');
    expect(JSON.parse(String(put.body))).toEqual({ reason: '发放对象有误' });
  });
});
