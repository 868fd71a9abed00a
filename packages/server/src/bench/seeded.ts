/**
 * The benches' database: the demo marketplace at full size with the sizes asked for, written as
 * `npm run seed` does, on the embedded database in `dataDir` or on PostgreSQL when `databaseUrl`
 * is set. Reused instead when it already holds orders (`BENCH_DATA_DIR` kept from an earlier run,
 * or the same PostgreSQL database), since a million orders take most of an hour to write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../db/client.js';
import { buildApp } from '../app.js';
import { seedDemoData } from '../seed/start.js';
import { DEMO_SIZES, type MarketplaceSize } from '../seed/marketplace/generate.js';
import { PROCESS_FOUNDER_PASSWORD } from '../test/server-process.js';

export interface BenchDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  /** the orders it holds */
  orders: number;
  /** it was written by this run (false: an earlier run's, reused) */
  seeded: boolean;
}

/** The p-th percentile (nearest rank) of a bench's timings. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Where a bench keeps its embedded database: BENCH_DATA_DIR (kept, to be reused by the next bench
 * or run: a million orders take most of an hour to write), or a fresh directory `remove` deletes.
 */
export function benchDataDir(prefix: string): { dataDir: string; remove(): void } {
  const kept = process.env.BENCH_DATA_DIR;
  if (kept) {
    fs.mkdirSync(kept, { recursive: true });
    return { dataDir: kept, remove: () => undefined };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** The configuration the benches build an app with on `dataDir` (the server process gets the same through its environment). */
export function benchConfig(dataDir: string, databaseUrl: string | undefined) {
  return { ...loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', ADMIN_PASSWORD: PROCESS_FOUNDER_PASSWORD }), logLevel: 'warn' as const };
}

export async function seedBenchDatabase(dataDir: string, databaseUrl: string | undefined, sizes: Partial<MarketplaceSize>): Promise<BenchDatabase> {
  const config = benchConfig(dataDir, databaseUrl);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const held = Number((await database.db.execute(sql`select count(*)::int as n from orders`)).rows[0]?.n ?? 0);
    if (held > 0) return { dataDir, databaseUrl, orders: held, seeded: false };
    const { app, ctx } = await buildApp(config, database);
    const size = { ...DEMO_SIZES.full, ...sizes };
    await seedDemoData(ctx, size);
    await app.close();
    return { dataDir, databaseUrl, orders: size.orders, seeded: true };
  } finally {
    await database.close();
  }
}
