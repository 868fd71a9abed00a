import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { wechatEndpoints, type WechatNoticeRow, type WechatTemplateRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import WechatTemplatePage from './WechatTemplatePage';

const notice: WechatNoticeRow = {
  notice_type: 'MEMBERORDERSSEND',
  notice_name: '会员订单发货提醒',
  template_id: 'tpl-ship',
  template_title: '订单发货提醒',
  is_enable: 0,
  keywords: [{ keyword: 'keyword1', field: 'order_sn' }],
  variables: ['site_name', 'member_name', 'order_sn', 'logi_name', 'ship_no'],
};
const templates: WechatTemplateRow[] = [
  { template_id: 'tpl-ship', title: '订单发货提醒', content: '订单号：{{keyword1.DATA}}\n快递单号：{{keyword2.DATA}}', keywords: ['keyword1', 'keyword2'], sync_time: 1_763_000_000 },
];

describe('WeChat notice keyword mapping', { timeout: 15_000 }, () => {
  beforeEach(() => signIn());

  it('shows the mapping of a notice and saves it with the chosen template', async () => {
    const sent = stubApi(
      fixture(wechatEndpoints.notice, () => notice),
      fixture(wechatEndpoints.templates, () => templates),
      fixture(wechatEndpoints.update, () => notice),
    );
    const user = userEvent.setup();
    renderPage(<WechatTemplatePage />, { path: '/wechat/:notice_type', url: '/wechat/MEMBERORDERSSEND' });
    expect(await screen.findByText('会员订单发货提醒')).toBeTruthy();
    expect(screen.getByText('订单发货提醒（tpl-ship）')).toBeTruthy();
    expect(screen.getByText('keyword1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const saved = sent.find((request) => request.method === 'PUT')!;
    expect(saved.url).toContain('wechat-subscribe-notices/MEMBERORDERSSEND');
    expect(JSON.parse(String(saved.body))).toEqual({ template_id: 'tpl-ship', keywords: [{ keyword: 'keyword1', field: 'order_sn' }] });
  });
});
