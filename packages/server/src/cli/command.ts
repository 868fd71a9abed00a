/**
 * What the operator commands (`npm run migrate`, `npm run admin`) share: they open the database
 * the server uses (DATA_DIR or DATABASE_URL) without starting the server, refuse in one line, and
 * leave a system-log row for what they change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, OperatorRefusal, operatorLine, type Config } from '../platform/config.js';
import { openDatabase, type Database } from '../db/client.js';
import { systemLogs } from '../modules/system-logs/tables.js';
import type { Transaction } from '../db/sql.js';

/** A bilingual line the command prints. */
export interface Text {
  zh: string;
  en: string;
}

export function say(text: Text, params: Record<string, string | number> = {}): void {
  console.log(operatorLine(text, params));
}

/**
 * Runs a command: a refusal is the operator's to fix, printed as its one line with exit code 1;
 * anything else is a defect and keeps its stack.
 */
export async function runCommand(command: (config: Config) => Promise<void>): Promise<void> {
  try {
    await command(loadConfig());
  } catch (error) {
    if (!(error instanceof OperatorRefusal)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

/**
 * Another process holding files of the embedded database open (the server, another command), by
 * its id, from Linux's /proc; undefined when none is, or where there is no /proc to read.
 * PGlite takes no lock of its own: two processes on one directory would corrupt it.
 */
export function pgliteHolder(dataDir: string): number | undefined {
  const dir = path.join(dataDir, 'pglite');
  if (!fs.existsSync(dir)) return undefined;
  const prefix = `${fs.realpathSync(dir)}${path.sep}`;
  let processes: string[];
  try {
    processes = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return undefined;
  }
  for (const pid of processes) {
    let descriptors: string[];
    try {
      descriptors = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      // gone, or another user's: not ours to read
      continue;
    }
    for (const descriptor of descriptors) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${descriptor}`).startsWith(prefix)) return Number(pid);
      } catch {
        // closed while we looked
      }
    }
  }
  return undefined;
}

/** Refuses an embedded database another process has open. */
export function assertDatabaseFree(config: Config): void {
  if (config.databaseUrl) return;
  const holder = pgliteHolder(config.dataDir);
  if (holder !== undefined) throw new OperatorRefusal('DATA_DIR_IN_USE', { dir: config.dataDir, pid: holder });
}

/** Opens (and migrates) the database the server uses, when no other process has it open. */
export async function openForCommand(config: Config): Promise<Database> {
  assertDatabaseFree(config);
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

/** Which database a command works on, for its output: no password of a connection string. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `PGlite ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

/** Who ran the command: the system user, as far as the machine knows one. */
function systemUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? String(process.getuid?.() ?? '');
  }
}

/**
 * The system-log row of a command's change, in the change's transaction: the operator is the
 * system user on this host (no administrator signed in), the method says it was the command line.
 */
export async function logCommand(tx: Transaction, command: string, detail: Text, params: Record<string, unknown>): Promise<void> {
  await tx.insert(systemLogs).values({
    operatorId: 0,
    operatorName: systemUser().slice(0, 50),
    operateDetail: detail.zh.slice(0, 200),
    operateDetailEn: detail.en.slice(0, 200),
    operateIp: os.hostname().slice(0, 64),
    level: 'important',
    method: 'CLI',
    url: command.slice(0, 500),
    params: JSON.stringify(params),
  });
}
