import {
  keepPreviousData,
  useMutation,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { fillPath, type AnyEndpoint, type ApiInput, type Area, type InputOptional, type ResponseOf } from '@agora/contract';
import { http, request, type RequestOptions } from './request';

type InputArgs<E extends AnyEndpoint> = InputOptional<E> extends true ? [input?: ApiInput<E>, options?: RequestOptions] : [input: ApiInput<E>, options?: RequestOptions];

interface LooseInput {
  params?: Record<string, unknown>;
  query?: object;
  body?: unknown;
}

/**
 * Calls one endpoint of the contract's table through the request client: the path, method and
 * permission come from the entry, the input and answer are typed by it.
 */
export function api<E extends AnyEndpoint>(endpoint: E, ...[input, options]: InputArgs<E>): Promise<ResponseOf<E>> {
  const { params, query, body } = (input ?? {}) as LooseInput;
  return request<ResponseOf<E>>({
    ...options,
    ...(endpoint.multipart ? { upload: true } : {}),
    ...(endpoint.binary ? { responseType: 'blob' } : {}),
    needToken: endpoint.permission !== 'public' && options?.needToken !== false,
    url: fillPath(endpoint.path, params),
    method: endpoint.method,
    params: query,
    data: body,
  });
}

/**
 * Where the browser itself loads an endpoint's answer (an image's `src`): its path under /api/,
 * with the query serialized as the request client does.
 */
export function apiUrl<E extends AnyEndpoint>(endpoint: E, input: { params?: Record<string, unknown>; query?: object } = {}): string {
  return http.uri(fillPath(endpoint.path, input.params), input.query);
}

/**
 * Query keys: `[area, name, input]`, so `apiKey(endpoint)` covers every call of one endpoint and
 * `[area]` (an `invalidates` entry) everything one area has loaded.
 */
export function apiKey<E extends AnyEndpoint>(endpoint: E, input?: ApiInput<E>): QueryKey {
  const [area, name] = endpoint.id.split('.');
  return input === undefined ? [area, name] : [area, name, input];
}

type QueryExtras<E extends AnyEndpoint> = Omit<UseQueryOptions<ResponseOf<E>>, 'queryKey' | 'queryFn'> & { request?: RequestOptions };

/** Reads an endpoint; a list keeps showing its last page while the next one loads. */
export function useApi<E extends AnyEndpoint>(endpoint: E, input: ApiInput<E>, extras: QueryExtras<E> = {}) {
  const { request: options, ...queryOptions } = extras;
  return useQuery<ResponseOf<E>>({
    queryKey: apiKey(endpoint, input),
    queryFn: () => (api as (e: E, i: ApiInput<E>, o?: RequestOptions) => Promise<ResponseOf<E>>)(endpoint, input, options),
    ...(endpoint.method === 'GET' ? { placeholderData: keepPreviousData } : {}),
    ...queryOptions,
  });
}

/** What a finished mutation refreshes: every call of an endpoint, or all an area has loaded. */
export type Invalidates = readonly (AnyEndpoint | Area)[];

/** A success toast: a translation key, or a key with the values it interpolates. */
export type SuccessMessage = string | readonly [key: string, values: Record<string, unknown>];

/**
 * Mutation metadata, handled once by the query client's MutationCache: the success toast
 * (a translation key or a function of the answer and what was sent) and the queries to refresh.
 */
export interface MutationMeta extends Record<string, unknown> {
  success?: string | ((data: unknown, variables: unknown) => SuccessMessage | undefined);
  invalidates?: Invalidates;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

export function invalidationKey(target: AnyEndpoint | Area): QueryKey {
  return typeof target === 'string' ? [target] : apiKey(target);
}

/**
 * Writes through an endpoint. Errors are shown by the request client, success and refreshing
 * by the MutationCache, so callers only say what happens next (`mutate(input, { onSuccess })`).
 */
export function useApiMutation<E extends AnyEndpoint, V = ApiInput<E>>(
  endpoint: E,
  meta: { success?: string | ((data: ResponseOf<E>, variables: V) => SuccessMessage | undefined); invalidates?: Invalidates; toInput?: (variables: V) => ApiInput<E>; request?: RequestOptions } = {},
) {
  const { toInput, request: options, success, invalidates } = meta;
  return useMutation<ResponseOf<E>, Error, V>({
    mutationFn: (variables) =>
      (api as (e: E, i: ApiInput<E>, o?: RequestOptions) => Promise<ResponseOf<E>>)(endpoint, toInput ? toInput(variables) : (variables as unknown as ApiInput<E>), options),
    meta: { success: success as MutationMeta['success'], invalidates: invalidates ?? [endpoint.area as Area] },
  });
}
