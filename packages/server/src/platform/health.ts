/**
 * `/healthz` (the process is alive) and `/readyz` (this instance should get traffic), for load
 * balancers and orchestrators (docs/observability.md). Both live outside `/api/`: no session, no
 * contract endpoint, no system-log line, never cached, never rate limited.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, formatMessage, type ErrorCode } from '@agora/contract';
import type { AppContext } from './context.js';
import { requestLanguage } from './http.js';
import { MIGRATIONS_DIR } from './paths.js';

/** A database that has not answered `select 1` in this long is as good as gone to a probe. */
const READY_DB_TIMEOUT_MS = 2_000;

/**
 * The route options of the three operations endpoints: exempt from @fastify/rate-limit, even were
 * its limit made global (a probe every second from each balancer must never be refused).
 */
export const OPERATIONS_ROUTE = { config: { rateLimit: false } } as const;

type NotReadyReason = 'starting' | 'seeding' | 'draining' | 'database' | 'migrations';

const NOT_READY: Record<NotReadyReason, ErrorCode> = {
  starting: 'NOT_READY_STARTING',
  seeding: 'NOT_READY_SEEDING',
  draining: 'NOT_READY_DRAINING',
  database: 'NOT_READY_DATABASE',
  migrations: 'NOT_READY_MIGRATIONS',
};

/** The `when` of every migration in the journal: drizzle records each applied one under it. */
function journalMigrations(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return journal.entries.map((entry) => String(entry.when));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const expected = journalMigrations();
  // Migrations never go away under a running instance: once all are seen, a probe costs only `select 1`.
  let migrationsApplied = false;

  /** What keeps the database from serving this instance's code, or null when nothing does. */
  async function databaseProblem(): Promise<{ reason: 'database' | 'migrations'; missing?: number } | null> {
    try {
      if (migrationsApplied) {
        await withTimeout(ctx.db.execute(sql`select 1`), READY_DB_TIMEOUT_MS);
        return null;
      }
      const result = await withTimeout(ctx.db.execute(sql`select created_at::text as applied from drizzle.__drizzle_migrations`), READY_DB_TIMEOUT_MS);
      const applied = new Set((result.rows as { applied: string }[]).map((row) => row.applied));
      const missing = expected.filter((when) => !applied.has(when)).length;
      if (missing > 0) return { reason: 'migrations', missing };
      migrationsApplied = true;
      return null;
    } catch (error) {
      ctx.log.warn({ err: error }, 'readiness: the database does not answer');
      return { reason: 'database' };
    }
  }

  function notReady(req: FastifyRequest, reply: FastifyReply, reason: NotReadyReason, params: Record<string, string | number> = {}, more: object = {}) {
    const code = NOT_READY[reason];
    return noStore(reply)
      .status(503)
      .send({ status: reason, code, message: formatMessage(ERRORS[code][requestLanguage(req)], params), ...more });
  }

  app.get('/healthz', OPERATIONS_ROUTE, (_req, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/readyz', OPERATIONS_ROUTE, async (req, reply) => {
    const { phase, seed } = ctx.lifecycle;
    if (phase === 'seeding') {
      const percent = seed && seed.total > 0 ? Math.floor((seed.done / seed.total) * 100) : 0;
      return notReady(req, reply, 'seeding', { percent }, { seed });
    }
    if (phase !== 'ready') return notReady(req, reply, phase);
    const problem = await databaseProblem();
    // SIGTERM may have come while the database answered.
    if (ctx.lifecycle.phase === 'draining') return notReady(req, reply, 'draining');
    if (problem) return notReady(req, reply, problem.reason, { count: problem.missing ?? 0 });
    return noStore(reply).send({ status: 'ready' });
  });
}
