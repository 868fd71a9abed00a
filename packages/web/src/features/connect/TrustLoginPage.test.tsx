import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECT_DEFS, CONNECT_TYPES, connectEndpoints, type ConnectSetting } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import TrustLoginPage from './TrustLoginPage';

const SETTINGS: ConnectSetting[] = CONNECT_TYPES.map((type) => ({
  type,
  name: CONNECT_DEFS[type].name,
  is_open: type === 'QQ' ? 1 : 0,
  items: [...CONNECT_DEFS[type].items],
  config: Object.fromEntries(CONNECT_DEFS[type].items.filter((item) => !item.secret).map((item) => [item.name, type === 'QQ' && item.name === 'app_id' ? '101900' : ''])),
  secrets_set: type === 'QQ' ? ['app_key'] : [],
}));

describe('trusted login', { timeout: 15_000 }, () => {
  beforeEach(() => signIn());

  it('shows each sign-in with its switch, never a stored secret, and saves a blank secret as "keep"', async () => {
    const sent = stubApi(
      fixture(connectEndpoints.list, SETTINGS),
      fixture(connectEndpoints.save, ({ params }) => SETTINGS.find((setting) => setting.type === params.type)!),
    );
    const user = userEvent.setup();
    renderPage(<TrustLoginPage />, { path: '/trust', url: '/trust' });
    const qq = await screen.findByTestId('connect-QQ');
    expect(within(qq).getByText('已开启')).toBeTruthy();
    expect(within(screen.getByTestId('connect-WEIBO')).getByText('已关闭')).toBeTruthy();
    const key = within(qq).getByLabelText('APP KEY') as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('留空保留原值');

    await user.clear(within(qq).getByLabelText('APP ID'));
    await user.type(within(qq).getByLabelText('APP ID'), '101901');
    await user.click(within(qq).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT' && request.url.endsWith('/connect/QQ'))).toBe(true));
    const saved = sent.find((request) => request.method === 'PUT' && request.url.endsWith('/connect/QQ'))!;
    expect(JSON.parse(String(saved.body))).toEqual({ is_open: 1, config: { app_id: '101901' }, secrets: {} });
  });
});
