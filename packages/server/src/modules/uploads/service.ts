import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import {
  UPLOAD_EXTS, UPLOAD_IMAGE_EXTS, UPLOAD_IMAGE_MAX_MB, UPLOAD_VIDEO_MAX_MB, uploadQuery, type UploadLimits, type UploadResult,
} from '@agora/contract';
import { AppError, badRequest } from '../../platform/errors.js';
import { storeFile, storeFileFrom, type FileMeta } from '../../platform/storage.js';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { fileReader, readFromBuffer, videoDuration } from './video.js';

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

const tooLarge = (isImage: boolean) =>
  isImage ? badRequest('UPLOAD_IMAGE_TOO_LARGE', { limit: UPLOAD_IMAGE_MAX_MB }) : badRequest('UPLOAD_VIDEO_TOO_LARGE', { limit: UPLOAD_VIDEO_MAX_MB });

/** The multipart file part named `file`, its display name and extension; refuses anything else before reading it. */
async function filePart(req: FastifyRequest, limits?: { fileSize: number }): Promise<{ part: MultipartFile; name: string; ext: string; isImage: boolean }> {
  if (!req.isMultipart()) throw badRequest('UPLOAD_NO_FILE');
  let part: MultipartFile | undefined;
  try {
    part = await req.file(limits ? { limits } : undefined);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('UPLOAD_VIDEO_TOO_LARGE', { limit: UPLOAD_VIDEO_MAX_MB });
    throw error;
  }
  if (!part || part.fieldname !== 'file') throw badRequest('UPLOAD_NO_FILE');
  const name = displayName(part.filename ?? '');
  const ext = path.extname(name).slice(1).toLowerCase();
  if (!ACCEPTED.includes(ext)) {
    part.file.resume();
    throw badRequest('UPLOAD_BAD_EXT', { exts: UPLOAD_EXTS.join(', ') });
  }
  return { part, name, ext, isImage: IMAGE_EXTS.includes(ext) };
}

/** The file's content must be what its extension says (magic bytes), else nothing is stored. */
function assertContent(ext: string, detected: { ext: string } | undefined): asserts detected is { ext: string; mime: string } {
  if (!detected || !CONTENT_OF[ext as keyof typeof CONTENT_OF].includes(detected.ext)) {
    throw badRequest('UPLOAD_CONTENT_MISMATCH', { ext: ext.toUpperCase() });
  }
}

function dimensions(ext: string, bytes: Buffer): { width: number | null; height: number | null } {
  try {
    const size = imageSize(bytes);
    return { width: size.width ?? null, height: size.height ?? null };
  } catch {
    throw badRequest('UPLOAD_CONTENT_MISMATCH', { ext: ext.toUpperCase() });
  }
}

