import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DepositAdjust,
  MemberCreateInput,
  MemberDetail,
  MemberLedgerRow,
  MemberLevelBodyInput,
  MemberLevelRow,
  MemberRow,
  MemberSort,
  MemberUpdateInput,
  MemberWallet,
  Page,
  PointAdjust,
} from '@agora/contract';
import { del, get, post, put } from '@/lib/request';
import { dashboardKeys } from '../dashboard/queries';

export interface MemberListParams {
  page_no: number;
  page_size: number;
  disabled: 0 | -1;
  keyword?: string;
  sex?: number;
  level_id?: number;
  start_time?: number;
  end_time?: number;
  sort?: MemberSort;
  order?: 'asc' | 'desc';
}

export interface LedgerParams {
  page_no: number;
  page_size: number;
}

export const memberKeys = {
  all: ['members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  list: (params: MemberListParams) => [...memberKeys.lists(), params] as const,
  detail: (id: number) => [...memberKeys.all, 'detail', id] as const,
  wallet: (id: number) => [...memberKeys.all, 'wallet', id] as const,
  ledgers: (id: number) => [...memberKeys.all, 'ledger', id] as const,
  ledger: (id: number, kind: 'balance' | 'point', params: LedgerParams) => [...memberKeys.ledgers(id), kind, params] as const,
  levels: () => [...memberKeys.all, 'levels'] as const,
  level: (id: number) => [...memberKeys.levels(), id] as const,
};

export const useMembers = (params: MemberListParams) =>
  useQuery({ queryKey: memberKeys.list(params), queryFn: () => get<Page<MemberRow>>('admin/members', params), placeholderData: keepPreviousData });

export const useMember = (id: number) =>
  useQuery({ queryKey: memberKeys.detail(id), queryFn: () => get<MemberDetail>(`admin/members/${id}`), enabled: id > 0 });

export const useWallet = (id: number) =>
  useQuery({ queryKey: memberKeys.wallet(id), queryFn: () => get<MemberWallet>(`admin/members/deposit/${id}/wallet`), enabled: id > 0 });

export const useBalanceLedger = (id: number, params: LedgerParams) =>
  useQuery({
    queryKey: memberKeys.ledger(id, 'balance', params),
    queryFn: () => get<Page<MemberLedgerRow>>('admin/members/deposit/log', { member_id: id, ...params }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });

export const usePointLedger = (id: number, params: LedgerParams) =>
  useQuery({
    queryKey: memberKeys.ledger(id, 'point', params),
    queryFn: () => get<Page<MemberLedgerRow>>(`admin/members/point/${id}`, params),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });

export const useMemberLevels = (enabled = true) =>
  useQuery({ queryKey: memberKeys.levels(), queryFn: () => get<MemberLevelRow[]>('admin/members/level'), enabled });

export const useMemberLevel = (id: number) =>
  useQuery({ queryKey: memberKeys.level(id), queryFn: () => get<MemberLevelRow>(`admin/members/level/${id}`), enabled: id > 0 });

function useMemberMutation<V, R = unknown>(run: (variables: V) => Promise<R>, keys: (variables: V) => readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_data, variables) => {
      for (const queryKey of keys(variables)) void client.invalidateQueries({ queryKey });
    },
  });
}

/** A new member counts on the dashboard; its level's member count changes. */
export const useCreateMember = () =>
  useMemberMutation((input: MemberCreateInput) => post<MemberDetail>('admin/members', input), () => [memberKeys.lists(), memberKeys.levels(), dashboardKeys.all]);

export const useUpdateMember = () =>
  useMemberMutation(
    ({ id, input }: { id: number; input: MemberUpdateInput }) => put<MemberDetail>(`admin/members/${id}`, input),
    ({ id }) => [memberKeys.lists(), memberKeys.detail(id), memberKeys.levels()],
  );

export const useRecycleMember = () => useMemberMutation((id: number) => del(`admin/members/${id}`), (id) => [memberKeys.lists(), memberKeys.detail(id)]);
export const useRestoreMember = () => useMemberMutation((id: number) => post(`admin/members/${id}`), (id) => [memberKeys.lists(), memberKeys.detail(id)]);

export const adjustBalance = (id: number, input: DepositAdjust) => put<MemberWallet>(`admin/members/deposit/${id}/increase`, input);
export const adjustPoints = (id: number, input: PointAdjust) => put<MemberWallet>(`admin/members/point/${id}`, input);

/**
 * `run` carries the request through the second-step dialog (useTwoStep); the answer is the new
 * wallet. Balance and points also show in the list, the detail and the ledgers of that member.
 */
export function useAdjustWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ run }: { id: number; run: () => Promise<MemberWallet> }) => run(),
    onSuccess: (wallet, { id }) => {
      client.setQueryData(memberKeys.wallet(id), wallet);
      for (const queryKey of [memberKeys.lists(), memberKeys.detail(id), memberKeys.ledgers(id)]) void client.invalidateQueries({ queryKey });
    },
  });
}

export const useSaveLevel = () =>
  useMemberMutation(
    ({ id, input }: { id?: number; input: MemberLevelBodyInput }) =>
      id ? put<MemberLevelRow>(`admin/members/level/${id}`, input) : post<MemberLevelRow>('admin/members/level', input),
    () => [memberKeys.levels(), memberKeys.lists()],
  );

export const useDeleteLevel = () => useMemberMutation((id: number) => del(`admin/members/level/${id}`), () => [memberKeys.levels()]);
export const useSetDefaultLevel = () => useMemberMutation((id: number) => put(`admin/members/level/default/${id}`), () => [memberKeys.levels()]);
