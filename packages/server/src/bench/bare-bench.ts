/**
 * `npm run bench` (its last part), issue 18: every read endpoint of the console against a bare
 * handler doing the same database work, under load (autocannon).
 *
 * 1. Seeds the demo marketplace with BENCH_ORDERS orders, BENCH_GOODS goods and BENCH_MEMBERS
 *    members (or reuses the database of an earlier run: BENCH_DATA_DIR, or the PostgreSQL of
 *    DATABASE_URL when it holds orders).
 * 2. Records, in this process, what each GET endpoint of the contract's table does: the app is
 *    built on the same database with a query hook, each endpoint is called twice as the founder
 *    (path parameters from the first row of the list above it, no query: its defaults), and the
 *    statements of the second call (caches warm, as on a busy server) are kept with its JSON answer.
 *    Endpoints that answer anything but 200 JSON, and GETs that change something (their route writes
 *    a system-log line, or a statement of theirs writes), are listed as skipped, with why.
 * 3. Loads, with autocannon (BENCH_CONNECTIONS connections for BENCH_SECONDS seconds a round,
 *    BENCH_ROUNDS rounds, alternating), the real server process and a bare `node:http` handler
 *    process (bare-server.ts) over the same driver (a `pg` pool of the same size, or PGlite) that
 *    runs the recorded statements in order and sends the recorded JSON. On PostgreSQL both run at once and alternate
 *    per endpoint; PGlite opens its data directory in one process at a time, so there they
 *    alternate per round over all endpoints.
 * 4. Prints req/s and p50 / p95 / p99 of each, the ratio ours / bare (goal ≥ 0.8), the CPU time
 *    each process spent a request (user + system, from /proc: what the ratio is made of, less
 *    noisy than req/s on a shared machine), the server's cold start and resident memory.
 *
 * The bare handler is what the same SQL costs with nothing around it: routing, the session check
 * in memory, validation, row mapping, serialisation, logging and compression decisions are ours.
 * BENCH_ONLY (a regular expression on `METHOD path`) narrows the endpoints. Exits 1 when an
 * endpoint answers errors under load, never on a slow figure.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ALL_ENDPOINTS, type AnyEndpoint } from '@agora/contract';
import { openDatabase } from '../db/client.js';
import { MODULE_ROUTES, buildApp } from '../app.js';
import { PROCESS_FOUNDER_PASSWORD, freePort, processLogin, startServerProcess, waitUntilUp, type ServerProcess } from '../test/server-process.js';
import { benchConfig, benchDataDir, percentile, seedBenchDatabase } from './seeded.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const GOODS = Number(process.env.BENCH_GOODS ?? 8_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 3_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10) * 1000;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const databaseUrl = process.env.DATABASE_URL || undefined;
const CAPTCHA = 'bench';
/** GET routes that change something: they describe a system-log line */
const EFFECTS = new Set(MODULE_ROUTES.flat().filter((spec) => spec.method === 'GET' && spec.log).map((spec) => spec.url));
/** a statement that changes the database */
const WRITES = /^\s*(insert|update|delete|merge)\b/i;

interface Statement {
  sql: string;
  params: unknown[];
}
interface Recorded {
  name: string;
  /** what is requested, below the origin: `/api/...` */
  url: string;
  statements: Statement[];
  body: string;
}
interface Figures {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  /** CPU time (user + system) the target's process spent while loaded, in µs */
  cpuUs: number;
}

