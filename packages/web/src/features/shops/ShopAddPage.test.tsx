import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shopEndpoints, type ShopMemberOption } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import ShopAddPage from './ShopAddPage';

const members: ShopMemberOption[] = [
  { member_id: 3, uname: 'hasshop', face: '', mobile: '138*****003', sex: 1, have_shop: 1 },
  { member_id: 4, uname: 'newseller', face: '', mobile: '138*****004', sex: 0, have_shop: 0 },
  { member_id: 5, uname: 'another', face: '', mobile: '138*****005', sex: 1, have_shop: 0 },
];

function serve(): SentRequest[] {
  return stubApi(
    fixture(shopEndpoints.members, { data: members, page_no: 1, page_size: 10, data_total: members.length }),
    fixture(shopEndpoints.add, { shop_id: 77 }),
  );
}

describe('shop-add page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('picks the owner in the member picker (one member, none that already has a shop) and opens the shop', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<ShopAddPage />, { path: '/shop/shop-add' });

    await user.click(screen.getByRole('button', { name: /开通店铺/ }));
    expect(await screen.findByText('请选择会员')).toBeTruthy();

    await user.click(screen.getByLabelText('店主会员'));
    const picker = await screen.findByRole('dialog');
    const row = (name: string) => within(picker).getByText(name).closest('tr')!;
    await within(picker).findByText('newseller');
    expect(within(row('hasshop')).getByText('已有店铺')).toBeTruthy();
    expect(row('hasshop').querySelector('input')!.disabled).toBe(true);
    expect(sent.some((request) => request.url.startsWith('admin/shops/members?'))).toBe(true);

    await user.click(row('newseller').querySelector('input')!);
    await user.click(row('another').querySelector('input')!);
    expect(row('newseller').querySelector('input')!.checked).toBe(false);
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(within(await screen.findByTestId('chosen-member')).getByText('another')).toBeTruthy();

    await user.type(screen.getByLabelText('店铺名称'), '新开的店');
    await user.click(screen.getByRole('button', { name: /开通店铺/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/shop/edit/77'));
    const post = sent.find((request) => request.method === 'POST');
    expect(JSON.parse(post!.body as string)).toMatchObject({ member_id: 5, shop_name: '新开的店' });
  });
});
