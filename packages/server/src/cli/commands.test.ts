import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { buildApp } from '../app.js';
import { MAX_FAILURES } from '../platform/throttle.js';
import { MIGRATIONS_DIR, SERVER_ROOT } from '../platform/paths.js';
import { adminUsers, roles } from '../modules/admins/tables.js';
import { shops } from '../modules/shops/tables.js';
import { systemLogs } from '../modules/system-logs/tables.js';
import { TestApp, testConfig } from '../test/harness.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

/**
 * The operator commands as an operator runs them: their own processes, on the database a real
 * production server (also its own process) uses: PGlite in a data directory, or a throw-away
 * database on the PostgreSQL server of DATABASE_URL.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const hasPython = spawnSync('python3', ['-c', 'import pty']).status === 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-commands-'));
let databaseUrl = '';
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
});

async function createPostgresDatabase(): Promise<string> {
  const name = `agora_commands_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What a production instance and the commands beside it share. */
const productionEnv = () => ({ NODE_ENV: 'production', CAPTCHA_FIXED_CODE: '', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <command> -- args` from the sources, as the npm script runs it without a build. */
function runCommand(command: 'migrate' | 'admin', args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
      cwd: SERVER_ROOT,
      env: { ...process.env, ...productionEnv(), ADMIN_PASSWORD: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same under a terminal (python's pty: node has none), typing `answers` each after the prompt
 * that ends with the next of `prompts` shows; everything the terminal showed.
 */
function runOnTerminal(command: 'admin', args: string[], prompts: string[], answers: string[]): Promise<Run> {
  const script = `
import os, pty, select, sys, json
prompts, answers, argv = json.loads(sys.argv[1]), json.loads(sys.argv[2]), json.loads(sys.argv[3])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
shown = b''
def read():
    global shown
    if select.select([fd], [], [], 1)[0]:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            return False
        if not chunk:
            return False
        shown += chunk
    return True
for prompt, answer in zip(prompts, answers):
    while not shown.decode('utf8', 'replace').rstrip().endswith(prompt.rstrip()):
        if not read():
            break
    os.write(fd, answer.encode() + b'\\r')
while read():
    pass
status = os.waitpid(pid, 0)[1]
sys.stdout.write(shown.decode('utf8', 'replace'))
sys.exit(os.waitstatus_to_exitcode(status))
`;
  return new Promise((resolve, reject) => {
    const argv = [process.execPath, '--import', 'tsx', `src/cli/${command}.ts`, ...args];
    const child = spawn('python3', ['-c', script, JSON.stringify(prompts), JSON.stringify(answers), JSON.stringify(argv)], {
      cwd: SERVER_ROOT,
      env: { ...process.env, ...productionEnv(), ADMIN_PASSWORD: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The console in this process on the commands' database, with the tests' fixed captcha. */
async function openConsole(): Promise<TestApp> {
  const database: Database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
  const { app, ctx } = await buildApp(testConfig(), database);
  await app.ready();
  return new TestApp(app, ctx, database);
}

async function waitUntilReady(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await fetch(`${url}/readyz`)).status !== 200) {
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const migrationCount = () => (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
const FIRST_PASSWORD = 'Launch2026';
const NEW_PASSWORD = 'Rotated2027';

describe('the operator commands against a production instance', { timeout: 600_000 }, () => {
  it('npm run migrate migrates an empty database, says what it did, and exits 0', async () => {
    if (onPostgres) databaseUrl = await createPostgresDatabase();
    const first = await runCommand('migrate', []);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const total = migrationCount();
    expect(first.stdout).toContain(`本次应用 ${total} 个，共 ${total} 个`);
    expect(first.stdout).toContain(`${total} applied now, ${total} in all`);
    const again = await runCommand('migrate', []);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`0 applied now, ${total} in all`);

    const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    try {
      const { rows } = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(rows[0]).toEqual({ n: total });
    } finally {
      await database.close();
    }
  });

  it('a first production start without ADMIN_PASSWORD refuses in one line naming it, without a stack trace', async () => {
    const started = startServerProcess(dataDir, { ...productionEnv(), ADMIN_PASSWORD: '' });
    await expect(started).rejects.toThrow(/the server exited \(1\)[\s\S]*首次以生产模式[\s\S]*ADMIN_PASSWORD/);
    await expect(started).rejects.not.toThrow(/^\s+at /m);
  });

  it('a production start with SEED_DEMO=1 writes no demo row; the commands refuse an embedded database the server has open', async () => {
    server = await startServerProcess(dataDir, { ...productionEnv(), ADMIN_PASSWORD: FIRST_PASSWORD, SEED_DEMO: '1', DEMO_SIZE: 'small' });
    // readiness comes after anything a start writes behind its open port (the demo, when it is written)
    await waitUntilReady(server.url);
    if (!onPostgres) {
      const busy = await runCommand('admin', ['unlock', 'admin']);
      expect(busy.code).toBe(1);
      expect(busy.stderr.trim()).toBe(`数据目录 ${dataDir} 正被进程 ${server.pid} 使用：嵌入式数据库（PGlite）同一时间只能由一个进程打开，请先停止服务器再运行此命令 / The data directory ${dataDir} is in use by process ${server.pid}: the embedded database (PGlite) is open in one process at a time; stop the server, then run this command`);
    }
    await server.stop();
    server = undefined;

    const t = await openConsole();
    try {
      const [roleCount] = await t.ctx.db.select({ n: count() }).from(roles);
      const [adminCount] = await t.ctx.db.select({ n: count() }).from(adminUsers);
      const [shopCount] = await t.ctx.db.select({ n: count() }).from(shops);
      expect({ roles: roleCount.n, admins: adminCount.n, shops: shopCount.n }).toEqual({ roles: 0, admins: 1, shops: 0 });
    } finally {
      await t.close();
    }
  });

  it('admin reset-password refuses published and weak passwords and unknown names in one line, exit 1', async () => {
    for (const [args, password, line] of [
      [['reset-password', 'admin'], 'admin123', 'ADMIN_PASSWORD：不能使用公开的默认密码（admin123、demo123），请另设一个 / ADMIN_PASSWORD: a published default password (admin123, demo123) is refused; choose another'],
      [['reset-password', 'admin'], 'short', 'ADMIN_PASSWORD：密码应为6-20位英文或数字 / ADMIN_PASSWORD: a password is 6-20 letters or digits'],
      [['reset-password', 'nobody'], NEW_PASSWORD, '管理员“nobody”不存在 / There is no administrator "nobody"'],
      [['unlock', 'nobody'], '', '管理员“nobody”不存在 / There is no administrator "nobody"'],
      [['unlock'], '', '用法：npm run admin -- reset-password <用户名> 或 npm run admin -- unlock <用户名> / Usage: npm run admin -- reset-password <username> or npm run admin -- unlock <username>'],
    ] as const) {
      const run = await runCommand('admin', [...args], { ADMIN_PASSWORD: password });
      expect({ code: run.code, stderr: run.stderr.trim(), stdout: run.stdout }, args.join(' ')).toEqual({ code: 1, stderr: line, stdout: '' });
    }
    // without ADMIN_PASSWORD and without a terminal to type it on
    const untyped = await runCommand('admin', ['reset-password', 'admin']);
    expect(untyped.code).toBe(1);
    expect(untyped.stderr).toContain('ADMIN_PASSWORD');
  });

  it('admin reset-password sets the new password and signs the account out; unlock ends its lockout; both are in the system log', async () => {
    const before = await openConsole();
    const session = await before.login('admin', FIRST_PASSWORD).finally(() => before.close());

    const reset = await runCommand('admin', ['reset-password', 'admin'], { ADMIN_PASSWORD: NEW_PASSWORD });
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('已重置管理员“admin”的密码');
    expect(reset.stdout).not.toContain(NEW_PASSWORD);

    const locked = await openConsole();
    try {
      expect((await locked.inject({ method: 'GET', url: '/api/admin/system-logs', session })).statusCode).toBe(403);
      expect((await locked.tryLogin('admin', FIRST_PASSWORD)).statusCode).toBe(400);
      expect((await locked.login('admin', NEW_PASSWORD)).access).toBeTruthy();
      for (let i = 0; i < MAX_FAILURES; i++) expect((await locked.tryLogin('admin', `wrong${i}x`)).statusCode).toBe(400);
      const refused = await locked.tryLogin('admin', NEW_PASSWORD);
      expect(refused.statusCode).toBe(429);
    } finally {
      await locked.close();
    }

    const unlock = await runCommand('admin', ['unlock', 'admin']);
    expect(unlock.stderr).toBe('');
    expect(unlock.code).toBe(0);
    expect(unlock.stdout).toContain('已解除管理员“admin”的登录锁定');

    const after = await openConsole();
    try {
      expect((await after.login('admin', NEW_PASSWORD)).access).toBeTruthy();
      const rows = await after.ctx.db
        .select({ operateDetail: systemLogs.operateDetail, operateDetailEn: systemLogs.operateDetailEn, level: systemLogs.level, url: systemLogs.url })
        .from(systemLogs)
        .where(eq(systemLogs.method, 'CLI'))
        .orderBy(systemLogs.id);
      expect(rows).toEqual([
        { operateDetail: '命令行：重置管理员“admin”的密码', operateDetailEn: 'Command line: reset the password of administrator "admin"', level: 'important', url: 'npm run admin -- reset-password' },
        { operateDetail: '命令行：解除管理员“admin”的登录锁定', operateDetailEn: 'Command line: end the sign-in lockout of administrator "admin"', level: 'important', url: 'npm run admin -- unlock' },
      ]);
    } finally {
      await after.close();
    }
  });

  it.runIf(hasPython)('admin reset-password asks on a terminal, twice, without showing what is typed', async () => {
    const typed = 'Typed2028';
    const prompts = ['新密码 / New password:', '再输入一次 / Again:'];
    const differ = await runOnTerminal('admin', ['reset-password', 'admin'], prompts, [typed, `${typed}x`]);
    expect(differ.code).toBe(1);
    expect(differ.stdout).toContain('两次输入的密码不一致，密码未修改 / The two entries differ; the password is unchanged');
    const run = await runOnTerminal('admin', ['reset-password', 'admin'], prompts, [typed, typed]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('已重置管理员“admin”的密码');
    expect(run.stdout).not.toContain(typed);
    const t = await openConsole();
    try {
      expect((await t.login('admin', typed)).access).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
