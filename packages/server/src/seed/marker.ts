import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { readSetting, writeSetting } from '../platform/settings.js';

/**
 * The demo data is written once per database. Each part records here that it has been done
 * (or that the database held data of its kind already), so data an operator deletes stays
 * deleted across restarts.
 */
export type DemoPart = 'team' | 'marketplace';

const key = (part: DemoPart) => `demo-seed:${part}`;

interface Marker {
  /** unix seconds of the start that seeded it (or found the database in use); 0 = not yet */
  at: number;
  /** whether demo data was written then (false: the database already held data of its kind) */
  written: boolean;
}

export async function demoSeeded(db: Db, part: DemoPart): Promise<boolean> {
  return (await readSetting<Marker>(db, key(part), { at: 0, written: false })).at > 0;
}

export async function markDemoSeeded(db: Db, part: DemoPart, written: boolean): Promise<void> {
  await writeSetting<Marker>(db, key(part), { at: Math.floor(Date.now() / 1000), written });
}

/**
 * Inside the seeding transaction: waits for any other server starting on the same database to
 * finish its seeding, then tells whether the part is still to be written (two instances started
 * together on an empty PostgreSQL must not both write it).
 */
export async function claimDemoSeed(tx: Db, part: DemoPart): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key(part)}))`);
  return !(await demoSeeded(tx, part));
}
