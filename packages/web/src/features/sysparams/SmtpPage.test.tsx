import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { smtpEndpoints } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import SmtpPage from './SmtpPage';

const label = (text: string) => screen.getByText(text, { selector: 'label' });

describe('SMTP account dialog', { timeout: 40_000 }, () => {
  beforeEach(() => signIn());

  it("validates in the browser with the contract's rules and marks each wrong field; nothing is sent", async () => {
    const sent = stubApi(fixture(smtpEndpoints.list, { data: [], page_no: 1, page_size: 10, data_total: 0 }));
    const user = userEvent.setup();
    renderPage(<SmtpPage />, { path: '/smtp', url: '/smtp?edit=new' });

    await screen.findByText('SMTP服务器', { selector: 'label' });
    for (const required of ['SMTP服务器', '端口', '每日最大发信数', '用户名', '发信地址']) expect(label(required).classList.contains('ant-form-item-required')).toBe(true);
    expect(label('密码').classList.contains('ant-form-item-required')).toBe(false);

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写SMTP服务器')).toBeTruthy();
    expect(screen.getByText('请填写用户名')).toBeTruthy();
    expect(screen.getByText('请填写发信地址')).toBeTruthy();

    await user.type(screen.getByLabelText('SMTP服务器'), 'smtp example');
    await user.type(screen.getByLabelText('发信地址'), 'not-an-address');
    expect(await screen.findByText('SMTP服务器须为域名或IP地址')).toBeTruthy();
    expect(await screen.findByText('发信地址格式有误')).toBeTruthy();
    await user.clear(screen.getByLabelText('端口'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写端口')).toBeTruthy();
    await waitFor(() => expect(sent.filter((request) => request.method !== 'GET')).toEqual([]));
  });
});
