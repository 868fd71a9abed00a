import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../platform/config.js';
import { openDatabase, type Database } from '../db/client.js';
import { settings } from '../db/tables.js';
import { dumpDatabase, restoreDatabase } from './backup.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

const MARKER = { key: 'backup-drill', value: { written: 'before the dump', at: Date.now() } };

/** A row only this database holds, to find after the restore. */
async function writeMarker(database: Database): Promise<void> {
  await database.db.insert(settings).values({ key: MARKER.key, value: MARKER.value });
}
async function readMarker(database: Database): Promise<unknown> {
  const [row] = await database.db.select({ value: settings.value }).from(settings).where(eq(settings.key, MARKER.key));
  return row?.value;
}

/** `npm run backup -- …` as an operator runs it, from the sources: its exit code and what it printed. */
function runBackup(args: string[], env: NodeJS.ProcessEnv) {
  const tsx = path.join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, ['src/cli/backup.ts', ...args], { cwd: serverRoot, env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe('backup and restore of the embedded database (PGlite)', () => {
  const source = path.join(work, 'source');
  const target = path.join(work, 'target');
  const file = path.join(work, 'pglite-backup.tar.gz');

  it('dumps a database with rows, restores it into a fresh DATA_DIR and finds the rows', async () => {
    const database = await openDatabase({ dataDir: source });
    await writeMarker(database);
    await database.close();

    const dumped = runBackup(['dump', file], { DATA_DIR: source });
    expect(dumped.status, dumped.stderr).toBe(0);
    expect(dumped.stdout).toMatch(/^已备份 PGlite .* \/ Backed up PGlite .* to .*pglite-backup\.tar\.gz \(\d+(\.\d)? [KM]B\)$/);

    const restored = runBackup(['restore', file], { DATA_DIR: target });
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored ${file} into PGlite ${target}`);

    const copy = await openDatabase({ dataDir: target });
    try {
      expect(await readMarker(copy)).toEqual(MARKER.value);
    } finally {
      await copy.close();
    }
    // a fresh on-disk database migrated, two commands started through tsx: a minute on a loaded machine
  }, 180_000);

  it('never writes over data: a restore into a database that exists, or a dump onto a file that exists, is refused in one line', () => {
    const restoreAgain = runBackup(['restore', file], { DATA_DIR: target });
    expect(restoreAgain.status).toBe(1);
    expect(restoreAgain.stderr).toMatch(/^PGlite .* 已有数据：恢复只写入新的空数据库.* \/ PGlite .* holds data: a restore writes into a new, empty database only/);
    expect(restoreAgain.stderr).not.toContain('\n');

    const dumpAgain = runBackup(['dump', file], { DATA_DIR: source });
    expect(dumpAgain.status).toBe(1);
    expect(dumpAgain.stderr).toBe(`${file} 已存在：备份不覆盖已有文件，请换一个文件名 / ${file} exists: a backup never overwrites a file; choose another name`);

    expect(runBackup(['restore'], { DATA_DIR: target }).stderr).toMatch(/^用法：npm run backup -- dump <文件>/);
  }, 120_000);
});

/** A new, empty database on the PostgreSQL server of DATABASE_URL, dropped after the file. */
async function emptyPostgresDatabase(baseUrl: string): Promise<string> {
  const name = `agora_backup_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// The CI's PostgreSQL pass sets DATABASE_URL; pg_dump and pg_restore come with its server.
describe.runIf(process.env.DATABASE_URL)('backup and restore on PostgreSQL (pg_dump, pg_restore)', () => {
  it('dumps a database with rows, restores it into a new database and finds the rows; a database with tables is refused', async () => {
    const baseUrl = process.env.DATABASE_URL!;
    const sourceUrl = await emptyPostgresDatabase(baseUrl);
    const targetUrl = await emptyPostgresDatabase(baseUrl);
    const file = path.join(work, 'postgres-backup.dump');

    const database = await openDatabase({ databaseUrl: sourceUrl });
    await writeMarker(database);
    await database.close();

    expect((await dumpDatabase(loadConfig({ DATABASE_URL: sourceUrl }), file)).bytes).toBeGreaterThan(0);
    await restoreDatabase(loadConfig({ DATABASE_URL: targetUrl }), file);

    const copy = await openDatabase({ databaseUrl: targetUrl });
    try {
      expect(await readMarker(copy)).toEqual(MARKER.value);
    } finally {
      await copy.close();
    }
    await expect(restoreDatabase(loadConfig({ DATABASE_URL: targetUrl }), file)).rejects.toMatchObject({ code: 'BACKUP_TARGET_NOT_EMPTY' });
  });
});
