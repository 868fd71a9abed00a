import { afterAll, beforeAll } from 'vitest';
import { DEMO_VERIFY_PASSWORD } from '../seed/demo-team.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../platform/config.js';
import { openDatabase, type Database } from '../db/client.js';
import { buildApp, type BuildOptions } from '../app.js';
import type { AppContext } from '../platform/context.js';
import { md5 } from '../platform/passwords.js';
import { RATE_LIMIT_KINDS, type RateLimits } from '../platform/rate-limit.js';

export const CAPTCHA = 'test';
export const FOUNDER_PASSWORD = 'admin123';
/** The second-step password `verifiedSession` sets when none is configured. */
export const VERIFY_PASSWORD = 'verify1';

export interface TestDatabase {
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * A fresh database per test file: in-memory (or on-disk, for restart tests) PGlite by
 * default, or a throw-away database on the PostgreSQL server named by DATABASE_URL.
 */
export async function createTestDatabase(options: { persistent?: boolean } = {}): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `agora_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return {
      open: () => openDatabase({ databaseUrl: url.toString() }),
      async drop() {
        const client = new pg.Client({ connectionString: baseUrl });
        await client.connect();
        // pool.end() does not wait for its clients' sockets to close; forcing the drop while one is
        // still saying goodbye makes it receive a FATAL nobody listens to (an unhandled error).
        for (let tries = 0; tries < 50; tries++) {
          const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dir = options.persistent ? fs.mkdtempSync(path.join(os.tmpdir(), 'agora-test-')) : null;
  return {
    open: () => openDatabase({ dataDir: dir }),
    async drop() {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Tests sign in, fetch captchas and upload from one address far more often than an operator could;
 * a test of the limits themselves passes `rateLimits: RATE_LIMIT_DEFAULTS` (or its own numbers).
 */
export const UNLIMITED_RATES = Object.fromEntries(RATE_LIMIT_KINDS.map((kind) => [kind, 1_000_000])) as RateLimits;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ ...process.env, CAPTCHA_FIXED_CODE: CAPTCHA, LOG_LEVEL: 'silent', DATABASE_URL: '' }),
    adminPassword: FOUNDER_PASSWORD,
    // A test runs jobs and ticks itself (ctx.jobs.runNext(), ctx.scheduler.runDueTasks(now)): no timers.
    backgroundWork: false,
    rateLimits: UNLIMITED_RATES,
    ...overrides,
  };
}

export interface Session {
  uid: number;
  access: string;
  refresh: string;
  uuid: string;
}

export class TestApp {
  constructor(
    readonly app: FastifyInstance,
    readonly ctx: AppContext,
    private readonly database: Database,
  ) {}

  inject(options: InjectOptions & { session?: Session }): Promise<LightMyRequestResponse> {
    const { session, headers, ...rest } = options;
    return this.app.inject({
      ...rest,
      headers: { ...(session ? { authorization: session.access, uuid: session.uuid } : {}), ...headers },
    });
  }

  async login(username: string, password: string, options: { ip?: string } = {}): Promise<Session> {
    const response = await this.tryLogin(username, password, options);
    if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.body}`);
    const body = response.json();
    return { uid: body.uid, access: body.access_token, refresh: body.refresh_token, uuid: response.uuid };
  }

  async tryLogin(username: string, password: string, options: { captcha?: string; ip?: string; fetchCaptcha?: boolean } = {}) {
    const uuid = crypto.randomUUID();
    if (options.fetchCaptcha !== false) await this.app.inject({ method: 'GET', url: `/api/base/captchas/LOGIN/${uuid}` });
    const response = await this.app.inject({
      method: 'GET',
      url: '/api/admin/systems/admin-users/login',
      query: { username, password: md5(password), captcha: options.captcha ?? CAPTCHA, uuid },
      remoteAddress: options.ip,
    });
    return Object.assign(response, { uuid });
  }

  loginFounder(): Promise<Session> {
    return this.login('admin', FOUNDER_PASSWORD);
  }

  /**
   * Passes the second step (DOMAIN §1.4) for `session`, a founder's fresh one when none is given:
   * switches password verification on with VERIFY_PASSWORD when nothing is configured yet, then
   * checks it. Routes behind `twoStep` (exports of records, top-ups, settings saves) answer 428 to
   * a session that has not.
   */
  async verifiedSession(session?: Session): Promise<Session> {
    const founder = await this.loginFounder();
    const set = await this.inject({ method: 'PUT', url: '/api/admin/systems/authentications/update-password', session: founder, payload: { password: md5(VERIFY_PASSWORD) } });
    if (set.statusCode === 200) {
      const on = await this.inject({ method: 'PUT', url: '/api/admin/systems/authentications', session: founder, payload: { message_auth: 0, password_auth: 1 } });
      if (on.statusCode !== 200) throw new Error(`verification: ${on.body}`);
    } else if (set.statusCode !== 428) throw new Error(`verification password: ${set.body}`);
    const verified = session ?? founder;
    // a database with the demo in it has the demo's verification password (seed/demo.ts) unless a test set this one
    let check;
    for (const password of [VERIFY_PASSWORD, DEMO_VERIFY_PASSWORD]) {
      check = await this.inject({ method: 'POST', url: '/api/admin/passport/check-password', session: verified, payload: { password: md5(password) } });
      if (check.statusCode === 200) return verified;
    }
    throw new Error(`second step: ${check?.body}`);
  }

  /** Creates a role holding exactly these permissions and an admin in it; returns the admin's session. */
  async adminWithPermissions(founder: Session, permissions: string[], username = `u${crypto.randomBytes(4).toString('hex')}`) {
    const role = await this.inject({
      method: 'POST',
      url: '/api/admin/systems/roles',
      session: founder,
      payload: { role_name: username.slice(0, 20), role_describe: '', permissions },
    });
    if (role.statusCode !== 200) throw new Error(`role: ${role.body}`);
    const created = await this.inject({
      method: 'POST',
      url: '/api/admin/systems/manager/admin-users',
      session: founder,
      payload: { username, password: md5('pass123'), role_id: role.json().role_id, founder: 0 },
    });
    if (created.statusCode !== 200) throw new Error(`admin: ${created.body}`);
    return { session: await this.login(username, 'pass123'), roleId: role.json().role_id as number, adminId: created.json().id as number };
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.database.close();
  }
}

export async function startTestApp(testDb: TestDatabase, overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await testDb.open();
  const { app, ctx } = await buildApp(testConfig(overrides), database, options);
  await app.ready();
  return new TestApp(app, ctx, database);
}

/**
 * The usual server test file: a fresh database and app for the file, the founder signed in,
 * both closed afterwards. `ready` receives the app and the founder's session.
 */
export function withTestApp(ready: (t: TestApp, founder: Session) => void, overrides: Partial<Config> = {}): void {
  let testDb: TestDatabase | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    app = await startTestApp(testDb, overrides);
    ready(app, await app.loginFounder());
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });
}
