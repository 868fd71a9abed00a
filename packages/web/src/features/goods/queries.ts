import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BrandInput,
  BrandOption,
  BrandRow,
  CategoryChild,
  CategoryDetail,
  CategoryNode,
  GoodsDetail,
  GoodsRow,
  Page,
  CategoryBodyInput,
  ParamBodyInput,
  ParamGroupWithParams,
} from '@agora/contract';
import { del, get, post, put } from '@/lib/request';
import { dashboardKeys } from '../dashboard/queries';

export interface GoodsListParams {
  page_no: number;
  page_size: number;
  keyword?: string;
  seller_id?: number;
  category_id?: number;
  brand_id?: number;
  goods_type?: string;
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
  details: () => [...goodsKeys.all, 'detail'] as const,
  detail: (id: number) => [...goodsKeys.details(), id] as const,
  categoryChildren: (parentId: number) => [...goodsKeys.all, 'category-children', parentId] as const,
};

export function useGoodsList(params: GoodsListParams) {
  return useQuery({
    queryKey: goodsKeys.list(params),
    queryFn: () => get<Page<GoodsRow>>('admin/goods', params),
    placeholderData: keepPreviousData,
  });
}

/** One goods item with its pictures, SKUs and parameters (GET admin/goods/{ids}/details). */
export function useGoodsDetail(id: number) {
  return useQuery({
    queryKey: goodsKeys.detail(id),
    queryFn: async () => (await get<GoodsDetail[]>(`admin/goods/${id}/details`))[0],
    enabled: id > 0,
  });
}

export const fetchCategoryChildren = (parentId: number) => get<CategoryChild[]>(`admin/goods/categories/${parentId}/children`);

function useGoodsMutation<V>(run: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: goodsKeys.lists() });
      void client.invalidateQueries({ queryKey: goodsKeys.details() });
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

// ─── Catalogue: categories, parameters, brands ──────────────────────────────

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categoryTree: () => [...catalogueKeys.all, 'category-tree'] as const,
  category: (id: number) => [...catalogueKeys.all, 'category', id] as const,
  categoryBrands: (id: number) => [...catalogueKeys.all, 'category-brands', id] as const,
  categoryParams: (id: number) => [...catalogueKeys.all, 'category-params', id] as const,
  brands: () => [...catalogueKeys.all, 'brands'] as const,
  brandList: (params: BrandListParams) => [...catalogueKeys.brands(), 'list', params] as const,
  brandOptions: () => [...catalogueKeys.brands(), 'all'] as const,
};

export interface BrandListParams {
  page_no: number;
  page_size: number;
  name?: string;
}

export const useCategoryTree = () =>
  useQuery({ queryKey: catalogueKeys.categoryTree(), queryFn: () => get<CategoryNode[]>('admin/goods/categories/0/all-children') });

export const useCategory = (id: number) =>
  useQuery({ queryKey: catalogueKeys.category(id), queryFn: () => get<CategoryDetail>(`admin/goods/categories/${id}`), enabled: id > 0 });

export const useCategoryBrands = (id: number | undefined) =>
  useQuery({
    queryKey: catalogueKeys.categoryBrands(id ?? 0),
    queryFn: () => get<BrandOption[]>(`admin/goods/categories/${id}/brands`),
    enabled: id !== undefined,
  });

export const useCategoryParams = (id: number) =>
  useQuery({ queryKey: catalogueKeys.categoryParams(id), queryFn: () => get<ParamGroupWithParams[]>(`admin/goods/categories/${id}/param`), enabled: id > 0 });

export const useBrandList = (params: BrandListParams) =>
  useQuery({ queryKey: catalogueKeys.brandList(params), queryFn: () => get<Page<BrandRow>>('admin/goods/brands', params), placeholderData: keepPreviousData });

function useCatalogueMutation<V, R = unknown>(run: (variables: V) => Promise<R>, keys: (variables: V) => readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_data, variables) => {
      for (const queryKey of keys(variables)) void client.invalidateQueries({ queryKey });
    },
  });
}

const treeKeys = () => [catalogueKeys.categoryTree(), [...goodsKeys.all, 'category-children']] as const;

export const useSaveCategory = () =>
  useCatalogueMutation(
    ({ id, input }: { id?: number; input: CategoryFormInput }) =>
      id ? put<CategoryDetail>(`admin/goods/categories/${id}`, input) : post<CategoryDetail>('admin/goods/categories', input),
    ({ id }) => (id ? [...treeKeys(), catalogueKeys.category(id)] : treeKeys()),
  );

export const useDeleteCategory = () => useCatalogueMutation((id: number) => del(`admin/goods/categories/${id}`), () => treeKeys());

export const useBindCategoryBrands = () =>
  useCatalogueMutation(
    ({ id, brandIds }: { id: number; brandIds: number[] }) => put<BrandOption[]>(`admin/goods/categories/${id}/brands`, { choose_brands: brandIds }),
    ({ id }) => [catalogueKeys.categoryBrands(id)],
  );

export type CategoryFormInput = CategoryBodyInput;

/** Every parameter mutation of one category page refreshes that category's groups. */
export function useParamMutations(categoryId: number) {
  const keys = () => [catalogueKeys.categoryParams(categoryId)];
  return {
    saveGroup: useCatalogueMutation(
      ({ id, name }: { id?: number; name: string }) =>
        id ? put(`admin/goods/parameter-groups/${id}`, { group_name: name }) : post('admin/goods/parameter-groups', { group_name: name, category_id: categoryId }),
      keys,
    ),
    deleteGroup: useCatalogueMutation((id: number) => del(`admin/goods/parameter-groups/${id}`), keys),
    sortGroup: useCatalogueMutation(({ id, to }: { id: number; to: 'up' | 'down' }) => put(`admin/goods/parameter-groups/${id}/sort?sort_type=${to}`), keys),
    saveParam: useCatalogueMutation(
      ({ id, input }: { id?: number; input: ParamBodyInput }) => (id ? put(`admin/goods/parameters/${id}`, input) : post('admin/goods/parameters', input)),
      keys,
    ),
    deleteParam: useCatalogueMutation((id: number) => del(`admin/goods/parameters/${id}`), keys),
    sortParam: useCatalogueMutation(({ id, to }: { id: number; to: 'up' | 'down' }) => put(`admin/goods/parameters/${id}/sort?sort_type=${to}`), keys),
  };
}

export const useSaveBrand = () =>
  useCatalogueMutation(
    ({ id, input }: { id?: number; input: BrandInput }) => (id ? put<BrandRow>(`admin/goods/brands/${id}`, input) : post<BrandRow>('admin/goods/brands', input)),
    () => [catalogueKeys.brands()],
  );

export const useDeleteBrands = () => useCatalogueMutation((ids: number[]) => del(`admin/goods/brands/${ids.join(',')}`), () => [catalogueKeys.brands()]);