/** `scene` may come in the query or as a form field sent before the file; it names the key's folder. */
function storageKey(part: MultipartFile, queryScene: string | undefined, ext: string): string {
  const field = part.fields.scene;
  const fieldValue = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
  const fromForm = fieldValue === undefined ? undefined : uploadQuery.shape.scene.safeParse(fieldValue);
  if (fromForm && !fromForm.success) throw new AppError(400, 'VALIDATION', {}, fromForm.error.issues[0].message);
  const scene = (queryScene ?? fromForm?.data ?? 'other').toLowerCase();
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${scene}/${month}/${crypto.randomBytes(12).toString('hex')}.${ext === 'jpeg' ? 'jpg' : ext}`;
}

function fileMeta(name: string, contentType: string, admin: AuthedAdmin, measures: Pick<FileMeta, 'width' | 'height' | 'duration'>): FileMeta {
  return { contentType, originalName: name, uploaderType: 'ADMIN', uploaderId: admin.id, ...measures };
}

function storingFailed(ctx: AppContext) {
  return (error: unknown): never => {
    ctx.log.error({ err: error }, 'storing an upload failed');
    throw new AppError(500, 'INTERNAL');
  };
}

/** Counts the bytes going through and fails the stream as soon as there are more than `max`. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) callback(Object.assign(new Error('too large'), { code: 'UPLOAD_TOO_LARGE' }));
      else callback(null, chunk);
    },
  });
}

/** An upload as the routes hand it over: the request (its multipart body), the query's scene, who sends it. */
export interface UploadRequest {
  req: FastifyRequest;
  scene: string | undefined;
  admin: AuthedAdmin;
}

/** A file up to the in-memory limits: read whole, checked, measured and stored. */
export async function uploadFile(ctx: AppContext, { req, scene, admin }: UploadRequest): Promise<UploadResult> {
  const { part, name, ext, isImage } = await filePart(req);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(isImage);
    throw error;
  }
  if (bytes.length === 0) throw badRequest('UPLOAD_NO_FILE');
  if (isImage && bytes.length > UPLOAD_IMAGE_MAX_MB * MB) throw tooLarge(true);
  const detected = await (await import('file-type')).fileTypeFromBuffer(bytes);
  assertContent(ext, detected);
  const { width, height } = isImage ? dimensions(ext, bytes) : { width: null, height: null };
  const duration = isImage ? null : await videoDuration(detected.ext, bytes.length, readFromBuffer(bytes));
  const key = storageKey(part, scene, ext);
  const contentType = MIME_OF[ext] ?? detected.mime;
  const stored = await storeFile(ctx.db, ctx.storage, key, bytes, fileMeta(name, contentType, admin, { width, height, duration })).catch(storingFailed(ctx));
  return { url: stored.url, name, ext, size: bytes.length, width, height, duration };
}

/**
 * Big videos: the file goes to a temporary file as it arrives (never whole in memory), the
 * size limit is enforced while it streams, then content, duration and storage work from disk.
 * Images are accepted too, with their own limit.
 */
export async function streamFile(ctx: AppContext, { req, scene, admin }: UploadRequest): Promise<UploadResult> {
  const videoMax = ctx.config.streamUploadMaxMb * MB;
  const { part, name, ext, isImage } = await filePart(req, { fileSize: Math.max(videoMax, UPLOAD_IMAGE_MAX_MB * MB) + 1 });
  const limit = isImage ? UPLOAD_IMAGE_MAX_MB * MB : videoMax;
  const refusal = isImage ? tooLarge(true) : badRequest('UPLOAD_VIDEO_TOO_LARGE', { limit: ctx.config.streamUploadMaxMb });
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agora-stream-'));
  const temp = path.join(dir, 'upload');
  try {
    try {
      await pipeline(part.file, byteLimit(limit), fs.createWriteStream(temp));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'UPLOAD_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE') {
        part.file.resume();
        throw refusal;
      }
      throw error;
    }
    if (part.file.truncated) throw refusal;
    const source = await fileReader(temp);
    try {
      if (source.size === 0) throw badRequest('UPLOAD_NO_FILE');
      const detected = await (await import('file-type')).fileTypeFromFile(temp);
      assertContent(ext, detected);
      const { width, height } = isImage ? dimensions(ext, await fsp.readFile(temp)) : { width: null, height: null };
      const duration = isImage ? null : await videoDuration(detected.ext, source.size, source.read);
      const key = storageKey(part, scene, ext);
      const contentType = MIME_OF[ext] ?? detected.mime;
      const stored = await storeFileFrom(ctx.db, ctx.storage, key, temp, fileMeta(name, contentType, admin, { width, height, duration })).catch(storingFailed(ctx));
      return { url: stored.url, name, ext, size: source.size, width, height, duration };
    } finally {
      await source.close();
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** The limits this server enforces: the streamed video limit is its UPLOAD_STREAM_MAX_MB. */
export const uploadLimits = (ctx: AppContext): UploadLimits => ({
  image_max_mb: UPLOAD_IMAGE_MAX_MB,
  video_max_mb: UPLOAD_VIDEO_MAX_MB,
  stream_video_max_mb: ctx.config.streamUploadMaxMb,
});
