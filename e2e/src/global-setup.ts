import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort, startServerProcess, waitUntilUp } from '../../packages/server/src/test/server-process.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const CAPTCHA = 'e2e1';

/** Shared with the server's process tests (a real server process, kill -9). */
export { freePort, waitUntilUp };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserEndpoint: string;
    /** The server's own output (warnings and errors), printed with a failed test's pages. */
    serverLog: string;
  }
}

/** Starts Debian's Chromium once for the run; spec files connect to it (launchBrowser in browser.ts). */
function startBrowser() {
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Starts the real server (built SPA, fresh embedded database, demo data) and the browser once for the e2e run. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(repoRoot, 'packages/web/dist/index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` first (npm run test:e2e does)');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-'));
  const serverLog = path.join(dataDir, 'server.log');
  const server = await startServerProcess(
    dataDir,
    {
      CAPTCHA_FIXED_CODE: CAPTCHA,
      SEED_DEMO: '1',
      DEMO_SIZE: 'small',
      // The console is reached as 127.0.0.1 and opens the decoration app as localhost: two origins (spec §4).
      DECOR_ORIGIN: `http://localhost:${port}`,
      // The SMTP servers, SMS gateways and translation platform the e2e files play listen on 127.0.0.1.
      OUTBOUND_ALLOW: '127.0.0.1',
    },
    { port, built: true, onOutput: (chunk) => fs.appendFileSync(serverLog, chunk) },
  );
  const baseUrl = server.url;
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
  const browser = await startBrowser();
  project.provide('browserEndpoint', browser.wsEndpoint());

  return async () => {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
