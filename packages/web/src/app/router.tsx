import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spin } from 'antd';
import { ROUTE_BY_NAME } from '@agora/contract';
import { routeTitle } from '@/lib/i18n';
import { getRefreshToken, getUser, useSessionVersion } from '@/lib/session';
import { loginPath } from './guard';
import { matchRoute } from './route-tree';
import { useSiteShow } from './site';

const LoginPage = lazy(() => import('@/features/login/LoginPage'));
const FindPasswordPage = lazy(() => import('@/features/login/FindPasswordPage'));
const NotFoundPage = lazy(() => import('./ErrorPages').then((pages) => ({ default: pages.NotFoundPage })));
const ForbiddenPage = lazy(() => import('./ErrorPages').then((pages) => ({ default: pages.ForbiddenPage })));
// The signed-in shell (and with it the contract's schemas, zod) loads after sign-in: not on the login page.
const loadSignedIn = () => import('./SignedIn');
const SignedIn = lazy(loadSignedIn);

let shellRequested = false;
/**
 * Fetches the signed-in shell (and with it the contract's schemas) while the operator types on
 * the sign-in page: not part of the page's own weight, and ready by the time they submit.
 */
export function preloadShell(): void {
  if (shellRequested) return;
  shellRequested = true;
  void loadSignedIn().then((shell) => shell.preloadLayout());
}

export function FullPageSpin() {
  return <Spin size="large" className="agora-full-page-spin" />;
}

/** Spec §2: with a refresh token, /login sends the operator home. */
function PublicOnly() {
  return getRefreshToken() ? <Navigate to="/" replace /> : <LoginPage />;
}

/** Spec §2: everything except the public pages needs a refresh token. */
function RequireSession() {
  useSessionVersion();
  const location = useLocation();
  if (!getRefreshToken()) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <SignedIn user={getUser()} />;
}

/** Spec §2: the page's title, and the online customer service title on any /chat path; the site's icon. */
function DocumentTitle() {
  const { pathname } = useLocation();
  const site = useSiteShow();
  useEffect(() => {
    const route = pathname.includes('/chat') ? ROUTE_BY_NAME.get('chat') : matchRoute(pathname)?.route;
    document.title = [route && routeTitle(route), site.data?.title].filter(Boolean).join(' - ');
  }, [pathname, site.data?.title]);
  // The browser tab's icon is the console icon of the site settings.
  const icon = site.data?.admin_icon;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (link) link.href = icon || 'data:,';
  }, [icon]);
  return null;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpin />}>
      <DocumentTitle />
      <Routes>
        <Route path="/login" element={<PublicOnly />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/401" element={<ForbiddenPage />} />
        {/* reached from the login page's 忘记密码, so without a session */}
        <Route path={ROUTE_BY_NAME.get('findPassword')!.path} element={<FindPasswordPage />} />
        <Route path="*" element={<RequireSession />} />
      </Routes>
    </Suspense>
  );
}
