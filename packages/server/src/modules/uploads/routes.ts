import { uploadEndpoints as uploads } from '@agora/contract';
import { route } from '../../platform/http.js';
import { streamFile, uploadFile, uploadLimits } from './service.js';

/** Uploads (spec §7): pictures and videos through `admin/uploaders`, big videos streamed through `admin/uploaders/stream`. */
export const uploadRoutes = [
  route(uploads.upload, { rateLimit: 'upload', log: { zh: '上传文件', en: 'Upload a file' }, handler: ({ req, query, admin, ctx }) => uploadFile(ctx, { req, scene: query.scene, admin }) }),
  route(uploads.stream, { rateLimit: 'upload', log: { zh: '上传文件', en: 'Upload a file' }, handler: ({ req, query, admin, ctx }) => streamFile(ctx, { req, scene: query.scene, admin }) }),
  route(uploads.limits, { handler: ({ ctx }) => uploadLimits(ctx) }),
];
