import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { smtpEndpoints, type SmtpRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import SmtpPage from '@/features/sysparams/SmtpPage';

const account: SmtpRow = {
  id: 7,
  host: 'smtp.example.com',
  port: 465,
  username: 'ops',
  password_set: true,
  open_ssl: 1,
  max_count: 500,
  send_count: 0,
  last_send_time: null,
  mail_from: 'noreply@example.com',
  create_time: 1_763_000_000,
};

describe('list table', { timeout: 15_000 }, () => {
  beforeEach(() => signIn());

  it('says a read failed and reads again on 重试, without leaving the page', async () => {
    let down = true;
    const sent = stubApi(
      fixture(smtpEndpoints.list, () =>
        down ? { status: 503, data: { code: 'UNAVAILABLE', message: '服务暂不可用' } } : { data: [account], page_no: 1, page_size: 10, data_total: 1 },
      ),
    );
    renderPage(<SmtpPage />, { path: '/smtp', url: '/smtp' });
    expect(await screen.findByText('加载失败')).toBeTruthy();
    const reads = sent.filter((request) => request.method === 'GET').length;

    down = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('noreply@example.com')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'GET').length).toBe(reads + 1);
    expect(screen.queryByText('加载失败')).toBeNull();
  });
});
