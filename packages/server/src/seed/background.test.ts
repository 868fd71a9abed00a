import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { DEMO_SEED_STEPS, startupEndpoints, type Page, type Startup } from '@agora/contract';
import { openDatabase } from '../db/client.js';
import { shops } from '../modules/shops/tables.js';
import { processCall, processLogin, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { demoSeeded } from './marker.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-seeding-'));
const stoppedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-seeding-stopped-'));
// The console's page as the server sends it (the built one may not exist when the unit suites run).
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-seeding-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Agora</title><div id="root"></div>');
let server: ServerProcess | undefined;
let stopped: ServerProcess | undefined;
afterAll(async () => {
  // a failed expectation leaves its process running: no test leaves one behind
  for (const process of [server, stopped]) await process?.stop('SIGKILL');
  for (const dir of [dataDir, stoppedDir, webDist]) fs.rmSync(dir, { recursive: true, force: true });
});

const startup = async (url: string) => (await (await fetch(`${url}/api/${startupEndpoints.show.path}`)).json()) as Startup;

// A real process on its own embedded database, whatever the suite's database (the PostgreSQL pass would only run it again).
describe.skipIf(Boolean(process.env.DATABASE_URL))('a real server writing its demo', { timeout: 300_000 }, () => {
  it('answers the login page and its progress while it writes the demo, then is ready with the demo there', async () => {
    server = await startServerProcess(dataDir, { SEED_DEMO: '1', DEMO_SIZE: 'small', WEB_DIST: webDist }, { answering: true });
    const seen: Startup[] = [];
    let pageWhileSeeding = false;
    for (const deadline = Date.now() + 240_000; ; ) {
      const now = await startup(server.url);
      seen.push(now);
      if (now.phase === 'ready') break;
      if (now.phase === 'seeding' && !pageWhileSeeding) {
        const page = await fetch(`${server.url}/admin/login`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await page.text()).toContain('<div id="root">');
        // answered while the demo was still being written
        pageWhileSeeding = (await startup(server.url)).phase === 'seeding';
      }
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pageWhileSeeding).toBe(true);
    const progress = seen.flatMap((entry) => (entry.phase === 'seeding' && entry.seed ? [entry.seed] : []));
    expect(progress.some((seed) => seed.done < seed.total)).toBe(true);
    for (const seed of progress) {
      expect(seed.total).toBe(DEMO_SEED_STEPS.length);
      expect(seed.step).toBe(DEMO_SEED_STEPS[seed.done]);
    }
    // steps only move forward
    expect(progress.map((seed) => seed.done)).toEqual(progress.map((seed) => seed.done).sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual({ phase: 'ready', seed: null });

    // Ready means the whole demo is there.
    const token = await processLogin(server);
    const members = await processCall<Page<unknown>>(server, token, 'GET', 'admin/members?page_no=1&page_size=1');
    expect(members.data_total).toBeGreaterThan(0);
  });

  it('stops on SIGTERM mid-demo without finishing it first: nothing of the marketplace is kept, so the next start writes it', async () => {
    stopped = await startServerProcess(stoppedDir, { SEED_DEMO: '1', DEMO_SIZE: 'small', WEB_DIST: webDist }, { answering: true });
    for (const deadline = Date.now() + 240_000; ; ) {
      expect(Date.now()).toBeLessThan(deadline);
      const now = await startup(stopped.url);
      expect(now.phase).not.toBe('ready');
      // the marketplace's transaction is open
      if (now.phase === 'seeding' && now.seed && now.seed.done >= DEMO_SEED_STEPS.indexOf('catalogue')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stopped.stop('SIGTERM');
    expect(stopped.child.exitCode).toBe(0);
    const database = await openDatabase({ dataDir: stoppedDir });
    try {
      expect(await demoSeeded(database.db, 'marketplace')).toBe(false);
      expect((await database.db.select({ n: count() }).from(shops))[0].n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
