import { MEDIA_PERMISSIONS, UPLOAD_IMAGE_MAX_MB, UPLOAD_VIDEO_MAX_MB, type UploadLimits } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';

/**
 * The upload limits this server enforces (the streamed video limit comes from its
 * UPLOAD_STREAM_MAX_MB), for the same admins who may upload.
 */
export const uploadLimitRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/uploaders/limits',
    permission: MEDIA_PERMISSIONS,
    handler: async ({ ctx }): Promise<UploadLimits> => ({
      image_max_mb: UPLOAD_IMAGE_MAX_MB,
      video_max_mb: UPLOAD_VIDEO_MAX_MB,
      stream_video_max_mb: ctx.config.streamUploadMaxMb,
    }),
  }),
];
