import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { distributionEndpoints, type WithdrawRow, type WithdrawStatus } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn, sortedUrl } from '@/test/pageHarness';
import PutForwardApplyPage from './PutForwardApplyPage';

const request = (id: number, name: string, status: WithdrawStatus = 'WAIT_AUDIT'): WithdrawRow => ({
  id,
  sn: `W2026110000${id}`,
  member_id: 100 + id,
  member_name: name,
  amount: 12.5 * id,
  way: 'ALIPAY',
  account: '13800000000',
  status,
  apply_remark: '申请提现',
  audit_remark: '',
  transfer_remark: '',
  close_reason: '',
  operator: '',
  create_time: 1_763_000_000,
  audit_time: null,
  finish_time: null,
});

describe('withdrawal requests', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('refuses the ticked waiting requests with a remark of 2–200 characters, leaving the approved one out of the batch', async () => {
    const sent = stubApi(
      fixture(distributionEndpoints.withdrawals, { data: [request(1, '张三'), request(2, '李四'), request(3, '王五', 'AUDIT_PASS')], page_no: 1, page_size: 20, data_total: 3 }),
      fixture(distributionEndpoints.auditWithdrawals, {}),
    );
    const user = userEvent.setup();
    renderPage(<PutForwardApplyPage />, { path: '/distribution/put-forward-apply', url: '/distribution/put-forward-apply' });

    await screen.findByText('张三');
    for (const name of ['张三', '李四', '王五']) await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    expect(screen.getByRole('button', { name: '批量转账 (1)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '批量拒绝 (2)' }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/distribution/put-forward-apply?act=FAIL&ids=1,2')));
    const remark = await screen.findByLabelText('审核备注');
    await user.type(remark, '无');
    const ok = within(remark.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: /确\s*定/ });
    await user.click(ok);
    expect(await screen.findByText('审核备注为2到200个字符')).toBeTruthy();
    await user.type(remark, '效信息');
    await user.click(ok);
    await waitFor(() => expect(sent.some((sentRequest) => sentRequest.method === 'POST')).toBe(true));
    const post = sent.find((sentRequest) => sentRequest.method === 'POST')!;
    expect(post.url).toBe('admin/distribution/withdraw/batch-audit');
    expect(JSON.parse(String(post.body))).toEqual({ apply_ids: [1, 2], audit_result: 'FAIL', remark: '无效信息' });
    await waitFor(() => expect(currentUrl()).toBe('/distribution/put-forward-apply'));
  });
});
