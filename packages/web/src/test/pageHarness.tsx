import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/app/query-client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render, screen } from '@testing-library/react';
import type { AdminProfile, LoginResult } from '@agora/contract';
import { FeedbackBridge } from '@/lib/feedback';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { saveLogin } from '@/lib/session';
import { fakeJwt } from './network';

/** What a sign-in answers for an operator (the founder unless `profile` says otherwise), with live tokens. */
export function loginResult(profile: Partial<AdminProfile> = {}): LoginResult {
  return {
    uid: 1,
    username: 'admin',
    role_id: 0,
    role_name: '',
    founder: 1,
    real_name: '',
    department: '',
    face: '',
    last_login_time: null,
    last_login_ip: null,
    ...profile,
    access_token: fakeJwt(24 * 3600),
    refresh_token: fakeJwt(30 * 24 * 3600),
  };
}

/** Signs an operator in the way a login would, so the request client sends real tokens. */
export function signIn(profile: Partial<AdminProfile> = {}): AdminProfile {
  return saveLogin(loginResult(profile));
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders `element` at `path` (a route pattern) opened as `url`, inside the providers the
 * console gives its pages; `[data-testid=location]` shows where navigation led. The page holds
 * the founder's permissions unless the test wraps it in a PermissionsContext of its own.
 */
const FOUNDER = createPermissions(0, []);

export function renderPage(element: ReactNode, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>
        <App>
          <FeedbackBridge />
          <PermissionsContext.Provider value={FOUNDER}>
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                <Route path={path} element={element} />
                <Route path="*" element={null} />
              </Routes>
              <CurrentPath />
            </MemoryRouter>
          </PermissionsContext.Provider>
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

/** A URL with its search keys sorted (their order carries no meaning), for comparing two. */
export function sortedUrl(url: string): string {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.sort();
  return params.size ? `${path}?${params}` : path;
}

/** Where `renderPage`'s navigation led, its search keys sorted. */
export const currentUrl = (): string => sortedUrl(screen.getByTestId('location').textContent ?? '');
