import { menuEndpoints, type MenuItem, type RouteDef } from '@agora/contract';
import { useApi } from '@/lib/api';

/** A route as the side menu shows it: `concealed` when the operator hid it (its page stays, as do its permissions). */
export type MenuRoute = RouteDef & { concealed?: boolean; children?: readonly MenuRoute[] };

/**
 * The route table in the operator's order (menu manager). Titles stay with `routeTitle`, which
 * reads the operator's titles (`setMenuTitles`); an entry the server does not know keeps its place
 * from the route table, so a console newer than its server still shows every page.
 */
export function effectiveRoutes(items: readonly MenuItem[], routes: readonly RouteDef[]): MenuRoute[] {
  const byName = new Map(items.map((item, index) => [item.name, { item, index }]));
  const place = (route: RouteDef) => byName.get(route.name)?.index ?? items.length + routes.indexOf(route);
  return [...routes]
    .sort((a, b) => place(a) - place(b))
    .map((route) => {
      const item = byName.get(route.name)?.item;
      const children = route.children ? effectiveRoutes(item?.children ?? [], route.children) : undefined;
      return { ...route, ...(children ? { children } : {}), concealed: item ? !item.visible : false };
    });
}

/**
 * The effective menu of the server: read once per session, refreshed when the menu manager saves.
 * Until it answers (or if it cannot) the console shows the route table as it is.
 */
export function useMenuItems() {
  return useApi(menuEndpoints.tree, {}, { staleTime: Infinity, request: { message: false } });
}

