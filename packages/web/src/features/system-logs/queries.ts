import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogLevel, Page, SystemLogRow } from '@agora/contract';
import { get } from '@/lib/request';

export interface SystemLogListParams {
  page_no: number;
  page_size: number;
  keyword?: string;
  level?: LogLevel;
  /** unix seconds */
  start_time?: number;
  end_time?: number;
}

export const systemLogKeys = {
  all: ['system-logs'] as const,
  lists: () => [...systemLogKeys.all, 'list'] as const,
  list: (params: SystemLogListParams) => [...systemLogKeys.lists(), params] as const,
};

export function useSystemLogs(params: SystemLogListParams) {
  return useQuery({
    queryKey: systemLogKeys.list(params),
    queryFn: () => get<Page<SystemLogRow>>('admin/system-logs', params),
    placeholderData: keepPreviousData,
  });
}
