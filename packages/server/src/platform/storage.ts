import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storedFiles } from '../db/tables.js';
import type { Db } from '../db/client.js';

/** URL prefix under which stored files are served. */
export const FILES_PREFIX = '/files/';

export interface StoredFile {
  key: string;
  url: string;
}

export interface FileMeta {
  contentType: string;
  originalName?: string;
  width?: number | null;
  height?: number | null;
  duration?: number | null;
  uploaderType?: 'ADMIN' | 'SELLER' | 'SYSTEM';
  uploaderId?: number | null;
}

/**
 * Where uploads and generated pictures live: local disk by default, an S3-compatible
 * bucket (platform/s3-storage.ts) when S3_* is configured; app.ts chooses.
 */
export interface StorageDriver {
  /** recorded with every stored file (stored_files.driver) */
  readonly name: string;
  /** Writes the bytes under `key` (replacing what was there) and tells where they are served. */
  put(key: string, bytes: Buffer, contentType: string): Promise<StoredFile>;
  /** Like put, from a stream of `size` bytes, never holding the whole file in memory (big videos). */
  putStream(key: string, body: Readable, contentType: string, size: number): Promise<StoredFile>;
  /** Removes the file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The bytes as a stream, or null when there is no such file. */
  read(key: string): Promise<Readable | null>;
  /** Public URL of a key. */
  url(key: string): string;
  /** The key behind one of this driver's URLs, or null for any other URL. */
  keyOf(url: string): string | null;
}

/**
 * Said once at start by an instance on PostgreSQL whose files go to its own disk: the database is
 * made to be shared, the disk is not, and a second instance would answer 404 for every file this
 * one stored (uploads, exports, the demo pictures).
 */
export const LOCAL_FILES_NOT_SHARED = {
  zh: '文件存放在本实例的磁盘上：连接同一 PostgreSQL 的其他实例看不到这些文件。多实例部署请设置 S3_*（见 docs/deploy.md）',
  en: "Files are stored on this instance's own disk: another instance on the same PostgreSQL would not see them. For several instances set S3_* (see docs/deploy.md)",
};

export interface LocalDiskDriver extends StorageDriver {
  /** the directory served under FILES_PREFIX */
  readonly root: string;
  /** absolute path of a key on disk */
  path(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Keys are relative paths of plain segments: no `..`, no empty or hidden segments. */
export function assertSafeKey(key: string): void {
  if (key.length > 255 || !SAFE_KEY.test(key) || key.split('/').some((part) => part === '' || part.startsWith('.'))) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export function localDiskDriver(root: string): LocalDiskDriver {
  const resolved = path.resolve(root);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(resolved, key);
  };
  return {
    name: 'local',
    root: resolved,
    path: fileOf,
    async put(key, bytes) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write aside then rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      await fsp.writeFile(temp, bytes);
      await fsp.rename(temp, file);
      return { key, url: FILES_PREFIX + key };
    },
    async putStream(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      try {
        await pipeline(body, fs.createWriteStream(temp));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      return { key, url: FILES_PREFIX + key };
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async read(key) {
      const file = fileOf(key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    url: (key) => FILES_PREFIX + key,
    keyOf: (url) => keyUnder(FILES_PREFIX, url),
  };
}

/** The key of `url` when it is `prefix` + a safe key. */
export function keyUnder(prefix: string, url: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  try {
    assertSafeKey(key);
    return key;
  } catch {
    return null;
  }
}

/** Stores a file through the driver and records it in stored_files; the same key again replaces both. */
export async function storeFile(db: Db, driver: StorageDriver, key: string, bytes: Buffer, meta: FileMeta): Promise<StoredFile> {
  const stored = await driver.put(key, bytes, meta.contentType);
  await recordStoredFile(db, driver, key, bytes.length, meta);
  return stored;
}

/** Stores a file from disk through the driver as a stream and records it, like storeFile. */
export async function storeFileFrom(db: Db, driver: StorageDriver, key: string, file: string, meta: FileMeta): Promise<StoredFile> {
  const { size } = await fsp.stat(file);
  const stored = await driver.putStream(key, fs.createReadStream(file), meta.contentType, size);
  await recordStoredFile(db, driver, key, size, meta);
  return stored;
}

async function recordStoredFile(db: Db, driver: StorageDriver, key: string, size: number, meta: FileMeta): Promise<void> {
  const row = {
    key,
    driver: driver.name,
    contentType: meta.contentType,
    size,
    width: meta.width ?? null,
    height: meta.height ?? null,
    duration: meta.duration ?? null,
    originalName: (meta.originalName ?? '').slice(0, 200),
    uploaderType: meta.uploaderType ?? 'SYSTEM',
    uploaderId: meta.uploaderId ?? null,
  };
  await db.insert(storedFiles).values(row).onConflictDoUpdate({ target: storedFiles.key, set: row });
}
