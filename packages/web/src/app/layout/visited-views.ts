import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { VIEW_RELOAD_DELAY_MS } from '@agora/contract';
import { matchRoute } from '../route-tree';

/** An open page tab. */
export interface VisitedView {
  /** the page's pathname; one tab per pathname */
  path: string;
  /** pathname and search as last visited, so a tab reopens the list state it showed */
  fullPath: string;
  /** route name */
  name: string;
}

export const HOME_VIEW: VisitedView = { path: '/dashboard', fullPath: '/dashboard', name: 'dashboard' };

/** The dashboard tab cannot be closed. */
export const isAffix = (view: VisitedView): boolean => view.name === HOME_VIEW.name;

export function addView(views: VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((existing) => existing.path === view.path);
  if (index === -1) return [...views, view];
  if (views[index].fullPath === view.fullPath) return views;
  return views.map((existing, i) => (i === index ? view : existing));
}

export const closeView = (views: VisitedView[], path: string): VisitedView[] =>
  views.filter((view) => view.path !== path || isAffix(view));

export const closeOtherViews = (views: VisitedView[], path: string): VisitedView[] =>
  views.filter((view) => view.path === path || isAffix(view));

export const closeAllViews = (views: VisitedView[]): VisitedView[] => views.filter(isAffix);

export interface VisitedViews {
  views: VisitedView[];
  activePath: string;
  open(view: VisitedView): void;
  close(view: VisitedView): void;
  closeOthers(view: VisitedView): void;
  closeAll(): void;
  refresh(view: VisitedView): void;
  /** changes when the active page must be mounted afresh */
  pageKey: number;
  /** true while a refreshed page is away */
  pageHidden: boolean;
}

/** The open-page tabs (spec §4): every page visited is added; reload waits 100 ms. */
export function useVisitedViews(isPage: (name: string) => boolean): VisitedViews {
  const location = useLocation();
  const navigate = useNavigate();
  const [views, setViews] = useState<VisitedView[]>([HOME_VIEW]);
  const [reload, setReload] = useState({ key: 0, hidden: false });
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const entry = matchRoute(location.pathname);
    if (!entry || !isPage(entry.route.name)) return;
    const view = { path: location.pathname, fullPath: location.pathname + location.search, name: entry.route.name };
    setViews((current) => addView(current, view));
  }, [location.pathname, location.search, isPage]);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const activePath = location.pathname;

  const open = useCallback((view: VisitedView) => navigate(view.fullPath), [navigate]);

  const close = useCallback(
    (view: VisitedView) => {
      if (isAffix(view)) return;
      const remaining = closeView(views, view.path);
      setViews(remaining);
      if (view.path === activePath) navigate((remaining[remaining.length - 1] ?? HOME_VIEW).fullPath);
    },
    [views, activePath, navigate],
  );

  const closeOthers = useCallback(
    (view: VisitedView) => {
      setViews(closeOtherViews(views, view.path));
      if (view.path !== activePath) navigate(view.fullPath);
    },
    [views, activePath, navigate],
  );

  const closeAll = useCallback(() => {
    setViews(closeAllViews(views));
    navigate(HOME_VIEW.fullPath);
  }, [views, navigate]);

  const refresh = useCallback(
    (view: VisitedView) => {
      if (view.path !== activePath) navigate(view.fullPath);
      setReload((current) => ({ ...current, hidden: true }));
      clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => setReload((current) => ({ key: current.key + 1, hidden: false })), VIEW_RELOAD_DELAY_MS);
    },
    [activePath, navigate],
  );

  return { views, activePath, open, close, closeOthers, closeAll, refresh, pageKey: reload.key, pageHidden: reload.hidden };
}
