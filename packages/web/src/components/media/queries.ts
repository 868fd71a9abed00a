import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ERRORS, formatMessage, uploadEndpoints, type ResourceGroupType, type UploadLimits, type UploadResult } from '@agora/contract';
import { api, apiKey, useApi } from '@/lib/api';
import { isChinese } from '@/lib/locale';
import { RequestError } from '@/lib/request';

/** What the server takes (GET admin/uploaders/limits): its own configuration, so fetched once a session. */
const limitsKey = apiKey(uploadEndpoints.limits, {});
const fetchLimits = () => api(uploadEndpoints.limits, {}, { message: false });

export const useUploadLimits = () => useApi(uploadEndpoints.limits, {}, { staleTime: Infinity, request: { message: false } });

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
      const limits = await client.fetchQuery({ queryKey: limitsKey, queryFn: fetchLimits, staleTime: Infinity }).catch(() => undefined);
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
  const body = new FormData();
  body.append('file', file);
  return api(kind === 'VIDEO' ? uploadEndpoints.stream : uploadEndpoints.upload, { query: { scene }, body }, {
    message: false,
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

/** The name a file gets in the library: its own, without the extension. */
export const resourceNameOf = (fileName: string): string => (fileName.replace(/\.[^.]+$/, '') || fileName).slice(0, 100);
