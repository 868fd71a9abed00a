import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { smsEndpoints, type SmsSignRow, type SmsTaskRow, type SmsTemplateRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import SmsSignsPage from './SmsSignsPage';
import SendMessagePage from './SendMessagePage';

const page = <T,>(data: T[]) => ({ data, page_no: 1, page_size: 20, data_total: data.length });
const sign = (id: number, sign_name: string, audit_status: SmsSignRow['audit_status'], audit_reason = ''): SmsSignRow => ({ id, sign_name, remark: '说明', audit_status, audit_reason, create_time: 1_763_000_000, update_time: 1_763_000_000 });
const template: SmsTemplateRow = {
  id: 7,
  template_name: '订单发货通知',
  template_type: 'NOTIFICATION',
  content: '您的订单已发货',
  remark: '通知',
  audit_status: 'PASS',
  audit_reason: '',
  enable_status: 1,
  create_time: 1_763_000_000,
  update_time: 1_763_000_000,
};

describe('SMS centre pages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('signatures: each state offers what its flow allows, and submitting posts it', async () => {
    const sent = stubApi(
      fixture(smsEndpoints.signs, page([sign(1, 'Agora商城', 'PASS'), sign(2, '爱购优选', 'AUDITING'), sign(3, '新店开业', 'WAIT_INIT'), sign(4, '测试签名', 'NOT_PASS', '签名须为企业名称')])),
      fixture(smsEndpoints.submitSign, ({ params }) => sign(Number(params.id), '新店开业', 'AUDITING')),
    );
    const user = userEvent.setup();
    renderPage(<SmsSignsPage />, { path: '/signs', url: '/signs' });
    await screen.findByText('爱购优选');
    const rows = screen.getAllByRole('row');
    const row = (name: string) => rows.find((r) => within(r).queryByText(name))!;
    expect(within(row('爱购优选')).getByText('审核中')).toBeTruthy();
    expect(within(row('爱购优选')).queryByText('提交审核')).toBeNull();
    expect(within(row('Agora商城')).queryByText('提交审核')).toBeNull();
    expect(within(row('测试签名')).getByText('提交审核')).toBeTruthy();
    await user.click(within(row('新店开业')).getByText('提交审核'));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT' && request.url === 'admin/notice/sms/signs/3/submit')).toBe(true));
  });

  it('send tasks: a new send to typed mobiles posts the chosen signature, template and numbers', async () => {
    const task: SmsTaskRow = {
      id: 9,
      sign_name: 'Agora商城',
      template_name: template.template_name,
      content: '【Agora商城】您的订单已发货',
      send_type: 'QUICKLY',
      send_time: null,
      recipient_type: 'MOBILE',
      status: 'OVER',
      total: 2,
      success_count: 1,
      fail_count: 1,
      operator_name: 'admin',
      create_time: 1_763_000_000,
      start_time: 1_763_000_000,
      end_time: 1_763_000_010,
    };
    const sent = stubApi(
      fixture(smsEndpoints.tasks, page([task])),
      fixture(smsEndpoints.signs, page([sign(1, 'Agora商城', 'PASS')])),
      fixture(smsEndpoints.templates, page([template])),
      fixture(smsEndpoints.addTask, { ...task, id: 10, status: 'STARTED' }),
    );
    const user = userEvent.setup();
    renderPage(<SendMessagePage />, { path: '/send', url: '/send?add=1' });
    expect(await screen.findByText('成功 1 / 失败 1 / 共 2')).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getAllByRole('combobox')[0]);
    await user.click(await screen.findByTitle('Agora商城'));
    await user.click(within(dialog).getAllByRole('combobox')[1]);
    await user.click(await screen.findByTitle('订单发货通知（通知短信）'));
    await user.type(within(dialog).getByPlaceholderText('13800000001, 13800000002'), '13800000001,13800000002');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.find((request) => request.method === 'POST')).toBeTruthy());
    expect(JSON.parse(String(sent.find((request) => request.method === 'POST')!.body))).toEqual({
      sign_id: 1,
      template_id: 7,
      send_type: 'QUICKLY',
      recipient_type: 'MOBILE',
      member_ids: [],
      mobiles: '13800000001,13800000002',
    });
  });
});
