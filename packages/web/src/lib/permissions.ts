import { createContext, useContext } from 'react';
import { roleEndpoints, type AdminProfile } from '@agora/contract';
import { api } from './api';
import type { RequestOptions } from './request';
import { sessionKeys } from './session-queries';

export interface Permissions {
  /** 0 for the founder, who holds every permission (spec §6) */
  roleId: number;
  /** permitted route names */
  names: ReadonlySet<string>;
  hasPermission(name: string): boolean;
  /** the role may use the chat (the entry also needs chat to be switched on) */
  chat: boolean;
}

export const roleIdOf = (user: AdminProfile): number => (user.founder === 1 ? 0 : user.role_id);

export function createPermissions(roleId: number, names: readonly string[]): Permissions {
  const set = new Set(names);
  return {
    roleId,
    names: set,
    hasPermission: (name) => roleId === 0 || set.has(name),
    chat: set.has('chat'),
  };
}

export async function fetchPermissions(user: AdminProfile, options?: RequestOptions): Promise<Permissions> {
  const roleId = roleIdOf(user);
  const names = await api(roleEndpoints.checked, { params: { roleId } }, options);
  return createPermissions(roleId, names);
}

export const permissionsQueryKey = (user: AdminProfile) => sessionKeys.permissions(user.uid);

export const PermissionsContext = createContext<Permissions | null>(null);

/** The signed-in operator's permissions; only inside the signed-in part of the app. */
export function usePermissions(): Permissions {
  const permissions = useContext(PermissionsContext);
  if (!permissions) throw new Error('usePermissions is used outside the signed-in layout');
  return permissions;
}
