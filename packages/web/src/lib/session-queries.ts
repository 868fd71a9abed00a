import { sessionEndpoints } from '@agora/contract';
import { useApi } from './api';

export const sessionKeys = {
  all: [sessionEndpoints.current.area] as const,
  /** the permission list the routes are generated from, per signed-in admin */
  permissions: (uid: number) => [...sessionKeys.all, uid, 'permissions'] as const,
};

/** The signed-in operator as the server knows them now. */
export function useCurrentAdmin() {
  return useApi(sessionEndpoints.current, {});
}
