import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { queryClient } from '@/app/query-client';
import { getRefreshToken, getUser, getUuid } from '@/lib/session';
import { fakeJwt, stubNetwork } from '@/test/network';
import LoginPage from './LoginPage';

function open(path = '/login') {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<p>arrived</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const captchaSrc = () => screen.getByRole('img', { name: '图片验证码' }).getAttribute('src');

async function fillIn(username: string, password: string, captcha: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('管理员名称'), username);
  if (password) await user.type(screen.getByLabelText('密码'), password);
  if (captcha) await user.type(screen.getByLabelText('图片验证码'), captcha);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

afterEach(() => queryClient.clear());

describe('login page', () => {
  it('shows the captcha for this browser and refreshes it on click', async () => {
    stubNetwork(() => ({ data: {} }));
    open();
    const first = captchaSrc();
    expect(first).toMatch(new RegExp(`^/api/base/captchas/LOGIN/${getUuid()}\\?r=`));
    await userEvent.click(screen.getByRole('img', { name: '图片验证码' }));
    expect(captchaSrc()).not.toBe(first);
  });

  it('says 表单填写有误，请检查！ when the form is incomplete', async () => {
    const sent = stubNetwork(() => ({ data: {} }));
    open();
    await fillIn('admin', '', '');
    await waitFor(() => expect(document.body.textContent).toContain('表单填写有误，请检查！'));
    expect(sent.some((req) => req.url.startsWith('admin/systems/admin-users/login'))).toBe(false);
  });

  it('shows the server message and a new captcha when the login fails', async () => {
    stubNetwork((req) =>
      req.url.startsWith('admin/systems/admin-users/login') ? { status: 400, data: { code: 'LOGIN_FAILED', message: '账号或密码错误' } } : { data: {} },
    );
    open();
    const first = captchaSrc();
    await fillIn('admin', 'wrong1', 'test');
    await waitFor(() => expect(document.body.textContent).toContain('账号或密码错误'));
    expect(captchaSrc()).not.toBe(first);
    expect((screen.getByLabelText('图片验证码') as HTMLInputElement).value).toBe('');
  });

  it('signs in with the hashed password and opens the redirect target', async () => {
    const sent = stubNetwork((req) =>
      req.url.startsWith('admin/systems/admin-users/login')
        ? {
            data: {
              uid: 1, username: 'admin', role_id: 0, role_name: '', founder: 1, real_name: '', department: '', face: '',
              last_login_time: null, last_login_ip: null, access_token: fakeJwt(600), refresh_token: fakeJwt(3600),
            },
          }
        : { data: {} },
    );
    open(`/login?redirect=${encodeURIComponent('/operations/auth-settings/system-logs')}`);
    await fillIn('admin', 'admin123', 'test');
    expect(await screen.findByText('arrived')).toBeTruthy();
    const loginCall = sent.find((req) => req.url.startsWith('admin/systems/admin-users/login'));
    const query = new URLSearchParams(loginCall?.url.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ username: 'admin', password: md5('admin123'), captcha: 'test', uuid: getUuid() });
    expect(getRefreshToken()).toBeDefined();
    expect(getUser()).toMatchObject({ uid: 1, username: 'admin' });
  });
});
