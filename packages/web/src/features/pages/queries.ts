import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, PageClientType, PageDetail, PageRow, PageUpdateInput, PublishStatus } from '@agora/contract';
import { del, get, post, put } from '@/lib/request';

export interface PageListParams {
  client_type: PageClientType;
  page_no: number;
  page_size: number;
  keyword?: string;
  publish_status?: PublishStatus;
}

export const pageKeys = {
  all: ['pages'] as const,
  lists: () => [...pageKeys.all, 'list'] as const,
  list: (params: PageListParams) => [...pageKeys.lists(), params] as const,
};

/** `GET {type}/pages` (spec §7): the micro-pages list and the page picker both read it. */
export const fetchPages = (params: PageListParams) => get<Page<PageRow>>('admin/pages', params);

export function usePageList(params: PageListParams) {
  return useQuery({ queryKey: pageKeys.list(params), queryFn: () => fetchPages(params), placeholderData: keepPreviousData });
}

function usePageMutation<V, R>(run: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: pageKeys.lists() }),
  });
}

export const useCreatePage = () =>
  usePageMutation((input: { client_type: PageClientType; page_name: string; description: string }) => post<PageDetail>('admin/pages', input));
export const useUpdatePage = () => usePageMutation(({ id, input }: { id: number; input: PageUpdateInput }) => put<PageDetail>(`admin/pages/${id}`, input));
export const useTogglePublish = () => usePageMutation((id: number) => put<PageRow>(`admin/pages/${id}/publish`));
export const useSetIndexPage = () => usePageMutation((id: number) => put<PageRow>(`admin/pages/${id}/index`));
export const useCopyPage = () => usePageMutation((id: number) => put<PageDetail>(`admin/pages/${id}/copy`));
export const useDeletePages = () => usePageMutation((ids: number[]) => del<unknown>(`admin/pages/${ids.join(',')}`));
