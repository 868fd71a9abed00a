import { lazy, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { AdminProfile } from '@agora/contract';
import { toast } from '@/lib/feedback';
import { isChinese, msg } from '@/lib/locale';
import { fetchPermissions, permissionsQueryKey, PermissionsContext } from '@/lib/permissions';
import { RequestError, SESSION_ENDED } from '@/lib/request';
import { clearSession } from '@/lib/session';
import { sessionKeys } from '@/lib/session-queries';
import { widgetLocale } from '@/lib/widget-locale';
import { StartupScreen, useStartup } from '@/features/login/startup';
import { SecondStepGate } from '@/components/TwoStepDialog';
import { FullPageSpin } from './router';

const loadLayout = () => import('./layout/AppLayout');
const AppLayout = lazy(loadLayout);

/** Fetches the console's layout ahead of need (see `preloadShell`). */
export function preloadLayout(): void {
  void loadLayout();
}

// Date pickers and relative dates follow the console's language; only signed-in pages show dates.
function syncDayjsLocale(): void {
  dayjs.locale(widgetLocale()?.dayjs ?? (isChinese() ? 'zh-cn' : 'en'));
}

/** Loads the permission list the routes are generated from (spec §2, §6). */
export default function SignedIn({ user }: { user: AdminProfile | undefined }) {
  syncDayjsLocale();
  // An operator who opens the console while the demo is written waits on one clear screen, not on lists that cannot load yet.
  const { ready, waiting, startup } = useStartup();
  const permissions = useQuery({
    queryKey: user ? permissionsQueryKey(user) : sessionKeys.permissions(0),
    queryFn: () => (user ? fetchPermissions(user, { message: false }) : Promise.reject(new Error('no signed-in user stored'))),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: ready,
  });

  useEffect(() => {
    if (!permissions.isError) return;
    const ended = permissions.error instanceof RequestError && permissions.error.code === SESSION_ENDED;
    clearSession();
    // An ended session has already said so in the 权限错误 alert.
    if (!ended) toast.error(msg('routeGenFailed'));
  }, [permissions.isError, permissions.error]);

  if (waiting && startup) return <StartupScreen startup={startup} />;
  if (!ready) return <FullPageSpin />;
  if (permissions.isError) return null;
  if (!permissions.data) return <FullPageSpin />;
  return (
    <PermissionsContext.Provider value={permissions.data}>
      <AppLayout />
      <SecondStepGate />
    </PermissionsContext.Provider>
  );
}
