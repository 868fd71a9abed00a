/**
 * `GET /metrics`: Prometheus text through prom-client, behind `Authorization: Bearer $METRICS_TOKEN`
 * (docs/observability.md lists every metric). One registry per app: tests build many apps in one
 * process, and prom-client's global registry would refuse the second app's metrics.
 *
 * What lives in the database (the job queue, the scheduler's runs) is read when Prometheus scrapes,
 * so every instance over one database reports the same shared figures and nothing is counted twice
 * in memory. Without METRICS_TOKEN nothing is measured at all: no request pays for a histogram no
 * one may read.
 */
import crypto from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ERRORS } from '@agora/contract';
import type { AppContext } from './context.js';
import type { Database } from '../db/client.js';
import { jobs } from '../db/tables.js';
import { requestLanguage } from './http.js';
import { OPERATIONS_ROUTE } from './health.js';

/** The label of a request no route matched: raw URLs would give a series per scanner's guess. */
const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; from a cached settings read (a few ms) to a slow export enqueue or upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Job states a queue watcher cares about; done and cancelled jobs are history, not load. */
const QUEUE_STATES = ['queued', 'running'] as const;

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** Whether the request carries the token, compared in constant time (equal-length digests). */
function hasToken(req: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return !!match && crypto.timingSafeEqual(digest(match[1].trim()), expected);
}

function refuse(req: FastifyRequest, reply: FastifyReply, status: 401 | 404, code: 'METRICS_TOKEN_WRONG' | 'METRICS_DISABLED') {
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
  return reply.status(status).header('Cache-Control', 'no-store').send({ code, message: ERRORS[code][requestLanguage(req)] });
}

export function registerMetrics(app: FastifyInstance, ctx: AppContext, database: Database): void {
  const token = ctx.config.metricsToken;
  if (!token) {
    // 404, not 403: on this instance the endpoint does not exist, whoever asks; the message says how to turn it on.
    app.get('/metrics', OPERATIONS_ROUTE, (req, reply) => refuse(req, reply, 404, 'METRICS_DISABLED'));
    return;
  }
  const expected = digest(token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'agora_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    requests.observe({ route: req.routeOptions.url ?? UNMATCHED_ROUTE, method: req.method, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  /** Jobs per kind and status among `statuses` (served by jobs_status_id_idx). */
  const jobCounts = (statuses: readonly string[]) =>
    ctx.db
      .select({ kind: jobs.kind, status: jobs.status, n: count() })
      .from(jobs)
      .where(inArray(jobs.status, [...statuses]))
      .groupBy(jobs.kind, jobs.status);

  // A kind seen once keeps answering 0 when its queue empties, instead of its series vanishing.
  const seenQueues = new Map<string, { kind: string; state: string }>();
  const seenFailures = new Set<string>();
  new Gauge({
    name: 'agora_job_queue_depth',
    help: 'Background jobs waiting or running, by kind and state (all instances over this database)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await jobCounts(QUEUE_STATES);
        for (const { kind, status } of rows) seenQueues.set(`${kind} ${status}`, { kind, state: status });
        for (const labels of seenQueues.values()) this.set(labels, 0);
        for (const { kind, status, n } of rows) this.set({ kind, state: status }, n);
      } catch (error) {
        // The process's own metrics still go out; readiness says the database is gone.
        ctx.log.warn({ err: error }, 'metrics: could not read the job queue');
      }
    },
  });
  new Gauge({
    name: 'agora_job_failures',
    help: 'Background jobs on record as failed, by kind (all instances over this database)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await jobCounts(['failed']);
        for (const { kind } of rows) seenFailures.add(kind);
        for (const kind of seenFailures) this.set({ kind }, 0);
        for (const { kind, n } of rows) this.set({ kind }, n);
      } catch (error) {
        ctx.log.warn({ err: error }, 'metrics: could not read the failed jobs');
      }
    },
  });

  new Gauge({
    name: 'agora_scheduler_lag_seconds',
    help: 'How long a scheduled task is overdue: now minus its planned run, 0 while not due',
    labelNames: ['task'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const now = Date.now();
        for (const task of await ctx.scheduler.list()) this.set({ task: task.name }, Math.max(0, (now - task.nextRunAt.getTime()) / 1000));
      } catch (error) {
        ctx.log.warn({ err: error }, 'metrics: could not read the scheduled tasks');
      }
    },
  });

  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'agora_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance: open (total) and idle among them',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'agora_db_pool_waiting',
      help: 'Queries of this instance waiting for a free PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  new Gauge({
    name: 'agora_realtime_connections',
    help: 'Open realtime (websocket) connections to this instance',
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });

  app.get('/metrics', OPERATIONS_ROUTE, async (req, reply) => {
    if (!hasToken(req, expected)) return refuse(req, reply, 401, 'METRICS_TOKEN_WRONG');
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}