/** User + system CPU time a process has spent so far, in µs (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuUsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // after "pid (comm) ": state is field 0, utime field 11, stime field 12
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const started = Date.now();
const { dataDir, remove: removeDataDir } = benchDataDir('agora-bare-bench-');
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
console.log(`bare-handler bench on ${engine}; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
const seeded = await seedBenchDatabase(dataDir, databaseUrl, { orders: ORDERS, goods: GOODS, members: MEMBERS });
console.log(`${seeded.seeded ? 'seeded' : 'reused'} a database of ${seeded.orders} orders in ${((Date.now() - started) / 1000).toFixed(0)} s`);

// ─── 2. What each endpoint does ──────────────────────────────────────────────

async function record(): Promise<{ recorded: Recorded[]; skipped: string[] }> {
  let capturing: Statement[] | undefined;
  const config = { ...benchConfig(dataDir, databaseUrl), captchaFixedCode: CAPTCHA, logLevel: 'silent' as const };
  const database = await openDatabase({ databaseUrl, dataDir, onQuery: (sql, params) => capturing?.push({ sql, params }) });
  const { app } = await buildApp(config, database);
  try {
    const uuid = crypto.randomUUID();
    await app.inject({ method: 'GET', url: `/api/base/captchas/LOGIN/${uuid}` });
    const password = crypto.createHash('md5').update(PROCESS_FOUNDER_PASSWORD).digest('hex');
    const login = await app.inject({ method: 'GET', url: `/api/admin/systems/admin-users/login?${new URLSearchParams({ username: 'admin', password, captcha: CAPTCHA, uuid })}` });
    if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
    const headers = { authorization: (login.json() as { access_token: string }).access_token, uuid: 'bench' };
    const get = (url: string) => app.inject({ method: 'GET', url, headers });

    const recorded: Recorded[] = [];
    const skipped: string[] = [];
    const gets = ALL_ENDPOINTS.filter((endpoint) => endpoint.method === 'GET' && !endpoint.binary);
    for (const endpoint of gets) {
      const name = `GET ${endpoint.path}`;
      if (ONLY && !ONLY.test(name)) continue;
      // A GET the spec gives an effect (admin/goods/search queues a re-index of every goods item) is no
      // read: called, it would queue work that the server then runs under the next endpoints' load.
      if (EFFECTS.has(endpoint.path)) {
        skipped.push(`${name}: not a read (its route writes a system-log line)`);
        continue;
      }
      const url = await urlOf(endpoint, gets, get);
      if (typeof url !== 'string') {
        skipped.push(`${name}: ${url.reason}`);
        continue;
      }
      await get(url);
      capturing = [];
      const answer = await get(url);
      const statements = capturing;
      capturing = undefined;
      if (answer.statusCode !== 200 || !String(answer.headers['content-type']).includes('json')) {
        skipped.push(`${name}: answers ${answer.statusCode} ${answer.body.slice(0, 80)}`);
        continue;
      }
      // and one that wrote on its second call is no read either
      const write = statements.find((statement) => WRITES.test(statement.sql));
      if (write) {
        skipped.push(`${name}: writes (${write.sql.slice(0, 40)}…), not a read`);
        continue;
      }
      recorded.push({ name, url, statements, body: answer.body });
    }
    return { recorded, skipped };
  } finally {
    await app.close();
    await database.close();
  }
}

/** The endpoint's URL with its path parameters taken from the first row of the list above it. */
async function urlOf(endpoint: AnyEndpoint, gets: AnyEndpoint[], get: (url: string) => Promise<{ statusCode: number; json(): unknown }>): Promise<string | { reason: string }> {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const query = defaultQuery(endpoint);
  if (names.length === 0) return `/api/${endpoint.path}${query}`;
  const above = endpoint.path.slice(0, endpoint.path.indexOf(':')).replace(/\/$/, '');
  const list = gets.find((other) => other.path === above);
  if (!list) return { reason: `no list at ${above} to take :${names.join(', :')} from` };
  const answer = await get(`/api/${list.path}${defaultQuery(list)}`);
  const body = answer.statusCode === 200 ? (answer.json() as { data?: unknown[] } | unknown[]) : undefined;
  const row = (Array.isArray(body) ? body[0] : body?.data?.[0]) as Record<string, unknown> | undefined;
  if (!row) return { reason: `its list ${above} is empty or refused (${answer.statusCode})` };
  let filled = endpoint.path;
  for (const name of names) {
    // the row's own id is the parameter's name, or `id` / `sn`, or its first `…_id` field (shop_id of a shop row)
    const value = row[name] ?? (names.length === 1 ? (row.id ?? row.sn ?? Object.entries(row).find(([key]) => key.endsWith('_id'))?.[1]) : undefined);
    if (value === undefined || value === null) return { reason: `the rows of ${above} carry no ${name}` };
    filled = filled.replace(`:${name}`, encodeURIComponent(String(value)));
  }
  return `/api/${filled}${query}`;
}

