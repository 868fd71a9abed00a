import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { ROUTE_BY_NAME } from '@agora/contract';
import { routeTitle } from '@/lib/i18n';
import { matchRoute } from '../route-tree';

/** Where the page sits in the route table: dashboard › group › … › page. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const entry = matchRoute(pathname);
  const home = ROUTE_BY_NAME.get('dashboard');
  if (!entry || !home) return null;
  const trail = [...entry.parents, entry.route].filter((route) => route.name !== home.name);
  const items = [
    { key: home.name, title: trail.length ? <Link to={home.path}>{routeTitle(home)}</Link> : routeTitle(home) },
    ...trail.map((route) => ({ key: route.name, title: routeTitle(route) })),
  ];
  return <Breadcrumb className="agora-breadcrumb" items={items} />;
}
