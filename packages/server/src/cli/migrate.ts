/**
 * npm run migrate: applies the migrations to the database the server uses (DATA_DIR or
 * DATABASE_URL) and exits, without starting the server: an upgrade can migrate before the new
 * version takes traffic. On PostgreSQL it runs under the same advisory lock as a starting server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../platform/config.js';
import { MIGRATIONS_DIR } from '../platform/paths.js';
import { openDatabase } from '../db/client.js';
import { assertDatabaseFree, describeDatabase, runCommand, say } from './command.js';

const DONE = {
  zh: '数据库迁移完成（{database}）：本次应用 {applied} 个，共 {total} 个，最新为 {latest}',
  en: 'Migrations done ({database}): {applied} applied now, {total} in all, the latest {latest}',
};

/** The migrations the database has applied, by drizzle's record (none before its first migration). */
async function appliedCount(config: Config): Promise<number> {
  const query = 'select count(*)::int as n from drizzle.__drizzle_migrations';
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(query)).rows[0].n;
    } catch (error) {
      // 3F000: no drizzle schema, 42P01: no record table; either way nothing was applied
      if (['3F000', '42P01'].includes((error as { code?: string }).code ?? '')) return 0;
      throw error;
    } finally {
      await client.end();
    }
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) return 0;
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(dir);
  try {
    const exists = await client.query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
    return exists.rows[0].found ? (await client.query<{ n: number }>(query)).rows[0].n : 0;
  } finally {
    await client.close();
  }
}

/** The name of the newest migration in the journal (what a migrated database is at). */
function latestMigration(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? '-';
}

await runCommand(async (config) => {
  assertDatabaseFree(config);
  const before = await appliedCount(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const [{ n: total }] = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows as { n: number }[];
    say(DONE, { database: describeDatabase(config), applied: total - before, total, latest: latestMigration() });
  } finally {
    await database.close();
  }
});