/** The query an endpoint needs at least: each option field it requires set to its first option (a page's client type). */
function defaultQuery(endpoint: AnyEndpoint): string {
  const query: Record<string, string> = {};
  for (let attempt = 0; endpoint.query && attempt < 5; attempt++) {
    const parsed = endpoint.query.safeParse(query);
    if (parsed.success) break;
    const options = parsed.error.issues.filter((issue) => issue.code === 'invalid_value' && issue.path.length === 1);
    if (options.length === 0) break;
    for (const issue of options) query[String(issue.path[0])] = String((issue as { values: unknown[] }).values[0]);
  }
  return Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
}

// ─── 3. The two targets ──────────────────────────────────────────────────────

interface Target {
  url: string;
  headers: Record<string, string>;
  pid: number;
  stop(): Promise<void>;
}

async function startOurs(): Promise<Target & { server: ServerProcess; coldStartMs: number }> {
  const at = Date.now();
  // logging as a production server does (info: the audit trail and errors, not every 200)
  const server = await startServerProcess(dataDir, { LOG_LEVEL: 'info', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const coldStartMs = Date.now() - at;
  const token = await processLogin(server);
  // the scheduler's first round runs right after start (on PGlite it holds the one connection): let it pass
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { url: server.url, headers: { authorization: token, uuid: 'bench' }, pid: server.pid, server, coldStartMs, stop: () => server.stop('SIGTERM') };
}

/** The bare handler (bare-server.ts) in its own process over the same database. */
async function startBare(plansFile: string): Promise<Target> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bare-server.ts')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', BARE_PLANS: plansFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/up`, child, () => output);
  return {
    url,
    headers: {},
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One request to each endpoint: a process just started reads its code paths and the database's pages in. */
async function warmAll(target: Target): Promise<void> {
  for (const entry of recorded) await (await fetch(`${target.url}${entry.url}`, { headers: target.headers })).arrayBuffer();
}

async function load(target: Target, entry: Recorded, into: Figures): Promise<void> {
  // warm: the first requests of a process read its caches and the database's pages in
  for (let i = 0; i < 5; i++) await (await fetch(`${target.url}${entry.url}`, { headers: target.headers })).arrayBuffer();
  const latencies: number[] = [];
  const cpuBefore = cpuUsOf(target.pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `${target.url}${entry.url}`, headers: target.headers, connections: CONNECTIONS, duration: SECONDS }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  });
  into.cpuUs += cpuUsOf(target.pid) - cpuBefore;
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.errors += result.errors + result.non2xx;
  into.latencies.push(...latencies);
}

// ─── 4. Run and report ───────────────────────────────────────────────────────

const { recorded, skipped } = await record();
const plansFile = path.join(dataDir, 'bare-plans.json');
fs.writeFileSync(plansFile, JSON.stringify(recorded));
console.log(`${recorded.length} endpoints recorded (${skipped.length} skipped); ${ROUNDS} rounds of ${SECONDS} s each with ${CONNECTIONS} connections, ours and bare alternating`);
const figures = new Map(recorded.map((entry) => [entry.name, { ours: { requests: 0, seconds: 0, latencies: [], errors: 0, cpuUs: 0 } as Figures, bare: { requests: 0, seconds: 0, latencies: [], errors: 0, cpuUs: 0 } as Figures }]));
let coldStartMs = 0;
let rssBytes = 0;
/** how much the server's resident memory grew while an endpoint was loaded (PostgreSQL: one process throughout) */
const growth = new Map<string, number>();
if (databaseUrl) {
  const ours = await startOurs();
  coldStartMs = ours.coldStartMs;
  const bare = await startBare(plansFile);
  await warmAll(ours);
  await warmAll(bare);
  try {
    for (const entry of recorded) {
      for (let round = 0; round < ROUNDS; round++) {
        const before = ours.server.rss();
        await load(ours, entry, figures.get(entry.name)!.ours);
        growth.set(entry.name, Math.max(growth.get(entry.name) ?? 0, ours.server.rss() - before));
        await load(bare, entry, figures.get(entry.name)!.bare);
      }
    }
    rssBytes = ours.server.rss();
  } finally {
    await ours.stop();
    await bare.stop();
  }
} else {
  for (let round = 0; round < ROUNDS; round++) {
    const ours = await startOurs();
    coldStartMs = Math.max(coldStartMs, ours.coldStartMs);
    try {
      await warmAll(ours);
      for (const entry of recorded) await load(ours, entry, figures.get(entry.name)!.ours);
      rssBytes = Math.max(rssBytes, ours.server.rss());
    } finally {
      await ours.stop();
    }
    const bare = await startBare(plansFile);
    try {
      await warmAll(bare);
      for (const entry of recorded) await load(bare, entry, figures.get(entry.name)!.bare);
    } finally {
      await bare.stop();
    }
  }
}

const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const rows: string[] = [];
let below = 0;
let failed = false;
for (const entry of recorded) {
  const { ours, bare } = figures.get(entry.name)!;
  const oursRate = ours.requests / Math.max(ours.seconds, 1e-9);
  const bareRate = bare.requests / Math.max(bare.seconds, 1e-9);
  const ratio = oursRate / bareRate;
  if (ratio < 0.8) below++;
  if (ours.errors > 0) failed = true;
  rows.push(
    `| ${entry.name} | ${entry.statements.length} | ${oursRate.toFixed(0)} | ${fmt(percentile(ours.latencies, 50))} / ${fmt(percentile(ours.latencies, 95))} / ${fmt(percentile(ours.latencies, 99))} | ${bareRate.toFixed(0)} | ${fmt(percentile(bare.latencies, 50))} / ${fmt(percentile(bare.latencies, 95))} / ${fmt(percentile(bare.latencies, 99))} | ${ratio.toFixed(2)}${ours.errors > 0 ? ` (${ours.errors} errors)` : ''} | ${(ours.cpuUs / Math.max(ours.requests, 1)).toFixed(0)} / ${(bare.cpuUs / Math.max(bare.requests, 1)).toFixed(0)} | ${(Buffer.byteLength(entry.body) / 1024).toFixed(1)} |`,
  );
}
console.log(`
${seeded.orders} orders, ${engine}; ${CONNECTIONS} connections; latencies in ms (p50 / p95 / p99)

| endpoint | statements | ours req/s | ours latency | bare req/s | bare latency | ours / bare | process CPU µs a request, ours / bare | answer KB |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

${below} of ${recorded.length} endpoints below 0.8× the bare handler. Server cold start ${(coldStartMs / 1000).toFixed(1)} s, resident memory ${(rssBytes / 1024 / 1024).toFixed(0)} MB after its load. ${((Date.now() - started) / 1000).toFixed(0)} s in all.
${growth.size > 0 ? `Grew the server's resident memory most while loaded: ${[...growth].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, bytes]) => `${name} +${(bytes / 1024 / 1024).toFixed(0)} MB`).join(', ')}.\n` : ''}${skipped.length > 0 ? `\nSkipped:\n${skipped.map((line) => `- ${line}`).join('\n')}` : ''}`);
fs.rmSync(plansFile, { force: true });
removeDataDir();
process.exit(failed ? 1 : 0);
