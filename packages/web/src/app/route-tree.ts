import { createContext, useContext } from 'react';
import { matchPath } from 'react-router-dom';
import { ROUTES, walkRoutes, type RouteDef } from '@agora/contract';
import type { MenuRoute } from './menu';

export interface RouteEntry {
  route: RouteDef;
  /** outermost first */
  parents: RouteDef[];
}

const ENTRIES: RouteEntry[] = [];
walkRoutes(ROUTES, (route, parents) => ENTRIES.push({ route, parents }));

/** The route-table entry a location belongs to, permitted or not. */
export function matchRoute(pathname: string): RouteEntry | undefined {
  return ENTRIES.find((entry) => matchPath({ path: entry.route.path, end: true }, pathname));
}

/**
 * Spec §6: the route tree filtered to the permitted names plus the routes marked hidden inside a
 * permitted group (a list's detail page comes with it). A hidden route on its own at the top (the
 * chat, opened from the top bar) is nobody's child: it needs its own permission, as on the server.
 */
export function filterPermitted(routes: readonly MenuRoute[], allowed: (name: string) => boolean, top = true): MenuRoute[] {
  return routes
    .filter((route) => (route.hidden && !top) || allowed(route.name))
    .map((route) => (route.children ? { ...route, children: filterPermitted(route.children, allowed, false) } : route));
}

/** The visible entries that lead to a page: a group shows when any of its children does. */
export function menuOf(routes: readonly MenuRoute[], hasPage: (name: string) => boolean): RouteDef[] {
  const menu: RouteDef[] = [];
  for (const route of routes) {
    if (route.hidden || route.concealed) continue;
    const children = route.children ? menuOf(route.children, hasPage) : [];
    if (children.length > 0) menu.push({ ...route, children });
    else if (hasPage(route.name)) menu.push({ ...route, children: undefined });
  }
  return menu;
}

function flatten(routes: readonly RouteDef[]): RouteDef[] {
  const all: RouteDef[] = [];
  walkRoutes([...routes], (route) => all.push(route));
  return all;
}

/** Where a menu entry leads: its own page, or the first page inside the group. */
export function firstPagePath(route: RouteDef): string | undefined {
  if (!route.children?.length) return route.path.includes(':') ? undefined : route.path;
  for (const child of route.children) {
    const path = firstPagePath(child);
    if (path) return path;
  }
  return undefined;
}

export interface PermittedRoutes {
  /** routes with a page the operator may open */
  pages: RouteDef[];
  /** the side menu */
  menu: RouteDef[];
  /** groups of the menu with the page they open on */
  groups: { route: RouteDef; target: string }[];
}

/** `routes`: the route table in the operator's order with what they hid (`effectiveRoutes`). */
export function buildPermittedRoutes(allowed: (name: string) => boolean, hasPage: (name: string) => boolean, routes: readonly MenuRoute[] = ROUTES): PermittedRoutes {
  const tree = filterPermitted(routes, allowed);
  const menu = menuOf(tree, hasPage);
  const groups = flatten(menu)
    .filter((route) => route.children?.length)
    .map((route) => ({ route, target: firstPagePath(route) }))
    .filter((group): group is { route: RouteDef; target: string } => group.target !== undefined);
  return { pages: flatten(tree).filter((route) => hasPage(route.name)), menu, groups };
}

export const PermittedRoutesContext = createContext<PermittedRoutes | null>(null);

/** The routes the signed-in operator may open; only inside the signed-in layout. */
export function usePermittedRoutes(): PermittedRoutes {
  const routes = useContext(PermittedRoutesContext);
  if (!routes) throw new Error('usePermittedRoutes is used outside the signed-in layout');
  return routes;
}
