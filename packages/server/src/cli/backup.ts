/**
 * npm run backup -- dump <file> | restore <file>: a backup of the database the server uses
 * (DATA_DIR or DATABASE_URL), and its restore into a new, empty one (docs/deploy.md, the restore
 * drill). PostgreSQL goes through its own tools (pg_dump's custom format, pg_restore in one
 * transaction), which a running server does not disturb; the embedded database through PGlite's
 * own dump (a tarball of its data directory), which needs the server stopped (PGlite is one
 * process's alone). A restore never writes over data: it refuses a database that holds tables.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { OperatorRefusal, type Config } from '../platform/config.js';
import { assertDatabaseFree, describeDatabase, runCommand, say } from './command.js';

const TEXTS = {
  dumped: { zh: '已备份 {database} 到 {file}（{size}）', en: 'Backed up {database} to {file} ({size})' },
  restored: {
    zh: '已将 {file} 恢复到 {database}；启动服务器时会应用备份之后的新迁移',
    en: 'Restored {file} into {database}; the server applies any newer migrations when it starts',
  },
};

/** The embedded database's folder under DATA_DIR (as db/client.ts opens it). */
const pgliteDir = (config: Config) => path.join(config.dataDir, 'pglite');

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * A PostgreSQL tool (pg_dump, pg_restore): on the PATH, else the newest of Debian's
 * /usr/lib/postgresql/<version>/bin (where the server package puts them, off the PATH).
 */
function postgresTool(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const tool = path.join(root, version, 'bin', name);
    if (fs.existsSync(tool)) return tool;
  }
  throw new OperatorRefusal('BACKUP_TOOL_MISSING', { tool: name });
}

/**
 * Runs a PostgreSQL tool against DATABASE_URL: the password goes in PGPASSWORD, not in the
 * arguments, where any user of the machine could read it in the process list.
 */
function runPostgresTool(name: string, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const child = spawn(postgresTool(name), [...args, `--dbname=${url.toString()}`], { env, stdio: ['ignore', 'inherit', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      // the tool's own words first: they say what went wrong (a version mismatch, a refused connection)
      process.stderr.write(errors);
      reject(new OperatorRefusal('BACKUP_TOOL_FAILED', { tool: name, code: code ?? 'signal' }));
    });
  });
}

async function openPglite(dir: string, loadDataDir?: Blob) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const client = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir });
  await client.waitReady;
  return client;
}

/** Writes a backup of the database the configuration names to `file` (which must not exist yet). */
export async function dumpDatabase(config: Config, file: string): Promise<{ bytes: number }> {
  if (fs.existsSync(file)) throw new OperatorRefusal('BACKUP_FILE_EXISTS', { file });
  if (config.databaseUrl) {
    await runPostgresTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], config.databaseUrl);
  } else {
    assertDatabaseFree(config);
    if (!fs.existsSync(path.join(pgliteDir(config), 'PG_VERSION'))) throw new OperatorRefusal('BACKUP_NO_DATABASE', { dir: config.dataDir });
    const client = await openPglite(pgliteDir(config));
    try {
      const tarball = await client.dumpDataDir('gzip');
      // written beside the target and renamed: a dump cut short never looks like a whole one
      const partial = `${file}.partial`;
      fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  return { bytes: fs.statSync(file).size };
}

/** The tables a PostgreSQL database holds besides the system's (a restore wants none). */
async function userTableCount(databaseUrl: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Restores a backup `dumpDatabase` wrote into the (new, empty) database the configuration names. */
export async function restoreDatabase(config: Config, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new OperatorRefusal('BACKUP_FILE_MISSING', { file });
  const database = describeDatabase(config);
  if (config.databaseUrl) {
    if ((await userTableCount(config.databaseUrl)) > 0) throw new OperatorRefusal('BACKUP_TARGET_NOT_EMPTY', { database });
    // one transaction: a restore that fails leaves the database as empty as it was
    await runPostgresTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], config.databaseUrl);
    return;
  }
  const dir = pgliteDir(config);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new OperatorRefusal('BACKUP_TARGET_NOT_EMPTY', { database });
  fs.mkdirSync(dir, { recursive: true });
  try {
    const client = await openPglite(dir, new Blob([fs.readFileSync(file)]));
    await client.close();
  } catch (error) {
    // a tarball that is not one of ours: leave DATA_DIR as empty as it was, for the next attempt
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function backup(config: Config): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [command, target, ...extra] = positionals;
  if (!target || extra.length > 0) throw new OperatorRefusal('BACKUP_USAGE');
  const file = path.resolve(target);
  if (command === 'dump') {
    const { bytes } = await dumpDatabase(config, file);
    say(TEXTS.dumped, { database: describeDatabase(config), file, size: sizeOf(bytes) });
  } else if (command === 'restore') {
    await restoreDatabase(config, file);
    say(TEXTS.restored, { database: describeDatabase(config), file });
  } else {
    throw new OperatorRefusal('BACKUP_USAGE');
  }
}

// run as a command (`npm run backup`, dist/backup.js), not when a test imports the functions
const runDirectly = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url));
if (runDirectly) await runCommand(backup);
