import { shopEndpoints, themeEndpoints, type SettlementStatus, type ShopEditInput } from '@agora/contract';
import { useApi, useApiMutation, type Invalidates } from '@/lib/api';
import { formatAmount } from '@/components/formatMoney';

/** A write that changes what the dashboard counts (open shops, applications and payments to audit). */
const COUNTED: Invalidates = ['shops', 'dashboard'];
/** Closing takes the shop's goods off sale and a new name shows in the goods list: the goods refresh too. */
const SHOWN_IN_GOODS: Invalidates = ['shops', 'goods', 'dashboard'];

/** One shop, whole (the edit page and the detail drawer); nothing is asked for no shop. */
export const useShop = (id: number | undefined) => useApi(shopEndpoints.detail, { params: { id: id ?? 0 } }, { enabled: id !== undefined && id > 0 });

/** Every shop theme, to choose a shop's PC and WAP themes from. */
export const useThemeOptions = () => useApi(themeEndpoints.options, {});

export const useCloseShop = () => useApiMutation(shopEndpoints.close, { success: 'shops.messages.closed', invalidates: SHOWN_IN_GOODS, toInput: (id: number) => ({ params: { id } }) });
export const useReopenShop = () => useApiMutation(shopEndpoints.reopen, { success: 'shops.messages.opened', invalidates: COUNTED, toInput: (id: number) => ({ params: { id } }) });

/** Passes (1) or refuses (0, with the reason) an application. */
export const useAuditShop = (pass: 0 | 1) =>
  useApiMutation(shopEndpoints.update, {
    success: pass ? 'shops.messages.passed' : 'shops.messages.refused',
    invalidates: COUNTED,
    toInput: ({ id, remark = '' }: { id: number; remark?: string }) => ({ params: { id }, query: { pass, audit_remark: remark }, body: undefined }),
  });

export const useEditShop = () =>
  useApiMutation(shopEndpoints.update, {
    success: 'shops.messages.saved',
    invalidates: SHOWN_IN_GOODS,
    toInput: ({ id, input }: { id: number; input: ShopEditInput }) => ({ params: { id }, body: input }),
  });

export const useAddShop = () => useApiMutation(shopEndpoints.add, { success: 'shops.messages.added', invalidates: COUNTED });

export const useSetSettlementDays = () =>
  useApiMutation(shopEndpoints.settlementDays, {
    success: 'shops.messages.daysSaved',
    toInput: ({ ids, days, status }: { ids: number[]; days: number[]; status?: SettlementStatus }) => ({
      params: { ids: ids.join(',') },
      query: { param: days.join(','), ...(status ? { status } : {}) },
    }),
  });

/** Cuts a bill now for each shop; `many` says how many were cut rather than that one was. */
export const useSettleNow = (many = false) =>
  useApiMutation(shopEndpoints.settleNow, {
    invalidates: ['shops', 'finance'],
    success: ({ bill_ids }) => (many ? ['shops.messages.settledMany', { count: bill_ids.length }] as const : 'shops.messages.settled'),
    toInput: (ids: number[]) => ({ params: { ids: ids.join(',') } }),
  });


export const useAdjustMargin = () =>
  useApiMutation(shopEndpoints.adjustMargin, {
    success: ({ total_amount }) => ['shops.messages.marginAdjusted', { total: formatAmount(total_amount) }] as const,
  });
