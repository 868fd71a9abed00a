import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestDatabase } from '../test/harness.js';
import { settings } from '../db/tables.js';
import { adminUsers, roles } from '../modules/admins/tables.js';
import { shops } from '../modules/shops/tables.js';
import { seedDemo } from '../seed/demo.js';
import { DEMO_ADMINS } from '../seed/demo-team.js';
import { seedDemoData } from '../seed/start.js';
import { defaultDataDir, loadConfig } from './config.js';

let testDb: TestDatabase;
let seedDb: TestDatabase;
afterAll(async () => {
  await testDb?.drop();
  await seedDb?.drop();
});

/** A demo marketplace small enough for a test that restarts twice. */
const TINY = { shops: 4, members: 12, goods: 12, orders: 12 };

describe('persistence', () => {
  it('keeps every change and the signed-in sessions across a restart', async () => {
    testDb = await createTestDatabase({ persistent: true });
    const first = await startTestApp(testDb);
    const founder = await first.loginFounder();
    const role = await first.inject({ method: 'POST', url: '/api/admin/systems/roles', session: founder, payload: { role_name: '重启测试', permissions: ['systemLogs'] } });
    expect(role.statusCode).toBe(200);
    await first.close();

    const second = await startTestApp(testDb);
    try {
      const detail = await second.inject({ method: 'GET', url: `/api/admin/systems/roles/${role.json().role_id}`, session: founder });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({ role_name: '重启测试', permissions: ['systemLogs'] });
      const logs = await second.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { keyword: '新增角色' } });
      expect(logs.json().data_total).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('demo data', () => {
  it('is written once per database: demo roles, admins and marketplace deleted stay deleted across restarts', async () => {
    seedDb = await createTestDatabase({ persistent: true });
    const first = await startTestApp(seedDb);
    let founder;
    try {
      expect(await seedDemoData(first.ctx, TINY)).toEqual({ team: true, marketplace: true });
      founder = await first.loginFounder();
      const admins = await first.inject({ method: 'GET', url: '/api/admin/systems/manager/admin-users', session: founder, query: { page_size: '100' } });
      const demo = admins.json().data.filter((row: { username: string }) => DEMO_ADMINS.some((admin) => admin.username === row.username));
      expect(demo).toHaveLength(DEMO_ADMINS.length);
      for (const admin of demo) {
        const deleted = await first.inject({ method: 'DELETE', url: `/api/admin/systems/manager/admin-users/${admin.id}`, session: founder });
        expect(deleted.statusCode, deleted.body).toBe(200);
      }
      const roleList = await first.inject({ method: 'GET', url: '/api/admin/systems/roles', session: founder, query: { page_size: '100' } });
      for (const role of roleList.json().data as { role_id: number }[]) {
        const deleted = await first.inject({ method: 'DELETE', url: `/api/admin/systems/roles/${role.role_id}`, session: founder });
        expect(deleted.statusCode, deleted.body).toBe(200);
      }
      await first.ctx.db.execute(sql`truncate shops, members, categories, brands, goods cascade`);
    } finally {
      await first.close();
    }

    const second = await startTestApp(seedDb);
    try {
      expect(await seedDemoData(second.ctx, TINY)).toEqual({ team: false, marketplace: false });
      expect((await second.ctx.db.select({ n: count() }).from(roles))[0].n).toBe(0);
      const admins = await second.inject({ method: 'GET', url: '/api/admin/systems/manager/admin-users', session: founder, query: { page_size: '100' } });
      expect(admins.json().data.map((row: { username: string }) => row.username)).toEqual(['admin']);
      expect((await second.ctx.db.select({ n: count() }).from(shops))[0].n).toBe(0);

      // A database from before the record: worked on (roles gone, deleted demo admins), so not seeded again, and no crash.
      await second.ctx.db.delete(settings).where(sql`${settings.key} like 'demo-seed:%'`);
      expect(await seedDemoData(second.ctx, TINY)).toEqual({ team: false, marketplace: false });
      expect((await second.ctx.db.select({ n: count() }).from(roles))[0].n).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('writes the team once when two starts seed the same empty database at the same time', async () => {
    const db = await createTestDatabase();
    const app = await startTestApp(db);
    try {
      // (on PostgreSQL these run on two connections at once)
      const results = await Promise.all([seedDemo(app.ctx), seedDemo(app.ctx)]);
      expect(results.sort()).toEqual([false, true]);
      expect((await app.ctx.db.select({ n: count() }).from(roles))[0].n).toBe(3);
    } finally {
      await app.close();
      await db.drop();
    }
  });

  it('never crashes on a live admin holding a demo username', async () => {
    const db = await createTestDatabase();
    const app = await startTestApp(db);
    try {
      // Only founders, one of them named like a demo admin: the team is still written, around that name.
      await app.ctx.db.insert(adminUsers).values({ username: 'kefu', passwordHash: 'x', founder: 1 });
      expect(await seedDemo(app.ctx)).toBe(true);
      const kefu = await app.ctx.db.select().from(adminUsers).where(eq(adminUsers.username, 'kefu'));
      expect(kefu.map((row) => row.founder)).toEqual([1]);
      expect((await app.ctx.db.select({ n: count() }).from(roles))[0].n).toBe(3);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});

describe('configuration', () => {
  it('keeps the data under the repository root by default, whatever the working directory', () => {
    const repoData = fileURLToPath(new URL('../../../../data', import.meta.url));
    const cwd = process.cwd();
    process.chdir(os.tmpdir());
    try {
      const config = loadConfig({ NODE_ENV: 'development' });
      expect(config.dataDir).toBe(defaultDataDir());
      // (a developer's checkout may still hold a database in the old place; see the next test)
      if (!fs.existsSync(fileURLToPath(new URL('../../data/pglite', import.meta.url)))) expect(config.dataDir).toBe(repoData);
      expect(config.uploadsDir).toBe(path.join(config.dataDir, 'uploads'));
      // Given, DATA_DIR is taken as a path from the working directory, as usual.
      expect(loadConfig({ DATA_DIR: 'mine' }).dataDir).toBe(path.join(fs.realpathSync(os.tmpdir()), 'mine'));
    } finally {
      process.chdir(cwd);
    }
  });

  it('keeps using the database an older install left in packages/server/data, until the root holds one', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-root-'));
    try {
      expect(defaultDataDir(root)).toBe(path.join(root, 'data'));
      fs.mkdirSync(path.join(root, 'packages', 'server', 'data', 'pglite'), { recursive: true });
      expect(defaultDataDir(root)).toBe(path.join(root, 'packages', 'server', 'data'));
      fs.mkdirSync(path.join(root, 'data', 'pglite'), { recursive: true });
      expect(defaultDataDir(root)).toBe(path.join(root, 'data'));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses to start with a fixed captcha answer in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_FIXED_CODE: 'abcd' })).toThrow(/CAPTCHA_FIXED_CODE/);
    expect(loadConfig({ NODE_ENV: 'production' }).captchaFixedCode).toBeUndefined();
  });
});
