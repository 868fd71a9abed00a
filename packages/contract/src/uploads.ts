import { z } from 'zod';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { MEDIA_PERMISSIONS } from './media.js';

/** What the console may upload (spec §5): extensions by kind. */
export const UPLOAD_IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'webp', 'bmp', 'gif'] as const;
export const UPLOAD_VIDEO_EXTS = ['mp4', 'mov', 'm4v', 'flv', 'mkv', 'wmv', 'avi', 'rmvb', '3gp'] as const;
export const UPLOAD_EXTS = [...UPLOAD_IMAGE_EXTS, ...UPLOAD_VIDEO_EXTS] as const;
export const UPLOAD_IMAGE_MAX_MB = 10;
export const UPLOAD_VIDEO_MAX_MB = 100;
/** `POST admin/uploaders/stream` (big videos, streamed to storage) takes videos up to this by default (UPLOAD_STREAM_MAX_MB). */
export const UPLOAD_STREAM_MAX_MB = 1024;

/**
 * GET admin/uploaders/limits: the sizes this server takes, in MB, for the console's hints and its
 * check before sending (the server checks again). The streamed video limit is the server's
 * `UPLOAD_STREAM_MAX_MB`, so it can differ from the default above.
 */
export interface UploadLimits {
  /** pictures, through either endpoint */
  image_max_mb: number;
  /** videos through `admin/uploaders` (held in memory) */
  video_max_mb: number;
  /** videos through `admin/uploaders/stream` */
  stream_video_max_mb: number;
}

/** Optional purpose of an upload (goods, shop, brand, …): a folder name for the stored file. */
export const uploadQuery = z.object({
  scene: z.string().regex(/^[a-z0-9_-]{1,32}$/i, 'scene: 只能包含字母、数字、下划线和横线').optional(),
});

/** POST /api/admin/uploaders → */
export interface UploadResult {
  url: string;
  /** the original file name */
  name: string;
  ext: string;
  /** bytes */
  size: number;
  width: number | null;
  height: number | null;
  /** seconds, for videos whose container says (mp4, mov, m4v, 3gp) */
  duration: number | null;
}

/**
 * Uploading writes files for everyone to fetch: it is for the admins who edit something with a
 * picture or video (MEDIA_PERMISSIONS, the same ones the media library needs), not for every
 * signed-in admin. Both uploads take one multipart part named `file` (and `scene` in the query or
 * as a form field before the file).
 */
export const uploadEndpoints = defineEndpoints('uploads', {
  upload: endpoint({ method: 'POST', path: 'admin/uploaders', permission: MEDIA_PERMISSIONS, query: uploadQuery, multipart: true, response: returns<UploadResult>() }),
  /** big videos: streamed to storage, never whole in memory */
  stream: endpoint({ method: 'POST', path: 'admin/uploaders/stream', permission: MEDIA_PERMISSIONS, query: uploadQuery, multipart: true, response: returns<UploadResult>() }),
  limits: endpoint({ method: 'GET', path: 'admin/uploaders/limits', permission: MEDIA_PERMISSIONS, response: returns<UploadLimits>() }),
});
