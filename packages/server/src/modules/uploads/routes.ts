import crypto from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import {
  UPLOAD_EXTS, UPLOAD_IMAGE_EXTS, UPLOAD_IMAGE_MAX_MB, UPLOAD_VIDEO_MAX_MB, uploadQuery, type UploadResult,
} from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { storeFile } from '../../platform/storage.js';

const MB = 1024 * 1024;
/** the multipart parser's hard limit: the largest file of any kind */
export const UPLOAD_MAX_BYTES = UPLOAD_VIDEO_MAX_MB * MB;

/** What file-type may find inside a file of each accepted extension. */
const CONTENT_OF: Record<(typeof UPLOAD_EXTS)[number], readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png', 'apng'],
  webp: ['webp'],
  bmp: ['bmp'],
  gif: ['gif'],
  // ISO base media files: the brand decides what file-type calls them, and players take them all.
  mp4: ['mp4', 'm4v', 'mov', 'f4v', '3gp', '3g2'],
  mov: ['mov', 'mp4', 'm4v'],
  m4v: ['m4v', 'mp4', 'mov'],
  '3gp': ['3gp', '3g2', 'mp4'],
  flv: ['flv'],
  mkv: ['mkv', 'webm'],
  wmv: ['asf'],
  avi: ['avi'],
  rmvb: ['rm'],
};

const IMAGE_EXTS: readonly string[] = UPLOAD_IMAGE_EXTS;
const ACCEPTED: readonly string[] = UPLOAD_EXTS;

const MIME_OF: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', bmp: 'image/bmp', wmv: 'video/x-ms-wmv', rmvb: 'application/vnd.rn-realmedia-vbr' };

/** The file's name as shown to people: no directories, at most 200 characters. */
function displayName(filename: string): string {
  return path.basename(filename.replace(/\\/g, '/')).slice(-200);
}

export const uploaderRoutes = [
  defineRoute({
    method: 'POST',
    url: 'admin/uploaders',
    permission: 'signed-in',
    log: '上传文件',
    query: uploadQuery,
    async handler({ req, query, admin, ctx }): Promise<UploadResult> {
      if (!req.isMultipart()) throw badRequest('UPLOAD_NO_FILE');
      let part;
      try {
        part = await req.file();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('UPLOAD_VIDEO_TOO_LARGE', { limit: UPLOAD_VIDEO_MAX_MB });
        throw error;
      }
      if (!part || part.fieldname !== 'file') throw badRequest('UPLOAD_NO_FILE');
      const name = displayName(part.filename ?? '');
      const ext = path.extname(name).slice(1).toLowerCase();
      const allowed = { exts: UPLOAD_EXTS.join(', ') };
      if (!ACCEPTED.includes(ext)) {
        part.file.resume();
        throw badRequest('UPLOAD_BAD_EXT', allowed);
      }
      const isImage = IMAGE_EXTS.includes(ext);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw isImage ? badRequest('UPLOAD_IMAGE_TOO_LARGE', { limit: UPLOAD_IMAGE_MAX_MB }) : badRequest('UPLOAD_VIDEO_TOO_LARGE', { limit: UPLOAD_VIDEO_MAX_MB });
        }
        throw error;
      }
      if (bytes.length === 0) throw badRequest('UPLOAD_NO_FILE');
      if (isImage && bytes.length > UPLOAD_IMAGE_MAX_MB * MB) throw badRequest('UPLOAD_IMAGE_TOO_LARGE', { limit: UPLOAD_IMAGE_MAX_MB });
      const detected = await fileTypeFromBuffer(bytes);
      if (!detected || !CONTENT_OF[ext as keyof typeof CONTENT_OF].includes(detected.ext)) {
        throw badRequest('UPLOAD_CONTENT_MISMATCH', { ext: ext.toUpperCase() });
      }
      let width: number | null = null;
      let height: number | null = null;
      if (isImage) {
        try {
          const dimensions = imageSize(bytes);
          width = dimensions.width ?? null;
          height = dimensions.height ?? null;
        } catch {
          throw badRequest('UPLOAD_CONTENT_MISMATCH', { ext: ext.toUpperCase() });
        }
      }
      // `scene` may come in the query or as a form field sent before the file.
      const field = part.fields.scene;
      const fieldValue = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
      const fromForm = fieldValue === undefined ? undefined : uploadQuery.shape.scene.safeParse(fieldValue);
      if (fromForm && !fromForm.success) throw new AppError(400, 'VALIDATION', {}, fromForm.error.issues[0].message);
      const scene = (query.scene ?? fromForm?.data ?? 'other').toLowerCase();
      const now = new Date();
      const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const key = `${scene}/${month}/${crypto.randomBytes(12).toString('hex')}.${ext === 'jpeg' ? 'jpg' : ext}`;
      const contentType = MIME_OF[ext] ?? detected.mime;
      const stored = await storeFile(ctx.db, ctx.storage, key, bytes, {
        contentType,
        originalName: name,
        width,
        height,
        uploaderType: 'ADMIN',
        uploaderId: admin.id,
      }).catch((error: unknown) => {
        ctx.log.error({ err: error }, 'storing an upload failed');
        throw new AppError(500, 'INTERNAL');
      });
      return { url: stored.url, name, ext, size: bytes.length, width, height };
    },
  }),
];
