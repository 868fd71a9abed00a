import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { financeEndpoints, type BillDetail, type BillItemRow, type BillRow, type ZpzzRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import PreDepositPage from './PreDepositPage';
import ReceiptExaminePage from './ReceiptExaminePage';
import SettlementDetailPage from './SettlementDetailPage';
import SettlementPage from './SettlementPage';

const bill = (id: number, overrides: Partial<BillRow> = {}): BillRow => ({
  id, bill_sn: `B20261101${String(id).padStart(6, '0')}`, seller_id: 2, shop_name: '果园旗舰店', status: 'OUT', order_count: 3, refund_count: 1,
  price: 125.5, cod_price: 0, refund_price: 10, cod_refund_price: 0, commi_price: 6.28, refund_commi_price: 0.5, distribution_rebate: 0, distribution_return_rebate: 0, site_coupon_price: 0, site_coupon_commi: 0, bill_price: 109.72,
  start_time: 1_761_926_400, end_time: 1_764_518_400, create_time: 1_764_519_000, pay_time: null, ...overrides,
});
const zpzz = (id: number, overrides: Partial<ZpzzRow> = {}): ZpzzRow => ({
  id, member_id: 9, member_name: 'zhang00009', company_name: '杭州云帆科技有限公司', taxpayer_code: '913300000000001X', register_address: '杭州市西湖区文三路1号',
  register_tel: '0571-88888888', bank_name: '招商银行营业部', bank_account: '6222000000000001', status: 'NEW_APPLY', audit_remark: '', auditor_name: '', apply_time: 1_764_000_000, audit_time: null, ...overrides,
});

describe('finance', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('shows the totals and the bills, and offers 设为已结算 only for an approved bill', async () => {
    const sent = stubApi(
      fixture(financeEndpoints.billTotals, { settled: 5201024.43, wait_settled: 684219.62 }),
      fixture(financeEndpoints.bills, { data: [bill(1), bill(2, { status: 'PASS', shop_name: '书香书店' })], page_no: 1, page_size: 20, data_total: 2 }),
    );
    renderPage(<SettlementPage />, { path: '/finance/settlement', url: '/finance/settlement?status=PASS' });
    expect(await screen.findByText('￥5,201,024.43')).toBeTruthy();
    const approved = (await screen.findByText('书香书店')).closest('tr')!;
    expect(within(approved).getByRole('button', { name: '设为已结算' })).toBeTruthy();
    const issued = screen.getByText('果园旗舰店').closest('tr')!;
    expect(within(issued).queryByRole('button', { name: '设为已结算' })).toBeNull();
    expect(sent.some((request) => request.url === 'admin/order/bills?status=PASS')).toBe(true);
  });

  it('shows where the members\' pre-deposit came from, so the figures add up to the balance', async () => {
    stubApi(
      fixture(financeEndpoints.depositTotals, { balance: 1_732_185.85, recharged: 1_215_340, refunded: 16_845.85, other_credits: 600_000, debits: 100_000, unrecorded: 0 }),
      fixture(financeEndpoints.recharges, { data: [], page_no: 1, page_size: 20, data_total: 0 }),
    );
    renderPage(<PreDepositPage />, { path: '/finance/preDeposit' });
    expect(await screen.findByText('￥1,732,185.85')).toBeTruthy();
    for (const [label, figure] of [['累计充值', '￥1,215,340.00'], ['退款退回', '￥16,845.85'], ['平台调整及其他入账', '￥600,000.00'], ['支付及扣除', '−￥100,000.00']]) {
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.getByText(figure)).toBeTruthy();
    }
    // nothing unexplained: no such figure
    expect(screen.queryByText('无明细的余额')).toBeNull();
  });

  it('shows every component of a bill in its row, so 本期应结 can be checked from the list', async () => {
    // 300.00 − 15.00 − 20.00 + 1.00 − 6.00 − (12.00 − 2.00) = 250.00; the cash on delivery only adds commission
    const full = bill(3, { price: 300, commi_price: 15, refund_price: 20, refund_commi_price: 1, site_coupon_price: 30, site_coupon_commi: 6, distribution_rebate: 12, distribution_return_rebate: 2, cod_price: 88, cod_refund_price: 8, bill_price: 250 });
    stubApi(fixture(financeEndpoints.billTotals, { settled: 0, wait_settled: 250 }), fixture(financeEndpoints.bills, { data: [full], page_no: 1, page_size: 20, data_total: 1 }));
    renderPage(<SettlementPage />, { path: '/finance/settlement' });
    const row = (await screen.findByText('果园旗舰店')).closest('tr')!;
    for (const figure of ['￥300.00', '￥15.00', '￥20.00', '￥1.00', '￥30.00', '￥6.00', '￥12.00', '￥2.00', '￥88.00', '￥8.00']) expect(within(row).getByText(figure)).toBeTruthy();
    expect(within(row).getAllByText('￥250.00').length).toBeGreaterThan(0);
    for (const header of ['平台优惠券 / 店铺承担', '分销佣金 / 退还', '货到付款 / 退款']) expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(screen.getByText(/本期应结 = 订单金额 − 佣金 − 退款 \+ 退还佣金/)).toBeTruthy();
  });

  it('shows the site coupons of the bill and of each order, and the period on the platform clock', async () => {
    const detail: BillDetail = {
      ...bill(4, { price: 120, commi_price: 6, site_coupon_price: 20, site_coupon_commi: 6, bill_price: 108, refund_price: 0, refund_commi_price: 0, refund_count: 0, order_count: 1 }),
      bank: { account_name: '果园商贸', number: '6222020202020202', bank_name: '工商银行', region: '' },
      commission_rate: 5,
      operate_allowable: { allow_recon: false, allow_auth: false, allow_pay: false, allow_complete: false },
      logs: [],
    };
    const item: BillItemRow = {
      id: 11, order_sn: '20251105000000011', refund_sn: '', member_name: 'zhang00009', payment_type: 'ONLINE', payment_method_name: '支付宝',
      price: 120, commi_price: 6, site_coupon_price: 20, coupon_commission: 6, time: 1_762_300_000, order_time: 1_762_299_000,
    };
    stubApi(
      fixture(financeEndpoints.bill, detail),
      fixture(financeEndpoints.billItems, ({ params }) => ({ data: params.bill_type === 'PAYMENT' ? [item] : [], page_no: 1, page_size: 10, data_total: params.bill_type === 'PAYMENT' ? 1 : 0 })),
    );
    // the browser far from Shanghai: the period still reads in the platform's days
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    onTestFinished(() => {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    });
    renderPage(<SettlementDetailPage />, { path: '/finance/detail/:id', url: '/finance/detail/4' });
    expect(await screen.findByText('平台优惠券 / 店铺承担')).toBeTruthy();
    expect(screen.getByText('￥20.00 / ￥6.00')).toBeTruthy();
    expect(screen.getByText('2025-11-01 00:00:00 ~ 2025-12-01 00:00:00')).toBeTruthy();
    const row = (await screen.findByText('20251105000000011')).closest('tr')!;
    const headers = [...row.closest('.ant-table')!.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['平台优惠券', '店铺承担']));
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells[headers.indexOf('平台优惠券')]).toBe('￥20.00');
    expect(cells[headers.indexOf('店铺承担')]).toBe('￥6.00');
  });

  it('refuses a qualification only with a reason, then sends it', async () => {
    const sent = stubApi(
      fixture(financeEndpoints.zpzzList, { data: [zpzz(4)], page_no: 1, page_size: 20, data_total: 1 }),
      fixture(financeEndpoints.auditZpzz, zpzz(4, { status: 'AUDIT_REFUSE', audit_remark: '开户许可证不清晰' })),
    );
    const user = userEvent.setup();
    renderPage(<ReceiptExaminePage />, { path: '/finance/receipt-examine', url: '/finance/receipt-examine?audit=4' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('杭州云帆科技有限公司')).toBeTruthy();
    await user.click(within(dialog).getByText('拒绝'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('审核备注'), '开户许可证不清晰');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('增票资质已拒绝')).toBeTruthy();
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const post = sent.find((request) => request.method === 'POST')!;
    expect(decodeURIComponent(post.url)).toBe('admin/members/zpzz/audit/4/AUDIT_REFUSE?remark=开户许可证不清晰');
  });
});
