import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Route name → page. Only routes listed here are routable and shown in the menu; the
 * rest of the route table waits for its page (it still appears in the role-permission tree).
 */
export const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import('@/features/dashboard/DashboardPage')),
  administratorManage: lazy(() => import('@/features/admins/AdministratorManagePage')),
  roleManage: lazy(() => import('@/features/roles/RoleManagePage')),
  rolePermission: lazy(() => import('@/features/roles/RolePermissionPage')),
  systemLogs: lazy(() => import('@/features/system-logs/SystemLogsPage')),
  systemSettingsVerification: lazy(() => import('@/features/verification/SystemVerificationPage')),
};

export const hasPage = (name: string): boolean => Object.hasOwn(PAGES, name);
