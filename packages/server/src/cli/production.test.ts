import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loadConfig, OperatorRefusal } from '../platform/config.js';
import { buildApp } from '../app.js';
import { hashPassword, md5 } from '../platform/passwords.js';
import { seedDemoData } from '../seed/start.js';
import { adminUsers, roles } from '../modules/admins/tables.js';
import { shops } from '../modules/shops/tables.js';
import { createTestDatabase, startTestApp, testConfig, type TestApp, type TestDatabase } from '../test/harness.js';
import { logCapture } from '../test/logs.js';

const GOOD_PASSWORD = 'Launch2026';
const production = { production: true, seedDemo: false, adminPassword: GOOD_PASSWORD } as const;

/** The refusal loadConfig throws for this environment, or undefined. */
function refusalOf(env: NodeJS.ProcessEnv): OperatorRefusal | undefined {
  try {
    loadConfig(env);
    return undefined;
  } catch (error) {
    if (error instanceof OperatorRefusal) return error;
    throw error;
  }
}

describe('production configuration', () => {
  it('refuses a published or weak ADMIN_PASSWORD in one line that names it', () => {
    for (const password of ['admin123', 'demo123', 'abc12', 'pass word1', 'a'.repeat(21), '密码123456']) {
      const refusal = refusalOf({ NODE_ENV: 'production', ADMIN_PASSWORD: password });
      expect(refusal?.message, password).toMatch(/^ADMIN_PASSWORD：.* \/ ADMIN_PASSWORD: /);
      expect(refusal?.message).not.toContain('\n');
    }
    expect(refusalOf({ NODE_ENV: 'production', ADMIN_PASSWORD: 'admin123' })?.code).toBe('PASSWORD_PUBLISHED');
    expect(refusalOf({ NODE_ENV: 'production', ADMIN_PASSWORD: 'abc12' })?.code).toBe('PASSWORD_RULE_BROKEN');
  });

  it('takes a good ADMIN_PASSWORD, has no default for it, and never seeds the demo whatever SEED_DEMO says', () => {
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: GOOD_PASSWORD, SEED_DEMO: '1' })).toMatchObject({ production: true, adminPassword: GOOD_PASSWORD, seedDemo: false });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ adminPassword: undefined, seedDemo: false });
  });

  it('leaves development as it was: the README password and the demo', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ production: false, adminPassword: 'admin123', seedDemo: true });
    expect(loadConfig({})).toMatchObject({ production: false, adminPassword: 'admin123', seedDemo: true });
  });
});

const databases: TestDatabase[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.drop();
});

async function freshDatabase(options: { persistent?: boolean } = {}): Promise<TestDatabase> {
  const database = await createTestDatabase(options);
  databases.push(database);
  return database;
}


describe('a production start', () => {
  it('on an empty database without ADMIN_PASSWORD refuses, naming it, and creates no founder', async () => {
    const testDb = await freshDatabase();
    const database = await testDb.open();
    try {
      const started = buildApp(testConfig({ ...production, adminPassword: undefined }), database);
      await expect(started).rejects.toBeInstanceOf(OperatorRefusal);
      await expect(started).rejects.toThrow(/^首次以生产模式.*ADMIN_PASSWORD.* \/ A first start in production .*ADMIN_PASSWORD/);
      expect(await database.db.select({ id: adminUsers.id }).from(adminUsers)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('creates the founder with ADMIN_PASSWORD, and no path writes the demo into its database', async () => {
    const t = await startTestApp(await freshDatabase(), production);
    apps.push(t);
    expect((await t.login('admin', GOOD_PASSWORD)).access).toBeTruthy();
    // what a start with SEED_DEMO on, or `npm run seed`, would call
    expect(await seedDemoData(t.ctx, { shops: 2, members: 5, goods: 5, orders: 5 })).toEqual({ team: false, marketplace: false });
    const [roleCount] = await t.ctx.db.select({ n: count() }).from(roles);
    const [adminCount] = await t.ctx.db.select({ n: count() }).from(adminUsers);
    const [shopCount] = await t.ctx.db.select({ n: count() }).from(shops);
    expect({ roles: roleCount.n, admins: adminCount.n, shops: shopCount.n }).toEqual({ roles: 0, admins: 1, shops: 0 });
  });

  it('on an old database warns of every active admin who can still sign in with a published password, never saying it', async () => {
    const testDb = await freshDatabase({ persistent: true });
    const before = await startTestApp(testDb);
    try {
      const founder = await before.loginFounder();
      for (const [username, password] of [['ops', 'demo123'], ['careful', 'Careful2026'], ['gone', 'admin123']]) {
        await before.adminWithPermissions(founder, ['systemLogs'], username);
        await before.ctx.db.update(adminUsers).set({ passwordHash: await hashPassword(md5(password)) }).where(eq(adminUsers.username, username));
      }
      await before.ctx.db.update(adminUsers).set({ userState: 1 }).where(eq(adminUsers.username, 'gone'));
    } finally {
      await before.close();
    }

    const logs = logCapture();
    const t = await startTestApp(testDb, { ...production, logLevel: 'warn' }, { logStream: logs.stream });
    apps.push(t);
    const warnings = () => logs.entries().filter((entry) => entry.msg.includes('published default password'));
    // checked behind the start, which does not wait for the hashing
    await expect.poll(() => warnings().length, { timeout: 30_000 }).toBe(1);
    expect(warnings()[0].level).toBe(40);
    expect(warnings()[0].msg).toMatch(/以下管理员仍可用公开的默认密码登录.*：admin, ops \/ These administrators .*: admin, ops$/);
    expect(logs.lines.join('\n')).not.toMatch(/admin123|demo123/);
    // a warning, not a lock-out: the operator signs in to change it
    expect((await t.loginFounder()).access).toBeTruthy();
  });
});
