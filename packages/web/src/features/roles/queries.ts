import { menuEndpoints, roleEndpoints } from '@agora/contract';
import { useApi, useApiMutation, type Invalidates } from '@/lib/api';

export function useRole(id: number | undefined) {
  return useApi(roleEndpoints.detail, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
}

/** The effective menu (menu manager's titles and order), as the side menu reads it. */
export function useMenuTree() {
  return useApi(menuEndpoints.tree, {}, { staleTime: Infinity });
}

export const useCreateRole = () => useApiMutation(roleEndpoints.create, { success: 'roles.messages.created' });

/**
 * Administrator rows show the role's name, and editing one's own role changes one's own menu
 * (the signed-in operator's permissions live under `session`).
 */
const roleChanged: Invalidates = ['roles', 'admins', 'session'];

/** Name and description in the dialog, or the permissions on their page (each says what it saved). */
export const useUpdateRole = (success: string) => useApiMutation(roleEndpoints.update, { success, invalidates: roleChanged });

export const useDeleteRole = () => useApiMutation(roleEndpoints.remove, { success: 'roles.messages.deleted' });
