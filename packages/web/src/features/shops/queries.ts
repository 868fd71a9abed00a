import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillRow,
  MarginFlowRow,
  Page,
  ShopAddInput,
  ShopDetail,
  ShopEditInput,
  ShopRow,
} from '@agora/contract';
import { shopOptionKeys } from '@/components/ShopSelect';
import { get, post, put } from '@/lib/request';
import { invalidationKey } from '@/lib/api';
import { dashboardKeys } from '../dashboard/queries';

export interface ShopListParams {
  page_no: number;
  page_size: number;
  keyword?: string;
  shop_disable?: string;
  start_time?: number;
  end_time?: number;
}

export interface MarginListParams {
  page_no: number;
  page_size: number;
  auth_status: 'WAIT_AUDIT' | 'AUDITED';
  shop_name?: string;
  start_time?: number;
  end_time?: number;
}

export const shopKeys = {
  all: ['shops'] as const,
  lists: () => [...shopKeys.all, 'list'] as const,
  list: (params: ShopListParams) => [...shopKeys.lists(), params] as const,
  detail: (id: number) => [...shopKeys.all, 'detail', id] as const,
  bills: (shopId: number, page: number) => [...shopKeys.all, 'bills', shopId, page] as const,
  margin: () => [...shopKeys.all, 'margin'] as const,
  marginList: (params: MarginListParams) => [...shopKeys.margin(), 'list', params] as const,
  marginHistory: (shopId: number, page: number) => [...shopKeys.margin(), 'history', shopId, page] as const,
};

export function useShops(params: ShopListParams) {
  return useQuery({ queryKey: shopKeys.list(params), queryFn: () => get<Page<ShopRow>>('admin/shops', params), placeholderData: keepPreviousData });
}

export function useShop(id: number) {
  return useQuery({ queryKey: shopKeys.detail(id), queryFn: () => get<ShopDetail>(`admin/shops/${id}`), enabled: id > 0 });
}

export function useShopBills(shopId: number, page: number) {
  return useQuery({
    queryKey: shopKeys.bills(shopId, page),
    queryFn: () => get<Page<BillRow>>('admin/order/bills', { seller_id: shopId, page_no: page, page_size: 10 }),
    placeholderData: keepPreviousData,
  });
}

export function useMarginFlows(params: MarginListParams) {
  return useQuery({
    queryKey: shopKeys.marginList(params),
    queryFn: () => get<Page<MarginFlowRow>>('admin/shops/margin-flow', params),
    placeholderData: keepPreviousData,
  });
}

export function useMarginHistory(shopId: number, page: number) {
  return useQuery({
    queryKey: shopKeys.marginHistory(shopId, page),
    queryFn: () => get<Page<MarginFlowRow>>('admin/shops/margin-flow/history', { shop_id: shopId, page_no: page, page_size: 10 }),
    placeholderData: keepPreviousData,
  });
}

/** Every shop write refreshes the shop screens, the goods (closing takes them off sale, a new name shows there) and the dashboard's to-dos. */
function useShopMutation<V, R = unknown>(run: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: shopKeys.all });
      void client.invalidateQueries({ queryKey: shopOptionKeys.all });
      void client.invalidateQueries({ queryKey: invalidationKey('goods') });
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
export const useEditShop = () => useShopMutation(({ id, input }: { id: number; input: ShopEditInput }) => put(`admin/shops/${id}`, input));
export const useAddShop = () => useShopMutation((input: ShopAddInput) => post<{ shop_id: number }>('admin/shops/base', input));
export const useSetSettlementDays = () =>
  useShopMutation(({ ids, days }: { ids: number[]; days: number[] }) => put(`admin/order/bills/${ids.join(',')}/param`, undefined, { params: { param: days.join(',') } }));
export const useSettleNow = () => useShopMutation((ids: number[]) => post<{ bill_ids: number[] }>(`admin/order/bills/now/${ids.join(',')}`));
export const useAuditMargin = () =>
  useShopMutation(({ id, pass, remark }: { id: number; pass: 0 | 1; remark: string }) => put<MarginFlowRow>(`admin/shops/margin-flow/auth/${id}`, { pass, remark }));
export const useAdjustMargin = () =>
  useShopMutation((input: { shop_id: number; type: 0 | 1; actual_pay_amount: number; remark: string; voucher: string[] }) =>
    post<{ total_amount: number }>('admin/shops/margin-flow', input),
  );
