import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { sessionEndpoints, siteEndpoints, startupEndpoints, type Startup } from '@agora/contract';
import { AppProviders } from '@/app/providers';
import { queryClient } from '@/app/query-client';
import { getRefreshToken, getUser, getUuid } from '@/lib/session';
import { fixture, stubApi } from '@/test/api';
import { loginResult } from '@/test/pageHarness';
import LoginPage from './LoginPage';

const site = fixture(siteEndpoints.show, { title: 'Agora', logo: '', admin_icon: '', buyer_domain: '', chat_enabled: 0 });
const ready = fixture(startupEndpoints.show, { phase: 'ready', seed: null });
const isLogin = (url: string) => url.startsWith(sessionEndpoints.login.path);

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

/** Opens the page of a ready server: the form opens once the server said so. */
async function openReady(path = '/login') {
  open(path);
  await screen.findByRole('img', { name: '图片验证码' });
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

describe('login page while the server writes its demo', { timeout: 15_000 }, () => {
  it('shows the progress and the part being written, keeps the form closed, and opens it once ready without a reload', async () => {
    let startup: Startup = { phase: 'seeding', seed: { step: 'orders', done: 21, total: 50 } };
    const sent = stubApi(site, fixture(startupEndpoints.show, () => startup));
    open();
    expect(await screen.findByText('正在生成演示数据 … 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('一年的订单')).toBeTruthy();
    for (const field of ['管理员名称', '密码', '图片验证码']) expect((screen.getByLabelText(field) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /登\s*录/ }) as HTMLButtonElement).disabled).toBe(true);
    // no captcha is asked for: it is a database row, and the database is busy with the demo
    expect(screen.queryByRole('img', { name: '图片验证码' })).toBeNull();

    startup = { phase: 'seeding', seed: { step: 'finance', done: 48, total: 50 } };
    expect(await screen.findByText('结算单、充值与发票', {}, { timeout: 3000 })).toBeTruthy();
    expect(document.body.textContent).toContain('正在生成演示数据 … 96%');

    startup = { phase: 'ready', seed: null };
    await waitFor(() => expect((screen.getByLabelText('管理员名称') as HTMLInputElement).disabled).toBe(false), { timeout: 3000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.body.textContent).not.toContain('正在生成演示数据');
    expect(captchaSrc()).toMatch(/^\/api\/base\/captchas\/LOGIN\//);
    // asked while waiting, then no more once ready
    const asked = sent.filter((req) => req.url.startsWith(startupEndpoints.show.path)).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sent.filter((req) => req.url.startsWith(startupEndpoints.show.path)).length).toBe(asked);
  });
});

// Each test drives the antd form in jsdom, which is slow on a busy machine.
describe('login page', { timeout: 15_000 }, () => {
  it('shows the captcha for this browser and refreshes it on click', async () => {
    stubApi(site, ready);
    await openReady();
    const first = captchaSrc();
    expect(first).toMatch(new RegExp(`^/api/base/captchas/LOGIN/${getUuid()}\\?r=`));
    await userEvent.click(screen.getByRole('img', { name: '图片验证码' }));
    expect(captchaSrc()).not.toBe(first);
  });

  it('says 表单填写有误，请检查！ when the form is incomplete', async () => {
    const sent = stubApi(site, ready);
    await openReady();
    await fillIn('admin', '', '');
    await waitFor(() => expect(document.body.textContent).toContain('表单填写有误，请检查！'));
    expect(sent.some((req) => isLogin(req.url))).toBe(false);
    // Each empty field says so under itself; a filled one does not, and typing clears the message.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining(['请输入密码', '请输入图片验证码']));
    expect(document.body.textContent).not.toContain('请输入管理员名称');
    await userEvent.type(screen.getByLabelText('图片验证码'), 'ab');
    expect(document.body.textContent).not.toContain('请输入图片验证码');
    await userEvent.clear(screen.getByLabelText('图片验证码'));
    await userEvent.type(screen.getByLabelText('图片验证码'), '  ');
    expect(document.body.textContent).toContain('请输入图片验证码');
  });

  it('shows the server message and a new captcha when the login fails', async () => {
    stubApi(site, ready, fixture(sessionEndpoints.login, () => ({ status: 400, data: { code: 'LOGIN_FAILED', message: '账号或密码错误' } })));
    await openReady();
    const first = captchaSrc();
    await fillIn('admin', 'wrong1', 'test');
    await waitFor(() => expect(document.body.textContent).toContain('账号或密码错误'));
    expect(captchaSrc()).not.toBe(first);
    expect((screen.getByLabelText('图片验证码') as HTMLInputElement).value).toBe('');
  });

  it('signs in with the hashed password and opens the redirect target', async () => {
    const sent = stubApi(site, ready, fixture(sessionEndpoints.login, loginResult()));
    await openReady(`/login?redirect=${encodeURIComponent('/operations/auth-settings/system-logs')}`);
    await fillIn('admin', 'admin123', 'test');
    expect(await screen.findByText('arrived')).toBeTruthy();
    const loginCall = sent.find((req) => isLogin(req.url));
    const query = new URLSearchParams(loginCall?.url.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ username: 'admin', password: md5('admin123'), captcha: 'test', uuid: getUuid() });
    expect(getRefreshToken()).toBeDefined();
    expect(getUser()).toMatchObject({ uid: 1, username: 'admin' });
  });
});
