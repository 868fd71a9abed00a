import { lazy, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminProfile } from '@agora/contract';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';
import { fetchPermissions, permissionsQueryKey, PermissionsContext } from '@/lib/permissions';
import { RequestError, SESSION_ENDED } from '@/lib/request';
import { clearSession } from '@/lib/session';
import { sessionKeys } from '@/lib/session-queries';
import { FullPageSpin } from './router';

const AppLayout = lazy(() => import('./layout/AppLayout'));

/** Loads the permission list the routes are generated from (spec §2, §6). */
export default function SignedIn({ user }: { user: AdminProfile | undefined }) {
  const permissions = useQuery({
    queryKey: user ? permissionsQueryKey(user) : sessionKeys.permissions(0),
    queryFn: () => (user ? fetchPermissions(user, { message: false }) : Promise.reject(new Error('no signed-in user stored'))),
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    if (!permissions.isError) return;
    const ended = permissions.error instanceof RequestError && permissions.error.code === SESSION_ENDED;
    clearSession();
    // An ended session has already said so in the 权限错误 alert.
    if (!ended) toast.error(msg('routeGenFailed'));
  }, [permissions.isError, permissions.error]);

  if (permissions.isError) return null;
  if (!permissions.data) return <FullPageSpin />;
  return (
    <PermissionsContext.Provider value={permissions.data}>
      <AppLayout />
    </PermissionsContext.Provider>
  );
}
