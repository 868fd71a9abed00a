import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { financeEndpoints } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn, sortedUrl } from '@/test/pageHarness';
import MarginAuditPage from './MarginAuditPage';
import MarginRecordPage from './MarginRecordPage';
import { marginFlow } from '../shops/testData';

const flows = fixture(financeEndpoints.marginFlows, ({ query }) => {
  const rows =
    query.auth_status === 'WAIT_AUDIT'
      ? [marginFlow(3, { shop_name: '果园旗舰店' })]
      : [
          marginFlow(4, { type: 0, actual_pay_amount: 100, change_amount: -100, total_amount: 16_900, auth_status: 'PASS_AUDIT', remark: '售假罚款', auditor_name: 'caiwu' }),
          marginFlow(2, { auth_status: 'PASS_AUDIT', total_amount: 17_000, auditor_name: 'caiwu' }),
        ];
  return { data: rows, page_no: 1, page_size: 20, data_total: rows.length };
});

describe('earnest money', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('audits a payment in a dialog the URL keeps open', async () => {
    const sent = stubApi(flows, fixture(financeEndpoints.auditMargin, marginFlow(3, { auth_status: 'PASS_AUDIT', total_amount: 5000 })));
    const user = userEvent.setup();
    const path = '/finance/earnest-money/examine-list';
    renderPage(<MarginAuditPage />, { path, url: `${path}?shop_name=${encodeURIComponent('果园')}&audit=3` });

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('果园旗舰店')).toBeTruthy();
    expect(decodeURIComponent(sent[0].url)).toBe('admin/shops/margin-flow?shop_name=果园&auth_status=WAIT_AUDIT');

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已通过保证金缴纳')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl(`${path}?shop_name=${encodeURIComponent('果园')}`)));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('admin/shops/margin-flow/auth/3');
    expect(JSON.parse(put.body as string)).toEqual({ pass: 1, remark: '' });
  });

  it('lists the audited records under their own state, filtered by shop name in the URL', async () => {
    const sent = stubApi(flows);
    const user = userEvent.setup();
    const path = '/finance/earnest-money/commit-record';
    renderPage(<MarginRecordPage />, { path });
    expect((await screen.findAllByText('caiwu')).length).toBe(2);
    expect(sent[0].url).toBe('admin/shops/margin-flow?auth_status=AUDITED');
    // a deduction reads as one: its type, a negative change, the balance it left, and no "approved" payment
    const deduction = screen.getByText('扣除').closest('tr')!;
    expect(within(deduction).getByText('-￥100.00')).toBeTruthy();
    expect(within(deduction).getByText('￥16,900.00')).toBeTruthy();
    expect(within(deduction).queryByText('已通过')).toBeNull();
    const payment = screen.getByText('缴纳').closest('tr')!;
    expect(within(payment).getByText('+￥5,000.00')).toBeTruthy();
    expect(within(payment).getByText('已通过')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('店铺名称'), '书香{Enter}');
    await waitFor(() => expect(currentUrl()).toBe(`${path}?shop_name=${encodeURIComponent('书香')}`));
    await waitFor(() => expect(decodeURIComponent(sent.at(-1)!.url)).toBe('admin/shops/margin-flow?shop_name=书香&auth_status=AUDITED'));
  });
});
