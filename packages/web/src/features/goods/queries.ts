import { brandEndpoints, categoryEndpoints, goodsEndpoints } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';

/** One goods item with its pictures, SKUs and parameters (GET admin/goods/{ids}/details). */
export function useGoodsDetail(id: number | undefined) {
  const detail = useApi(goodsEndpoints.details, { params: { ids: id ?? 0 } }, { enabled: id !== undefined, placeholderData: undefined });
  return { ...detail, data: detail.data?.[0] };
}

/** Audit and sale state feed the dashboard's to-do counts and totals. */
const GOODS_STATE = ['goods', 'dashboard'] as const;

export const useTakeDownGoods = () => useApiMutation(goodsEndpoints.under, { success: 'goods.messages.under', invalidates: GOODS_STATE });
export const usePutOnSale = () => useApiMutation(goodsEndpoints.up, { success: 'goods.messages.up', invalidates: GOODS_STATE });
export const usePassGoods = () => useApiMutation(goodsEndpoints.audit, { success: 'goods.messages.passed', invalidates: GOODS_STATE });
export const useRefuseGoods = () => useApiMutation(goodsEndpoints.audit, { success: 'goods.messages.refused', invalidates: GOODS_STATE });

// ─── Catalogue: categories, parameters, brands ──────────────────────────────

/** Goods rows show category and brand names, so catalogue edits refresh the goods lists too. */
const CATEGORY_EDITS = ['goodsCategories', 'goods'] as const;
const BRAND_EDITS = ['brands', 'goods'] as const;

export const useCategoryTree = () => useApi(categoryEndpoints.tree, { params: { id: 0 } });
export const useCategory = (id: number) => useApi(categoryEndpoints.get, { params: { id } }, { enabled: id > 0 });
export const useCategoryBrands = (id: number) => useApi(categoryEndpoints.brands, { params: { id } }, { placeholderData: undefined });
export const useCategoryParams = (id: number) => useApi(categoryEndpoints.params, { params: { id } }, { enabled: id > 0 });

export const useCreateCategory = () => useApiMutation(categoryEndpoints.create, { success: 'goods.categories.saved', invalidates: CATEGORY_EDITS });
export const useUpdateCategory = () => useApiMutation(categoryEndpoints.update, { success: 'goods.categories.saved', invalidates: CATEGORY_EDITS });
export const useDeleteCategory = () => useApiMutation(categoryEndpoints.remove, { success: 'goods.categories.deleted', invalidates: CATEGORY_EDITS });
export const useBindCategoryBrands = () => useApiMutation(categoryEndpoints.bindBrands, { success: 'goods.categories.brandsSaved' });

/** Every change to the parameter groups and parameters of the category parameters page. */
export function useParamMutations() {
  return {
    createGroup: useApiMutation(categoryEndpoints.createGroup, { success: 'goods.params.saved' }),
    renameGroup: useApiMutation(categoryEndpoints.renameGroup, { success: 'goods.params.saved' }),
    removeGroup: useApiMutation(categoryEndpoints.removeGroup, { success: 'goods.params.deleted' }),
    sortGroup: useApiMutation(categoryEndpoints.sortGroup),
    createParam: useApiMutation(categoryEndpoints.createParam, { success: 'goods.params.saved' }),
    updateParam: useApiMutation(categoryEndpoints.updateParam, { success: 'goods.params.saved' }),
    removeParam: useApiMutation(categoryEndpoints.removeParam, { success: 'goods.params.deleted' }),
    sortParam: useApiMutation(categoryEndpoints.sortParam),
  };
}

export const useBrand = (id: number | undefined) => useApi(brandEndpoints.get, { params: { id: id ?? 0 } }, { enabled: id !== undefined, placeholderData: undefined });
export const useCreateBrand = () => useApiMutation(brandEndpoints.create, { success: 'goods.brands.saved', invalidates: BRAND_EDITS });
export const useUpdateBrand = () => useApiMutation(brandEndpoints.update, { success: 'goods.brands.saved', invalidates: BRAND_EDITS });
export const useDeleteBrands = () => useApiMutation(brandEndpoints.remove, { success: 'goods.brands.deleted', invalidates: BRAND_EDITS });
