import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { buildApp, type BuiltApp } from '../app.js';
import type { Database } from '../db/client.js';
import { jobs } from '../db/tables.js';
import { createTestDatabase, testConfig, withTestApp, type Session, type TestApp, type TestDatabase } from '../test/harness.js';
import { enqueueJob } from './jobs.js';
import { Lifecycle } from './lifecycle.js';
import { REINDEX_KIND } from '../modules/search/goods-index.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

const METRICS_TOKEN = 'scrape-9f2c41d7e0b8';

/** The value of one series in Prometheus text, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('health and readiness', () => {
  let t: TestApp;
  withTestApp((app) => (t = app));

  it('/healthz answers 200 while the process runs, never cached', async () => {
    const response = await t.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database answers and every migration is applied', async () => {
    const response = await t.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 503 with the demo progress while seeding, and 200 once ready', async () => {
    t.ctx.lifecycle.seeding({ step: 'orders', done: 3, total: 7 });
    const zh = await t.inject({ method: 'GET', url: '/readyz' });
    expect(zh.statusCode).toBe(503);
    expect(zh.json()).toEqual({ status: 'seeding', code: 'NOT_READY_SEEDING', message: '正在生成演示数据 … 42%', seed: { step: 'orders', done: 3, total: 7 } });
    const en = await t.inject({ method: 'GET', url: '/readyz', headers: { language: 'en' } });
    expect(en.json().message).toBe('Writing the demo data … 42%');
    expect(zh.headers['cache-control']).toBe('no-store');
    t.ctx.lifecycle.ready();
    expect((await t.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/metrics is off without METRICS_TOKEN: 404 in the error shape, whatever token is sent', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything' }]) {
      const response = await t.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'METRICS_DISABLED', message: '指标接口未开启：未设置 METRICS_TOKEN' });
    }
  });
});

describe('readiness of an instance that is starting, has lost its database or is draining', () => {
  let testDb: TestDatabase;
  let database: Database;
  let built: BuiltApp;
  const lifecycle = new Lifecycle();
  const readyz = async () => {
    const response = await built.app.inject({ method: 'GET', url: '/readyz' });
    return { statusCode: response.statusCode, body: response.json() };
  };
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
    built = await buildApp(testConfig(), database, { lifecycle });
    await built.app.ready();
  });
  afterAll(async () => {
    await built?.app.close();
    await testDb?.drop();
  });

  it('starting: 503 until the lifecycle says ready', async () => {
    expect(await readyz()).toEqual({ statusCode: 503, body: { status: 'starting', code: 'NOT_READY_STARTING', message: '服务正在启动' } });
    lifecycle.ready();
    expect((await readyz()).statusCode).toBe(200);
  });

  it('a migration of the journal missing from the database: 503', async () => {
    // A second app over the same database, whose first probe finds the newest migration gone.
    const newest = await database.db.execute(sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const { hash, created_at: createdAt } = newest.rows[0] as { hash: string; created_at: string };
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${createdAt}::bigint`);
    const second = await buildApp(testConfig(), database);
    try {
      const response = await second.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'migrations', code: 'NOT_READY_MIGRATIONS', message: '数据库迁移未完成（缺少1个）' });
    } finally {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${createdAt}::bigint)`);
      await second.app.close();
    }
  });

  it('the database closed: 503, while /healthz still answers 200', async () => {
    await database.close();
    expect(await readyz()).toEqual({ statusCode: 503, body: { status: 'database', code: 'NOT_READY_DATABASE', message: '数据库无响应' } });
    expect((await built.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('draining (SIGTERM): 503 from then on', async () => {
    lifecycle.drain();
    const response = await built.app.inject({ method: 'GET', url: '/readyz', headers: { language: 'en' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'draining', code: 'NOT_READY_DRAINING', message: 'The server is shutting down' });
  });
});

describe('metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  let founder: Session;
  withTestApp(
    (app, session) => {
      t = app;
      founder = session;
    },
    { metricsToken: METRICS_TOKEN },
  );
  const scrape = async () => {
    const response = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('refuses a request without the token or with a wrong one: 401 in the error shape', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
      const response = await t.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ code: 'METRICS_TOKEN_WRONG', message: '指标访问令牌缺失或错误' });
    }
  });

  it('answers Prometheus text with the request histogram by route pattern, never the raw URL', async () => {
    const uuid = 'c0ffee00-1111-4222-8333-444455556666';
    const captcha = { route: '/api/base/captchas/:type/:uuid', method: 'GET', status_code: '200' };
    // the founder's sign-in fetched a captcha already
    const before = series(await scrape(), 'agora_http_request_duration_seconds_count', captcha) ?? 0;
    expect((await t.inject({ method: 'GET', url: `/api/base/captchas/LOGIN/${uuid}` })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/no-such-page-7d1e' })).statusCode).toBe(404);
    const response = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(series(text, 'agora_http_request_duration_seconds_count', captcha)).toBe(before + 1);
    expect(series(text, 'agora_http_request_duration_seconds_bucket', { ...captcha, le: '+Inf' })).toBe(before + 1);
    expect(series(text, 'agora_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain(uuid);
    expect(text).not.toContain('no-such-page');
  });

  it('reports the job queue per kind and state and the failed jobs per kind, read from the database', async () => {
    const job = await enqueueJob(t.ctx, { kind: REINDEX_KIND, owner: null, params: {} });
    expect(series(await scrape(), 'agora_job_queue_depth', { kind: REINDEX_KIND, state: 'queued' })).toBe(1);
    await t.ctx.db.update(jobs).set({ status: 'failed', errorReason: 'test' }).where(eq(jobs.id, job.id));
    const text = await scrape();
    expect(series(text, 'agora_job_failures', { kind: REINDEX_KIND })).toBe(1);
    // the emptied queue says 0 rather than vanishing
    expect(series(text, 'agora_job_queue_depth', { kind: REINDEX_KIND, state: 'queued' })).toBe(0);
  });

  it('reports how late each scheduled task is', async () => {
    await t.ctx.scheduler.ensureTasks(new Date(Date.now() - 90_000));
    const lag = series(await scrape(), 'agora_scheduler_lag_seconds', { task: 'housekeeping.expired' });
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(200);
  });

  it('reports process memory, realtime connections and, on PostgreSQL, the pool', async () => {
    let socket: WebSocket | undefined;
    const opened = new Promise<void>((resolve) => {
      void t.app.injectWS(`/ws/shop?token=${encodeURIComponent(founder.access)}&uuid=${founder.uuid}`, {}, { onOpen: () => resolve() }).then((ws) => (socket = ws));
    });
    await opened;
    try {
      const text = await scrape();
      expect(series(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(series(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect(series(text, 'agora_realtime_connections')).toBe(1);
      if (t.ctx.dbKind === 'postgres') expect(series(text, 'agora_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      else expect(text).not.toContain('agora_db_pool');
    } finally {
      socket?.terminate();
    }
  });

  it('holds no secret: neither the metrics token nor a session token', async () => {
    const text = await scrape();
    expect(text).not.toContain(METRICS_TOKEN);
    expect(text).not.toContain(founder.access);
    expect(text.toLowerCase()).not.toContain('authorization');
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('a real server told to stop', { timeout: 180_000 }, () => {
  it('answers 503 on /readyz through SHUTDOWN_GRACE_MS, still serving, then exits', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-drain-'));
    let server: ServerProcess | undefined;
    try {
      const { url, child } = (server = await startServerProcess(dataDir, { SHUTDOWN_GRACE_MS: '3000' }));
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const exited = new Promise<number>((resolve) => child.once('exit', () => resolve(Date.now())));
      const signalled = Date.now();
      child.kill('SIGTERM');
      let answer: Response | undefined;
      for (let tries = 0; tries < 20 && answer?.status !== 503; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await fetch(`${url}/readyz`);
      }
      expect(answer?.status).toBe(503);
      expect((await answer!.json()).status).toBe('draining');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await exited) - signalled).toBeGreaterThanOrEqual(3000);
    } finally {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
