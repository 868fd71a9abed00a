import { describe, expect, it } from 'vitest';
import { addView, closeAllViews, closeOtherViews, closeView, HOME_VIEW, type VisitedView } from './visited-views';
import { clampSidebarWidth, isMobileWidth, sidebarMinWidth } from './viewport';

const view = (name: string, path: string, search = ''): VisitedView => ({ name, path, fullPath: path + search });
const logs = view('systemLogs', '/operations/auth-settings/system-logs');
const roles = view('roleManage', '/operations/auth-settings/role-manage');

describe('open-page tabs', () => {
  it('adds each page once and remembers its latest list state', () => {
    let views = addView([HOME_VIEW], logs);
    views = addView(views, roles);
    views = addView(views, view('systemLogs', logs.path, '?page_no=2'));
    expect(views.map((v) => v.fullPath)).toEqual(['/dashboard', `${logs.path}?page_no=2`, roles.path]);
  });

  it('never closes the dashboard', () => {
    const views = [HOME_VIEW, logs, roles];
    expect(closeView(views, HOME_VIEW.path)).toEqual(views);
    expect(closeView(views, logs.path)).toEqual([HOME_VIEW, roles]);
    expect(closeOtherViews(views, roles.path)).toEqual([HOME_VIEW, roles]);
    expect(closeAllViews(views)).toEqual([HOME_VIEW]);
  });
});

describe('sidebar width', () => {
  it('is at least 180, or 225 in English', () => {
    expect(sidebarMinWidth('zh-CN')).toBe(180);
    expect(sidebarMinWidth('en-US')).toBe(225);
    expect(clampSidebarWidth(100, 1920, 180)).toBe(180);
  });

  it('leaves 1000 px to the content', () => {
    expect(clampSidebarWidth(600, 1400, 180)).toBe(400);
    expect(clampSidebarWidth(300, 1400, 180)).toBe(300);
    expect(clampSidebarWidth(300, 1100, 180)).toBe(180);
  });

  it('turns to the mobile drawer under 1024 px', () => {
    expect(isMobileWidth(1023)).toBe(true);
    expect(isMobileWidth(1024)).toBe(false);
  });
});
