import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/tables.js';

/** Reads a settings document, filling absent fields from the defaults. */
export async function readSetting<T extends object>(db: Db, key: string, defaults: T): Promise<T> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return { ...defaults, ...((row?.value as Partial<T>) ?? {}) };
}

export async function writeSetting<T extends object>(db: Db, key: string, value: T): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
