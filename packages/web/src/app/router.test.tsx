import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { menuEndpoints, roleEndpoints, sessionEndpoints, siteEndpoints, type AdminProfile } from '@agora/contract';
import { getRefreshToken } from '@/lib/session';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { signIn } from '@/test/pageHarness';
import { AppProviders } from './providers';
import { queryClient } from './query-client';
import { AppRoutes } from './router';

const OPERATOR: AdminProfile = {
  uid: 9,
  username: 'yunying',
  role_id: 5,
  role_name: '运营',
  founder: 0,
  real_name: '李晓雯',
  department: '平台运营部',
  face: '',
  last_login_time: 1_700_000_000,
  last_login_ip: '10.0.0.8',
};

type Failure = { status: number; data: { code: string; message: string } };

/** The server as far as the shell needs it; `permissions` answers the permission list call. */
function serve(permissions: string[] | Failure, profile: AdminProfile = OPERATOR): SentRequest[] {
  return stubApi(
    fixture(siteEndpoints.show, { title: 'Agora', logo: '', admin_icon: '', buyer_domain: '', chat_enabled: 0 }),
    fixture(roleEndpoints.checked, () => permissions),
    fixture(sessionEndpoints.current, profile),
    fixture(menuEndpoints.tree, []),
  );
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function open(path: string) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => queryClient.clear());

// The signed-in shell is two lazy chunks away (SignedIn, AppLayout): transformed here once, not
// inside the first test's five seconds to find the page.
beforeAll(async () => {
  await Promise.all([import('./SignedIn'), import('./layout/AppLayout'), import('./ErrorPages')]);
}, 60_000);

// The shell loads lazily; on a busy machine a first render takes a while.
describe('route guard', { timeout: 15_000 }, () => {
  it('sends a visitor without a session to /login, remembering where they were going', async () => {
    serve([]);
    open('/operations/auth-settings/system-logs?page_no=2');
    await screen.findByRole('button', { name: /登\s*录/ });
    expect(location()).toBe(`/login?redirect=${encodeURIComponent('/operations/auth-settings/system-logs?page_no=2')}`);
  });

  it('shows /404 and /401 without a session', async () => {
    serve([]);
    open('/404');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(location()).toBe('/404');
  });

  it('sends a signed-in operator from /login to the dashboard', async () => {
    signIn(OPERATOR);
    serve(['dashboard']);
    open('/login');
    expect(await screen.findByText('您好，李晓雯')).toBeTruthy();
    expect(location()).toBe('/dashboard');
  });

  it('opens the dashboard at the root', async () => {
    signIn(OPERATOR);
    serve(['dashboard']);
    open('/');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('sends unknown paths to /404', async () => {
    signIn(OPERATOR);
    serve(['dashboard']);
    open('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(location()).toBe('/404');
  });

  it('builds the menu from the permission list and refuses pages outside it', async () => {
    signIn(OPERATOR);
    const sent = serve(['dashboard', 'operations', 'authSettings', 'systemLogs']);
    // On a page inside the group, the menu opens the group around it.
    open('/operations/auth-settings/system-logs');
    const sidebar = await screen.findByTestId('sidebar');
    await waitFor(() => expect(sidebar.textContent).toContain('系统日志'));
    expect(sidebar.textContent).toContain('权限设置');
    expect(sidebar.textContent).not.toContain('管理员管理');
    expect(sidebar.textContent).not.toContain('角色管理');
    expect(sent.some((req) => req.url === 'admin/systems/roles/5/checked')).toBe(true);
  });

  it('answers a page the role may not open with /401', async () => {
    signIn(OPERATOR);
    serve(['dashboard', 'operations', 'authSettings', 'systemLogs']);
    open('/operations/auth-settings/administrator-manage');
    expect(await screen.findByText('抱歉，您没有权限访问此页面。')).toBeTruthy();
    expect(location()).toBe('/401');
  });

  it('opens a menu group on its first page', async () => {
    signIn(OPERATOR);
    serve(['dashboard', 'operations', 'authSettings', 'systemLogs']);
    open('/operations');
    await waitFor(() => expect(location()).toBe('/operations/auth-settings/system-logs'));
  });

  it('signs out with 验证失败,请重新登录 when the routes cannot be generated', async () => {
    signIn(OPERATOR);
    serve({ status: 500, data: { code: 'INTERNAL', message: '服务器内部错误' } });
    open('/dashboard');
    await waitFor(() => expect(location()).toBe(`/login?redirect=${encodeURIComponent('/dashboard')}`));
    await waitFor(() => expect(document.body.textContent).toContain('验证失败,请重新登录'));
    expect(getRefreshToken()).toBeUndefined();
  });
});
