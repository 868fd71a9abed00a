import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, ShopRow } from '@agora/contract';
import { get, put } from '@/lib/request';
import { dashboardKeys } from '../dashboard/queries';
import { goodsKeys } from '../goods/queries';

export interface ShopListParams {
  page_no: number;
  page_size: number;
  keyword?: string;
  shop_disable?: string;
}

export const shopKeys = {
  all: ['shops'] as const,
  lists: () => [...shopKeys.all, 'list'] as const,
  list: (params: ShopListParams) => [...shopKeys.lists(), params] as const,
};

export function useShops(params: ShopListParams) {
  return useQuery({ queryKey: shopKeys.list(params), queryFn: () => get<Page<ShopRow>>('admin/shops', params), placeholderData: keepPreviousData });
}

function useShopMutation<V>(run: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: shopKeys.lists() });
      // Closing a shop takes its goods off sale; an audit changes the dashboard's to-dos.
      void client.invalidateQueries({ queryKey: goodsKeys.lists() });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export const useCloseShop = () => useShopMutation((id: number) => put(`admin/shops/disable/${id}`));
export const useReopenShop = () => useShopMutation((id: number) => put(`admin/shops/enable/${id}`));
export const useAuditShop = () =>
  useShopMutation(({ id, pass, remark }: { id: number; pass: 0 | 1; remark: string }) =>
    put(`admin/shops/${id}`, undefined, { params: { pass, audit_remark: remark } }),
  );
