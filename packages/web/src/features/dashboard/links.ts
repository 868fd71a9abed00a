import { useCallback, useMemo } from 'react';
import { generatePath } from 'react-router-dom';
import { ROUTE_BY_NAME } from '@agora/contract';
import { usePermittedRoutes } from '@/app/route-tree';
import { usePermissions } from '@/lib/permissions';

/** The screen a dashboard panel leads to: a route name, its path parameters and list filters. */
export interface PanelTarget {
  route: string;
  params?: Record<string, string | number>;
  /** the list's filters, as the screen reads them from its URL */
  search?: Record<string, string | number | undefined>;
}

/**
 * The path of a panel's screen when the operator may open it — its page exists and the role
 * holds it — else undefined: a panel then links nothing rather than a dead route.
 */
export function usePanelLink(): (target: PanelTarget | undefined) => string | undefined {
  const { pages } = usePermittedRoutes();
  const { hasPermission } = usePermissions();
  const openable = useMemo(() => new Set(pages.map((route) => route.name)), [pages]);
  return useCallback(
    (target) => {
      const route = target && ROUTE_BY_NAME.get(target.route);
      if (!target || !route || !openable.has(route.name) || !hasPermission(route.name)) return undefined;
      const params = Object.fromEntries(Object.entries(target.params ?? {}).map(([key, value]) => [key, String(value)]));
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(target.search ?? {})) if (value !== undefined) search.set(key, String(value));
      const query = search.toString();
      return generatePath(route.path, params) + (query ? `?${query}` : '');
    },
    [openable, hasPermission],
  );
}

/** The platform's days are Asia/Shanghai days (UTC+8, no daylight saving), as the rollups count them. */
const PLATFORM_OFFSET_S = 8 * 3600;

/** Unix seconds of the first and last second of the platform's day `at` falls on. */
export function platformDayRange(at = new Date()): { start: number; end: number } {
  const seconds = Math.floor(at.getTime() / 1000);
  const start = Math.floor((seconds + PLATFORM_OFFSET_S) / 86_400) * 86_400 - PLATFORM_OFFSET_S;
  return { start, end: start + 86_399 };
}
