import { adminEndpoints, roleEndpoints, type AdminRow } from '@agora/contract';
import { useApi, useApiMutation, type Invalidates } from '@/lib/api';

/** The role list counts administrators per role, so any change of who holds a role refreshes it too. */
const written: Invalidates = ['admins', 'roles'];

export function useAdmin(id: number | undefined) {
  return useApi(adminEndpoints.detail, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
}

/** Every role, for the role filter and the form's select. */
export function useRoleOptions() {
  return useApi(roleEndpoints.list, { query: { page_no: 1, page_size: 200 } });
}

export const useCreateAdmin = () => useApiMutation(adminEndpoints.create, { success: 'admins.messages.created', invalidates: written });

/** An edit in the dialog, or a switch of the state in the list (each says what it did). */
export const useUpdateAdmin = (success: string | ((admin: AdminRow) => string)) => useApiMutation(adminEndpoints.update, { success, invalidates: written });

export const useDeleteAdmin = () => useApiMutation(adminEndpoints.remove, { success: 'admins.messages.deleted', invalidates: written });
