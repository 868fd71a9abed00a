import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, RoleDetail, RoleInput, RoleRow } from '@agora/contract';
import { permissionsQueryKey, roleIdOf } from '@/lib/permissions';
import { del, get, post, put } from '@/lib/request';
import { getUser } from '@/lib/session';
import { adminKeys } from '../admins/queries';

export interface RoleListParams {
  page_no: number;
  page_size: number;
  keyword?: string;
}

export interface MenuNode {
  name: string;
  title: { zh: string; en: string };
  hidden: boolean;
  children: MenuNode[];
}

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (params: RoleListParams) => [...roleKeys.lists(), params] as const,
  details: () => [...roleKeys.all, 'detail'] as const,
  detail: (id: number) => [...roleKeys.details(), id] as const,
  menuTree: () => [...roleKeys.all, 'menu-tree'] as const,
};

/** Enough for every role in the administrator form's select. */
export const ROLE_OPTIONS_PARAMS: RoleListParams = { page_no: 1, page_size: 200 };

export function useRoles(params: RoleListParams) {
  return useQuery({
    queryKey: roleKeys.list(params),
    queryFn: () => get<Page<RoleRow>>('admin/systems/roles', params),
    placeholderData: keepPreviousData,
  });
}

export function useRole(id: number | undefined) {
  return useQuery({
    queryKey: roleKeys.detail(id ?? 0),
    queryFn: () => get<RoleDetail>(`admin/systems/roles/${id}`),
    enabled: id !== undefined,
  });
}

export function useMenuTree() {
  return useQuery({
    queryKey: roleKeys.menuTree(),
    queryFn: () => get<MenuNode[]>('admin/systems/menus/tree'),
    staleTime: Infinity,
  });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) => post<RoleDetail>('admin/systems/roles', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RoleInput }) => put<RoleDetail>(`admin/systems/roles/${id}`, input),
    onSuccess: (role, { id }) => {
      queryClient.setQueryData(roleKeys.detail(id), role);
      const user = getUser();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
        // Administrator rows show the role's name.
        queryClient.invalidateQueries({ queryKey: adminKeys.lists() }),
        // Editing one's own role changes one's own menu.
        user && roleIdOf(user) === id ? queryClient.invalidateQueries({ queryKey: permissionsQueryKey(user) }) : undefined,
      ]);
    },
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<unknown>(`admin/systems/roles/${id}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: roleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
    },
  });
}
