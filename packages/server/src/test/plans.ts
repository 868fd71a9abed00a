import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The plan PostgreSQL picks for a query, with sequential scans made as dear as the planner allows
 * (test tables are tiny, so a scan would otherwise always win): which index serves a filter or sort.
 */
export async function planWithoutSeqScan(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
  });
}
