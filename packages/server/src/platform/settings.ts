import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/tables.js';
import { preparedOnce } from './statements.js';

/** A settings document's stored value, by its key: read on many requests, so prepared once (platform/statements.ts). */
const storedDocument = preparedOnce('agora_setting', (db) => db.select({ value: settings.value }).from(settings).where(eq(settings.key, sql.placeholder('key'))));

/** Reads a settings document, filling absent fields from the defaults. */
export async function readSetting<T extends object>(db: Db, key: string, defaults: T): Promise<T> {
  const [row] = await storedDocument(db).execute({ key });
  return { ...defaults, ...((row?.value as Partial<T>) ?? {}) };
}

export async function writeSetting<T extends object>(db: Db, key: string, value: T): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored value shaped like the defaults: every key of the defaults present (nested
 * objects too), stored values used only where their kind matches, unknown keys left out.
 */
export function fillDefaults<T>(defaults: T, stored: unknown): T {
  if (isPlainObject(defaults)) {
    const source = isPlainObject(stored) ? stored : {};
    return Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, fillDefaults(value, source[key])])) as T;
  }
  if (Array.isArray(defaults)) return (Array.isArray(stored) ? stored : defaults) as T;
  return (stored !== undefined && stored !== null && typeof stored === typeof defaults ? stored : defaults) as T;
}

/** Reads a settings document shaped exactly like its defaults (see fillDefaults). */
export async function readDocument<T extends object>(db: Db, key: string, defaults: T): Promise<T> {
  const [row] = await storedDocument(db).execute({ key });
  return fillDefaults(defaults, row?.value);
}

/** Several documents as readDocument reads each, in one statement (for a path every request takes). */
const storedDocuments = preparedOnce('agora_settings', (db) =>
  db.select({ key: settings.key, value: settings.value }).from(settings).where(sql`${settings.key} = any(${sql.placeholder('keys')})`),
);

export async function readDocuments<T extends Record<string, object>>(db: Db, documents: { [K in keyof T]: { key: string; defaults: T[K] } }): Promise<T> {
  const keys = Object.values(documents).map((document) => document.key);
  const rows = await storedDocuments(db).execute({ keys });
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(Object.entries(documents).map(([name, { key, defaults }]) => [name, fillDefaults(defaults, stored.get(key))])) as T;
}
