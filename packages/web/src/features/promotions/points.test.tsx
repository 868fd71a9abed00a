import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pointsMallEndpoints, signInEndpoints, type SignActivityRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import ExchangeCategoryPage from './ExchangeCategoryPage';
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
});
