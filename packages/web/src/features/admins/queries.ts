import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCreate, AdminRow, AdminUpdate, Page } from '@agora/contract';
import { del, get, post, put } from '@/lib/request';
import { roleKeys } from '../roles/queries';

export interface AdminListParams {
  page_no: number;
  page_size: number;
  keyword?: string;
  role_id?: number;
  user_state?: number;
}

export const adminKeys = {
  all: ['admins'] as const,
  lists: () => [...adminKeys.all, 'list'] as const,
  list: (params: AdminListParams) => [...adminKeys.lists(), params] as const,
  details: () => [...adminKeys.all, 'detail'] as const,
  detail: (id: number) => [...adminKeys.details(), id] as const,
};

export function useAdmins(params: AdminListParams) {
  return useQuery({
    queryKey: adminKeys.list(params),
    queryFn: () => get<Page<AdminRow>>('admin/systems/manager/admin-users', params),
    placeholderData: keepPreviousData,
  });
}

export function useAdmin(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.detail(id ?? 0),
    queryFn: () => get<AdminRow>(`admin/systems/manager/admin-users/${id}`),
    enabled: id !== undefined,
  });
}

/** The wire shape of AdminCreate / AdminUpdate before the server applies its defaults. */
export type AdminCreateInput = Omit<AdminCreate, 'face' | 'user_state'> & Partial<Pick<AdminCreate, 'face' | 'user_state'>>;
export type AdminUpdateInput = Required<Omit<AdminUpdate, 'password'>> & { password?: string };

// The role list counts administrators per role, so any change of who holds a role refreshes it.
function useAdminWritten() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.lists() }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: adminKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
    ]);
}

export function useCreateAdmin() {
  const written = useAdminWritten();
  return useMutation({
    mutationFn: (input: AdminCreateInput) => post<AdminRow>('admin/systems/manager/admin-users', input),
    onSuccess: () => written(),
  });
}

export function useUpdateAdmin() {
  const written = useAdminWritten();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: AdminUpdateInput }) => put<AdminRow>(`admin/systems/manager/admin-users/${id}`, input),
    onSuccess: (_row, { id }) => written(id),
  });
}

export function useDeleteAdmin() {
  const queryClient = useQueryClient();
  const written = useAdminWritten();
  return useMutation({
    mutationFn: (id: number) => del<unknown>(`admin/systems/manager/admin-users/${id}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.detail(id) });
      return written();
    },
  });
}
