import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../test/harness.js';
import { adminUsers } from '../modules/admins/tables.js';

// Instances share a database only on PostgreSQL (PGlite is one process's own file).
const onPostgres = Boolean(process.env.DATABASE_URL);

const opened: TestApp[] = [];
let testDb: TestDatabase | undefined;
afterAll(async () => {
  for (const app of opened) await app.close();
  await testDb?.drop();
});

describe.runIf(onPostgres)('instances starting together on one empty PostgreSQL', () => {
  it('all come up: one migrates while the others wait, and there is one founder', async () => {
    testDb = await createTestDatabase();
    const started = await Promise.allSettled([0, 1, 2].map(() => startTestApp(testDb!)));
    for (const outcome of started) if (outcome.status === 'fulfilled') opened.push(outcome.value);
    expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'up'))).toEqual(['up', 'up', 'up']);
    const founders = await opened[0].ctx.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.founder, 1));
    expect(founders).toHaveLength(1);
    for (const app of opened) expect((await app.loginFounder()).access).toBeTruthy();
  });
});
