import { useQuery } from '@tanstack/react-query';
import type { AdminProfile } from '@agora/contract';
import { get } from './request';

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
  /** the permission list the routes are generated from, per signed-in admin */
  permissions: (uid: number) => [...sessionKeys.all, uid, 'permissions'] as const,
};

/** The signed-in operator as the server knows them now (GET admin/systems/admin-users/current). */
export function useCurrentAdmin() {
  return useQuery({ queryKey: sessionKeys.current(), queryFn: () => get<AdminProfile>('admin/systems/admin-users/current') });
}
