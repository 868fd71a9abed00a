import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shopEndpoints } from '@agora/contract';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn, sortedUrl } from '@/test/pageHarness';
import ShopListPage from './ShopListPage';
import { shopDetail, shopRow } from './testData';

const ROWS = [shopRow(7, { shop_name: '果园旗舰店' }), shopRow(8, { shop_name: '书香小铺' }), shopRow(9, { shop_name: '待审的店', shop_disable: 'APPLY' })];

const shops = fixture(shopEndpoints.list, ({ query }) => {
  const rows = ROWS.filter((row) => !query.shop_disable || row.shop_disable === query.shop_disable);
  return { data: rows, page_no: Number(query.page_no ?? 1), page_size: Number(query.page_size ?? 20), data_total: rows.length };
});
const detail = fixture(shopEndpoints.detail, ({ params }) => shopDetail(Number(params.id), { shop_name: ROWS.find((row) => row.shop_id === Number(params.id))?.shop_name }));

/** The founder: every action of the list shows. */
const asFounder = () => (
  <PermissionsContext.Provider value={createPermissions(0, [])}>
    <ShopListPage />
  </PermissionsContext.Provider>
);
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('shop list', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('keeps the state filter, the sort and the open drawer in the URL under the API names', async () => {
    const sent = stubApi(shops, detail);
    const user = userEvent.setup();
    renderPage(asFounder(), { path: '/shop/shop-list', url: '/shop/shop-list?shop_disable=OPEN&detail=8' });

    // a shared link opens the same list with the same drawer
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('公司8')).toBeTruthy();
    expect(sent.map((request) => request.url).sort()).toEqual(['admin/shops/8', 'admin/shops?shop_disable=OPEN']);

    await user.click(document.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/shop/shop-list?shop_disable=OPEN')));

    // the creation time sorts: newest first is the default, a click turns it round
    await user.click(screen.getByRole('columnheader', { name: /申请时间/ }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/shop/shop-list?shop_disable=OPEN&order=asc')));
    await waitFor(() => expect(sent.at(-1)!.url).toBe('admin/shops?shop_disable=OPEN&order=asc'));

    await user.click(within(rowOf('书香小铺')).getByText('书香小铺'));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/shop/shop-list?shop_disable=OPEN&order=asc&detail=8')));
  });

  it('sets the settlement days of the selected shops in a dialog the URL keeps open', async () => {
    const sent = stubApi(shops, fixture(shopEndpoints.settlementDays, {}));
    const user = userEvent.setup();
    renderPage(asFounder(), { path: '/shop/shop-list', url: '/shop/shop-list' });
    await screen.findByText('果园旗舰店');
    // an application cannot be billed: it cannot be chosen
    expect(rowOf('待审的店').querySelector('input')!.disabled).toBe(true);

    await user.click(rowOf('果园旗舰店').querySelector('input')!);
    await user.click(rowOf('书香小铺').querySelector('input')!);
    await user.click(screen.getByRole('button', { name: '设置结算日' }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/shop/shop-list?settlement_days=7,8')));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('果园旗舰店、书香小铺')).toBeTruthy();

    const [daysBox, statusBox] = within(dialog).getAllByRole('combobox');
    await user.click(daysBox);
    await user.click(await screen.findByText('每月5日'));
    // the settlement status is optional here: each shop keeps its own unless one is chosen
    expect(within(dialog).getByText('结算状态不变')).toBeTruthy();
    await user.click(statusBox);
    await user.click(await screen.findByText('结算状态：已完成'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('结算日已设置')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/shop/shop-list'));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(decodeURIComponent(put.url)).toBe('admin/order/bills/7,8/param?param=5&status=COMPLETE');
  });

  it('closes an open shop after asking, and leads an application to its audit', async () => {
    const sent = stubApi(shops, fixture(shopEndpoints.close, {}));
    const user = userEvent.setup();
    renderPage(asFounder(), { path: '/shop/shop-list', url: '/shop/shop-list' });
    await screen.findByText('果园旗舰店');

    await user.click(within(rowOf('果园旗舰店')).getByRole('button', { name: /关\s*闭/ }));
    const popconfirm = document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')!;
    expect(within(popconfirm).getByText('关闭后“果园旗舰店”的全部商品将下架，确定关闭吗？')).toBeTruthy();
    await user.click(within(popconfirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('店铺已关闭')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT' && request.url === 'admin/shops/disable/7')).toBe(true);
    // the list is read again after the write
    await waitFor(() => expect(sent.filter((request) => request.url === 'admin/shops').length).toBe(2));

    await user.click(within(rowOf('待审的店')).getByRole('button', { name: /审\s*核/ }));
    await waitFor(() => expect(currentUrl()).toBe('/shop/shop-audit?detail=9'));
  });
});
