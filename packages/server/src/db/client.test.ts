import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

describe('the embedded database', () => {
  it('keeps a small buffer cache: the WebAssembly memory it lives in never shrinks', async () => {
    const database = await openDatabase({ databaseUrl: '' });
    try {
      const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
      expect(rows[0].shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
  });
});
