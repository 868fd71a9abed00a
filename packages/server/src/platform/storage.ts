import fs from 'node:fs/promises';
import path from 'node:path';
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
  width?: number;
  height?: number;
  duration?: number;
  uploaderType?: 'ADMIN' | 'SELLER' | 'SYSTEM';
  uploaderId?: number;
}

/**
 * Where uploads and generated pictures live. Local disk by default; an S3-compatible
 * driver plugs in behind the same interface (settings issue).
 */
export interface StorageDriver {
  readonly name: string;
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`unsafe storage key: ${key}`);
}

export function localDiskDriver(root: string): StorageDriver & { root: string } {
  return {
    name: 'local',
    root,
    async write(key, bytes) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    async remove(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    url: (key) => FILES_PREFIX + key,
  };
}

/** Stores a file through the driver and records it; storing the same key again replaces it. */
export async function storeFile(db: Db, driver: StorageDriver, key: string, bytes: Buffer, meta: FileMeta): Promise<StoredFile> {
  await driver.write(key, bytes, meta.contentType);
  const row = {
    key,
    driver: driver.name,
    contentType: meta.contentType,
    size: bytes.length,
    width: meta.width ?? null,
    height: meta.height ?? null,
    duration: meta.duration ?? null,
    originalName: meta.originalName ?? '',
    uploaderType: meta.uploaderType ?? 'SYSTEM',
    uploaderId: meta.uploaderId ?? null,
  };
  await db.insert(storedFiles).values(row).onConflictDoUpdate({ target: storedFiles.key, set: row });
  return { key, url: driver.url(key) };
}
