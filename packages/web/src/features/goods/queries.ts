import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryChild, GoodsRow, Page } from '@agora/contract';
import { get, post, put } from '@/lib/request';
import { dashboardKeys } from '../dashboard/queries';

export interface GoodsListParams {
  page_no: number;
  page_size: number;
  keyword?: string;
  seller_id?: number;
  category_id?: number;
  market_enable?: number;
  is_auth?: number;
  start_price?: number;
  end_price?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export const goodsKeys = {
  all: ['goods'] as const,
  lists: () => [...goodsKeys.all, 'list'] as const,
  list: (params: GoodsListParams) => [...goodsKeys.lists(), params] as const,
  categoryChildren: (parentId: number) => [...goodsKeys.all, 'category-children', parentId] as const,
};

export function useGoodsList(params: GoodsListParams) {
  return useQuery({
    queryKey: goodsKeys.list(params),
    queryFn: () => get<Page<GoodsRow>>('admin/goods', params),
    placeholderData: keepPreviousData,
  });
}

export const fetchCategoryChildren = (parentId: number) => get<CategoryChild[]>(`admin/goods/categories/${parentId}/children`);

function useGoodsMutation<V>(run: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: goodsKeys.lists() });
      // Audit and sale state feed the dashboard's to-do counts and totals.
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export const useTakeDownGoods = () =>
  useGoodsMutation(({ ids, reason }: { ids: number[]; reason: string }) => put(`admin/goods/${ids.join(',')}/under`, { reason }));

export const usePutOnSale = () => useGoodsMutation((ids: number[]) => put(`admin/goods/${ids.join(',')}/up`));

export const useAuditGoods = () =>
  useGoodsMutation((input: { goods_ids: number[]; pass: 0 | 1; message: string }) => post('admin/goods/batch/audit', input));
