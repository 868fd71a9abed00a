import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shopEndpoints } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn, sortedUrl } from '@/test/pageHarness';
import ShopAuditPage from './ShopAuditPage';
import { shopDetail, shopRow } from './testData';

const applications = fixture(shopEndpoints.list, ({ query }) => ({
  data: query.shop_disable === 'APPLY' ? [shopRow(5, { shop_name: '新申请的店', shop_disable: 'APPLY' })] : [],
  page_no: 1,
  page_size: 20,
  data_total: 1,
}));
const detail = fixture(shopEndpoints.detail, shopDetail(5, { shop_name: '新申请的店', shop_disable: 'APPLY', company_name: '新申请商贸有限公司' }));

describe('shop audit', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('reads an application in a drawer the URL keeps, and refuses it with a reason from there', async () => {
    const sent = stubApi(applications, detail, fixture(shopEndpoints.update, {}));
    const user = userEvent.setup();
    renderPage(<ShopAuditPage />, { path: '/shop/shop-audit', url: '/shop/shop-audit?detail=5' });

    // the list asks only for applications, whatever the URL says
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('新申请商贸有限公司')).toBeTruthy();
    expect(sent.some((request) => request.url === 'admin/shops?shop_disable=APPLY')).toBe(true);

    await user.click(within(drawer).getByRole('button', { name: /拒\s*绝/ }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/shop/shop-audit?detail=5&refuse=5')));
    const reason = await screen.findByLabelText('拒绝原因');
    await user.type(reason, '营业执照已过期');
    await user.click(within(reason.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByText('已拒绝开店申请')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/shop/shop-audit'));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(decodeURIComponent(put.url)).toBe('admin/shops/5?pass=0&audit_remark=营业执照已过期');
    expect(put.body).toBeUndefined();
  });

  it('finds applications by name through the URL and exports the queue under that filter', async () => {
    const sent = stubApi(applications, fixture(shopEndpoints.auditExport, { task_id: 9 }));
    const user = userEvent.setup();
    renderPage(<ShopAuditPage />, { path: '/shop/shop-audit', url: '/shop/shop-audit' });
    await screen.findByText('新申请的店');

    await user.type(screen.getByPlaceholderText('店铺名称或会员名'), '新申请{Enter}');
    await waitFor(() => expect(decodeURIComponent(currentUrl())).toBe('/shop/shop-audit?keyword=新申请'));
    expect(sent.some((request) => decodeURIComponent(request.url) === 'admin/shops?keyword=新申请&shop_disable=APPLY')).toBe(true);

    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent.some((request) => request.url === 'admin/shops/audit/export')).toBe(true));
    expect(JSON.parse(String(sent.find((request) => request.url === 'admin/shops/audit/export')!.body))).toMatchObject({ keyword: '新申请', shop_disable: 'APPLY' });
  });
});
