/**
 * The real server as its own process (`node --import tsx src/main.ts`, or the built bundle) on a data directory of the
 * caller's, for what only a process shows: `kill -9` and a restart, its resident memory. Used by
 * the restart test and `npm run bench`; no test-runner imports here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startupEndpoints, type Startup } from '@agora/contract';
import { RATE_LIMIT_KINDS, rateLimitEnvName } from '../platform/rate-limit.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CAPTCHA = 'test';
export const PROCESS_FOUNDER_PASSWORD = 'admin123';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Waits until `url` answers 200 (and `accept` takes the answer, when given), failing at once if
 * `server` exits and after two minutes.
 */
export async function waitUntilUp(url: string, server: ChildProcess, log: () => string, accept: (response: Response) => Promise<boolean> = async () => true): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the server exited (${server.exitCode ?? server.signalCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok && (await accept(response))) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not come up at ${url}:\n${log()}`);
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  pid: number;
  /** what it printed */
  output(): string;
  /** the process's resident set size now, in bytes (Linux /proc) */
  rss(): number;
  /** signals it and waits for the exit */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerProcessOptions {
  /** the port to listen on (a free one when not given): the e2e set-up needs it for DECOR_ORIGIN first */
  port?: number;
  /** each chunk the server writes (stdout and stderr), e.g. to keep a log file */
  onOutput?(chunk: Buffer): void;
  /** flags for node itself, before the entry (e.g. --cpu-prof, which NODE_OPTIONS refuses) */
  nodeArgs?: string[];
  /**
   * run the bundle `npm start` runs (dist/main.js, built by `npm run build`) instead of the sources
   * under tsx: the e2e suite tests what an operator starts
   */
  built?: boolean;
  /** return once the port answers, before the demo is written (to watch it being written); by default once the server is ready */
  answering?: boolean;
}

/**
 * Starts the server on `dataDir` (embedded database, no demo data unless `env` says SEED_DEMO=1)
 * and waits until it is ready (its demo written). The one place the test processes' environment is written: the
 * restart test, `npm run bench` and the e2e set-up start the server through it.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  let output = '';
  const entry = options.built ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  if (options.built && !fs.existsSync(path.join(serverRoot, 'dist', 'main.js'))) throw new Error('packages/server/dist/main.js is missing: run `npm run build` first');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA_FIXED_CODE: CAPTCHA,
      ADMIN_PASSWORD: PROCESS_FOUNDER_PASSWORD,
      DATABASE_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // the e2e suite and the benchmarks sign in and upload from 127.0.0.1 far past an operator's pace
      ...Object.fromEntries(RATE_LIMIT_KINDS.map((kind) => [rateLimitEnvName(kind), '1000000'])),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record = (chunk: Buffer) => {
    output += chunk;
    options.onOutput?.(chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // The port opens before the demo is written (GET base/startup says how far it is): suites start on the whole demo.
  await waitUntilUp(`${url}/api/${startupEndpoints.show.path}`, child, () => output, async (response) => options.answering || ((await response.json()) as Startup).phase === 'ready');
  return {
    url,
    child,
    pid: child.pid!,
    output: () => output,
    rss() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Signs the founder in through the API, as the login page does; the access token. */
export async function processLogin(server: ServerProcess): Promise<string> {
  const uuid = crypto.randomUUID();
  await fetch(`${server.url}/api/base/captchas/LOGIN/${uuid}`);
  const password = crypto.createHash('md5').update(PROCESS_FOUNDER_PASSWORD).digest('hex');
  const response = await fetch(`${server.url}/api/admin/systems/admin-users/login?${new URLSearchParams({ username: 'admin', password, captcha: CAPTCHA, uuid })}`);
  if (!response.ok) throw new Error(`login: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Passes the second step for the founder's token (password verification switched on first), as exports of records need. */
export async function processVerify(server: ServerProcess, token: string): Promise<void> {
  const password = crypto.createHash('md5').update('verify1').digest('hex');
  await processCall(server, token, 'PUT', 'admin/systems/authentications/update-password', { password });
  await processCall(server, token, 'PUT', 'admin/systems/authentications', { message_auth: 0, password_auth: 1 });
  await processCall(server, token, 'POST', 'admin/passport/check-password', { password });
}

/** A call to the running server as the signed-in founder. */
export async function processCall<T = unknown>(server: ServerProcess, token: string, method: string, url: string, body?: object): Promise<T> {
  const response = await fetch(`${server.url}/api/${url}`, {
    method,
    headers: { authorization: token, uuid: 'process', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
