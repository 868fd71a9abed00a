import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Menu, type MenuProps } from 'antd';
import type { RouteDef } from '@agora/contract';
import { routeTitle } from '@/lib/i18n';
import { matchRoute } from '../route-tree';
import { ROUTE_ICONS } from './route-icons';

type MenuItems = NonNullable<MenuProps['items']>;

function toItems(routes: readonly RouteDef[]): MenuItems {
  return routes.map((route) => {
    const Icon = route.icon ? ROUTE_ICONS[route.icon] : undefined;
    const icon = Icon ? <Icon /> : undefined;
    const title = routeTitle(route);
    // A title too long for the sidebar (English) is cut with an ellipsis: hovering shows it whole.
    if (route.children?.length) return { key: route.name, icon, label: <span title={title}>{title}</span>, children: toItems(route.children) };
    return { key: route.name, icon, label: <Link to={route.path} title={title}>{title}</Link>, title };
  });
}

interface SideMenuProps {
  menu: readonly RouteDef[];
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The permission-based side menu (spec §2). */
export function SideMenu({ menu, collapsed, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const entry = matchRoute(pathname);
  const items = useMemo(() => toItems(menu), [menu]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => entry?.parents.map((parent) => parent.name) ?? []);

  useEffect(() => {
    const parents = matchRoute(pathname)?.parents.map((parent) => parent.name) ?? [];
    setOpenKeys((current) => [...new Set([...current, ...parents])]);
  }, [pathname]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      inlineCollapsed={collapsed}
      selectedKeys={entry ? [entry.route.name] : []}
      // While collapsed the menu opens groups as pop-ups on hover; forcing keys open would pin them.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onNavigate}
    />
  );
}
