import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Button, Drawer, Layout, Spin } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROUTES, STORAGE_KEYS } from '@agora/contract';
import { fillMissingTexts, setMenuTitles } from '@/lib/i18n';
import { usePermissions } from '@/lib/permissions';
import { storage } from '@/lib/storage';
import { effectiveRoutes, useMenuItems } from '../menu';
import { hasPage, PAGES, preloadPages } from '../pages';
import { buildPermittedRoutes, matchRoute, PermittedRoutesContext } from '../route-tree';
import { useDecorTokens } from '../site';
import { Breadcrumbs } from './Breadcrumbs';
import { ChatEntry } from './ChatEntry';
import { FullscreenToggle } from './FullscreenToggle';
import { LanguageSwitch } from './LanguageSwitch';
import { Sidebar, SiteLogo } from './Sidebar';
import { SideMenu } from './SideMenu';
import { TagsView } from './TagsView';
import { ThemePicker } from './ThemePicker';
import { UserMenu } from './UserMenu';
import { isMobileWidth, useViewportWidth } from './viewport';
import { useVisitedViews } from './visited-views';

/** The widget gallery exists only under the Vite dev server; a production build drops this import. */
const WidgetGallery = import.meta.env.DEV ? lazy(() => import('@/dev/WidgetGallery')) : null;

/** A path the operator may not open: 401 when its page exists, 404 when nothing is there. */
function UnknownRoute() {
  const { pathname } = useLocation();
  const entry = matchRoute(pathname);
  return <Navigate to={entry && hasPage(entry.route.name) ? '/401' : '/404'} replace />;
}

/** The signed-in console: sidebar, top bar, open-page tabs and the page (spec §2 Layout). */
export default function AppLayout() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const menuItems = useMenuItems().data;
  const routes = useMemo(() => {
    // The operator's titles are set before the menu, tabs and breadcrumbs below render with them.
    if (menuItems) setMenuTitles(menuItems);
    return buildPermittedRoutes(permissions.hasPermission, hasPage, menuItems ? effectiveRoutes(menuItems, ROUTES) : ROUTES);
  }, [permissions, menuItems]);
  // The same pages in the operator's new order are the same pages: nothing to preload or re-check.
  const pageList = routes.pages.map((route) => route.name).join(' ');
  const pageNames = useMemo(() => new Set(pageList.split(' ')), [pageList]);
  const isPage = useCallback((name: string) => pageNames.has(name), [pageNames]);
  const tabs = useVisitedViews(isPage);
  useDecorTokens();

  // Texts of this build the server lacks (an older server) come from the bundle, now the sign-in page is behind.
  useEffect(() => {
    void fillMissingTexts();
  }, []);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((task: () => void) => window.setTimeout(task, 200));
    idle(() => preloadPages(pageNames));
  }, [pageNames]);

  const viewportWidth = useViewportWidth();
  const mobile = isMobileWidth(viewportWidth);
  const [collapsed, setCollapsed] = useState(() => storage.get<boolean>(STORAGE_KEYS.sidebarCollapsed) ?? false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname, mobile]);

  const toggleMenu = () => {
    if (mobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    storage.set(STORAGE_KEYS.sidebarCollapsed, !collapsed);
    setCollapsed(!collapsed);
  };

  const menuCollapsed = mobile ? !drawerOpen : collapsed;

  return (
    <PermittedRoutesContext.Provider value={routes}>
      <Layout className="agora-layout">
        {mobile ? (
          <Drawer
            open={drawerOpen}
            placement="left"
            onClose={() => setDrawerOpen(false)}
            closable={false}
            className="agora-drawer"
            styles={{ body: { padding: 0 } }}
            size={240}
          >
            <div data-testid="sidebar" className="agora-drawer-menu">
              <SiteLogo collapsed={false} />
              <SideMenu menu={routes.menu} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            </div>
          </Drawer>
        ) : (
          <Sidebar menu={routes.menu} collapsed={collapsed} viewportWidth={viewportWidth} />
        )}
        <Layout className="agora-main">
          <Layout.Header className="agora-header">
            <Button
              type="text"
              aria-label={t('layout.toggleSidebar')}
              icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggleMenu}
            />
            {!mobile && <Breadcrumbs />}
            <div className="agora-header-actions">
              <ChatEntry />
              <FullscreenToggle />
              <ThemePicker />
              <LanguageSwitch />
              <UserMenu />
            </div>
          </Layout.Header>
          <TagsView tabs={tabs} />
          <Layout.Content className="agora-content">
            <Suspense fallback={<Spin className="agora-page-spin" />}>
              {!tabs.pageHidden && (
                <Routes key={tabs.pageKey}>
                  <Route index element={<Navigate to="/dashboard" replace />} />
                  {routes.pages.map((route) => {
                    const Page = PAGES[route.name];
                    return <Route key={route.name} path={route.path} element={<Page />} />;
                  })}
                  {routes.groups.map(({ route, target }) => (
                    <Route key={route.name} path={route.path} element={<Navigate to={target} replace />} />
                  ))}
                  {WidgetGallery && <Route path="/dev/widgets" element={<WidgetGallery />} />}
                  <Route path="*" element={<UnknownRoute />} />
                </Routes>
              )}
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </PermittedRoutesContext.Provider>
  );
}
