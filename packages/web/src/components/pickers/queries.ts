import type { GoodsSkuPickerQuery } from '@agora/contract';

/** Query keys of the pickers' lists. */
export const pickerKeys = {
  all: ['pickers'] as const,
  goods: (params: Partial<GoodsSkuPickerQuery>) => [...pickerKeys.all, 'goods-skus', params] as const,
  members: (url: string, keyword: string) => [...pickerKeys.all, 'members', url, keyword] as const,
};
