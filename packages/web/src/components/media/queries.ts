import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERRORS,
  formatMessage,
  type Page,
  type Resource,
  type ResourceGroupInput,
  type ResourceGroupNode,
  type ResourceGroupTree,
  type ResourceGroupType,
  type ResourceItem,
  type ResourceListQuery,
  type UploadLimits,
  type UploadResult,
} from '@agora/contract';
import { isChinese } from '@/lib/locale';
import { RequestError, del, get, post, put } from '@/lib/request';

export const mediaKeys = {
  all: ['media'] as const,
  lists: () => [...mediaKeys.all, 'list'] as const,
  list: (params: ResourceListQuery) => [...mediaKeys.lists(), params] as const,
  trees: () => [...mediaKeys.all, 'tree'] as const,
  tree: (type: ResourceGroupType) => [...mediaKeys.trees(), type] as const,
  limits: () => [...mediaKeys.all, 'upload-limits'] as const,
};

export const useResourceList = (params: ResourceListQuery, enabled = true) =>
  useQuery({
    queryKey: mediaKeys.list(params),
    queryFn: () => get<Page<Resource>>('seller/shops/resource', params),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useGroupTree = (type: ResourceGroupType, enabled = true) =>
  useQuery({
    queryKey: mediaKeys.tree(type),
    queryFn: () => get<ResourceGroupTree>('seller/shops/resource-group/tree-list', { group_type: type }),
    enabled,
  });

/** Groups change the tree; resources change the lists and the tree's counts. */
function useMediaMutation<V, R>(run: (variables: V) => Promise<R>, touchesResources: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: mediaKeys.trees() });
      if (touchesResources) void client.invalidateQueries({ queryKey: mediaKeys.lists() });
    },
  });
}

export const useCreateGroup = () => useMediaMutation((input: ResourceGroupInput) => post<ResourceGroupNode>('seller/shops/resource-group', input), false);
export const useRenameGroup = () =>
  useMediaMutation(({ id, name }: { id: number; name: string }) => put(`seller/shops/resource-group/${id}`, { group_name: name }), false);
export const useDeleteGroup = () => useMediaMutation((id: number) => del(`seller/shops/resource-group/${id}`), false);
export const useAddResources = () => useMediaMutation((items: ResourceItem[]) => post<Resource[]>('seller/shops/resource/batch', items), true);
export const useDeleteResources = () => useMediaMutation((ids: number[]) => del('seller/shops/resource/batch', { ids }), true);

/** What the server takes (GET admin/uploaders/limits): its own configuration, so fetched once a session. */
const uploadLimitsQuery = { queryKey: mediaKeys.limits(), queryFn: () => get<UploadLimits>('admin/uploaders/limits', undefined, { message: false }), staleTime: Infinity };

export const useUploadLimits = () => useQuery(uploadLimitsQuery);

/** The largest file of this kind the upload of `uploadFile` takes, in MB. */
export const uploadMaxMb = (limits: UploadLimits, kind: ResourceGroupType): number => (kind === 'VIDEO' ? limits.stream_video_max_mb : limits.image_max_mb);

/** The server's own refusal (same code and words) for a file over the limit, before sending it. */
export function tooLargeError(kind: ResourceGroupType, limitMb: number): RequestError {
  const code = kind === 'VIDEO' ? 'UPLOAD_VIDEO_TOO_LARGE' : 'UPLOAD_IMAGE_TOO_LARGE';
  return new RequestError(formatMessage(ERRORS[code][isChinese() ? 'zh' : 'en'], { limit: limitMb }), code, 400);
}

/**
 * `uploadFile` after the server's size limit for the kind: a file over it is refused here with
 * the server's message, without sending it. Without the limits (not answered) the server decides.
 */
export function useUploadFile() {
  const client = useQueryClient();
  return useCallback(
    async (file: File, kind: ResourceGroupType, onProgress?: (percent: number) => void, scene?: string): Promise<UploadResult> => {
      const limits = await client.fetchQuery(uploadLimitsQuery).catch(() => undefined);
      if (limits && file.size > uploadMaxMb(limits, kind) * 1024 * 1024) throw tooLargeError(kind, uploadMaxMb(limits, kind));
      return uploadFile(file, kind, onProgress, scene);
    },
    [client],
  );
}

/**
 * Uploads one file: pictures through `admin/uploaders`, videos through the streaming
 * `admin/uploaders/stream`. The server's refusal comes back as the rejection (not toasted:
 * the dialogs show it beside the file).
 */
export function uploadFile(file: File, kind: ResourceGroupType, onProgress?: (percent: number) => void, scene = 'media'): Promise<UploadResult> {
  const data = new FormData();
  data.append('file', file);
  const url = kind === 'VIDEO' ? 'admin/uploaders/stream' : 'admin/uploaders';
  return post<UploadResult>(`${url}?scene=${scene}`, data, {
    upload: true,
    message: false,
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

/** The name a file gets in the library: its own, without the extension. */
export const resourceNameOf = (fileName: string): string => (fileName.replace(/\.[^.]+$/, '') || fileName).slice(0, 100);
