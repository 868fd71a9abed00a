import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from './schema.js';
import { MIGRATIONS_DIR } from '../platform/paths.js';

/** Both drivers speak the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** an in-memory PGlite: nothing survives close (tests) */
  inMemory?: boolean;
  /** the PostgreSQL connection string, for what needs its own connection (LISTEN) */
  url?: string;
  /** the connection pool on PostgreSQL (its use is a metric); PGlite has none */
  pool?: pg.Pool;
  close(): Promise<void>;
}


/** The embedded database's buffer cache (see openDatabase). */
const PGLITE_SHARED_BUFFERS = '32MB';

/** The advisory lock instances starting together take turns under to migrate (any fixed number, ours). */
const MIGRATION_LOCK = 7_261_001;

/**
 * Applies the migrations on one connection holding a session advisory lock, so any number of
 * instances may start together on one PostgreSQL: the first migrates, the others wait and then
 * find nothing left to do (without it the second dies creating drizzle's own schema).
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * Opens the database: a real PostgreSQL when a URL is given, else embedded PGlite
 * persisted under dataDir (or in memory when dataDir is null). Applies migrations.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string | null; onQuery?: (sql: string, params: unknown[]) => void }): Promise<Database> {
  // each statement the application runs, as sent (the bare-handler bench replays them)
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  // Each driver is loaded only when it is the one used: the embedded server never holds node-postgres
  // in memory, a server on PostgreSQL never holds PGlite (issue 18, resident memory).
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema, logger });
    await migrateLocked(pool);
    return { db, kind: 'postgres', url: options.databaseUrl, pool, close: () => pool.end() };
  }
  // shared_buffers lives in the WebAssembly memory, which never shrinks: PostgreSQL's default 128 MB
  // made the embedded server's footprint; 32 MB answers the order and goods lists as fast (the
  // pages stay in the operating system's cache) for about 95 MB less resident memory (BENCHMARKS.md).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const pgliteOptions = { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, pgliteOptions);
  } else {
    client = new PGlite(pgliteOptions);
  }
  // Every page of the embedded database is in memory: a random read costs what a sequential one
  // does, so the planner should not fall back to a sequential scan where an index serves (a
  // trigram keyword over 30 000 orders: 178 ms scanned, tens of ms through the indexes).
  await client.exec('set random_page_cost = 1.1');
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, kind: 'pglite', inMemory: !options.dataDir, close: () => client.close() };
}
