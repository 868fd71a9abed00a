import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verificationEndpoints, type SmsOutboxRow } from '@agora/contract';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import { SmsOutboxCard } from './SmsOutboxCard';

/** 25 messages as the server lists them: newest first, the mobile masked. */
const ROWS: SmsOutboxRow[] = Array.from({ length: 25 }, (_, index) => {
  const id = 25 - index;
  return {
    id,
    mobile: '138*****000',
    scene: id % 2 ? 'TWO_STEP' : 'BIND_MOBILE',
    content: `【Agora】您的验证码为${String(100000 + id)}，5分钟内有效，请勿泄露。`,
    create_time: 1_763_000_000 + id * 60,
  };
});

function serveOutbox() {
  return stubApi(
    fixture(verificationEndpoints.outbox, ({ query }) => {
      const { page_no, page_size } = verificationEndpoints.outbox.query.parse(query);
      return { data: ROWS.slice((page_no - 1) * page_size, page_no * page_size), page_no, page_size, data_total: ROWS.length };
    }),
  );
}

describe('短信发送记录（未接入短信网关）', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('lists what was sent while no SMS gateway is connected, newest first and masked, paged in the URL, with a hint', async () => {
    const sent = serveOutbox();
    const user = userEvent.setup();
    renderPage(<SmsOutboxCard />, { path: '/setting/system-verification' });

    expect(await screen.findByText('短信发送记录（未接入短信网关）')).toBeTruthy();
    expect(screen.getByText(/接入短信网关后，短信将直接发送到手机/)).toBeTruthy();
    await screen.findByText(/您的验证码为100025/);
    const rows = screen.getAllByRole('row');
    // header + 20 rows of the first page, the newest (id 25) first
    expect(rows).toHaveLength(21);
    expect(within(rows[1]).getByText('138*****000')).toBeTruthy();
    expect(within(rows[1]).getByText('二次验证')).toBeTruthy();
    expect(within(rows[1]).getByText(/您的验证码为100025/)).toBeTruthy();
    expect(within(rows[2]).getByText('绑定验证手机')).toBeTruthy();
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(sent[0].url).toBe('admin/systems/sms-outbox');

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/setting/system-verification?page_no=2'));
    expect(await screen.findByText(/您的验证码为100005/)).toBeTruthy();
    expect(sent.at(-1)!.url).toBe('admin/systems/sms-outbox?page_no=2');
    expect(screen.queryByText(/您的验证码为100025/)).toBeNull();
  });

  it('is not there for an operator without its permission, and asks for nothing', async () => {
    const sent = serveOutbox();
    renderPage(
      <PermissionsContext.Provider value={createPermissions(7, ['dashboard', 'systemLogs'])}>
        <SmsOutboxCard />
      </PermissionsContext.Provider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('短信发送记录（未接入短信网关）')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('is there for one who holds the SMS gateway settings only', async () => {
    serveOutbox();
    renderPage(
      <PermissionsContext.Provider value={createPermissions(7, ['smsGatewaySettings'])}>
        <SmsOutboxCard />
      </PermissionsContext.Provider>,
    );
    expect(await screen.findByText(/您的验证码为100025/)).toBeTruthy();
  });
});
