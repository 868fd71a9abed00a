/**
 * `npm start`: builds the web app, the decoration app and the server bundle only when they need
 * it — the build is missing, or a file it is built from is newer than its last build (mtime
 * compare). `npm run build` and `npm run test:e2e` always build all three.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the web app is built from, relative to the repository root. */
export const WEB_INPUTS = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/web/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  // a dependency installed or upgraded
  'package-lock.json',
] as const;
/** Written by every build. */
export const WEB_BUILT = 'packages/web/dist/index.html';

/** The decoration app is built from its own files and the console's (it imports its components). */
export const DECOR_INPUTS = ['packages/decor/src', 'packages/decor/index.html', 'packages/decor/build.mjs', 'packages/decor/package.json', ...WEB_INPUTS] as const;
export const DECOR_BUILT = 'packages/decor/dist/index.html';

/** The server bundle `npm start` runs is built from the server's sources and the contract's. */
export const SERVER_INPUTS = [
  'packages/server/src',
  'packages/server/build.mjs',
  'packages/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
] as const;
export const SERVER_BUILT = 'packages/server/dist/main.js';

/** What `npm start` runs and serves: what each is built from, what its build writes, its workspace. */
const APPS = [
  { name: 'web app', inputs: WEB_INPUTS, built: WEB_BUILT, workspace: '@agora/web' },
  { name: 'decoration app', inputs: DECOR_INPUTS, built: DECOR_BUILT, workspace: '@agora/decor' },
  { name: 'server', inputs: SERVER_INPUTS, built: SERVER_BUILT, workspace: '@agora/server' },
] as const;

/** The most recently modified file at or under `target` (none when it does not exist). */
function newestFile(target: string): { file: string; mtimeMs: number } | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return { file: target, mtimeMs: stat.mtimeMs };
  let newest: { file: string; mtimeMs: number } | null = null;
  for (const entry of fs.readdirSync(target)) {
    const candidate = newestFile(path.join(target, entry));
    if (candidate && (!newest || candidate.mtimeMs > newest.mtimeMs)) newest = candidate;
  }
  return newest;
}

/** Why an app must be built, or null when its last build is newer than all it is built from. */
export function buildReason(root: string, inputs: readonly string[], builtFile: string): string | null {
  const built = newestFile(path.join(root, builtFile));
  if (!built) return `${path.dirname(builtFile)} is missing`;
  for (const input of inputs) {
    const newest = newestFile(path.join(root, input));
    if (newest && newest.mtimeMs > built.mtimeMs) return `${path.relative(root, newest.file)} changed since the last build`;
  }
  return null;
}

/** Why the web app must be built, or null when the last build is newer than all it is built from. */
export const webBuildReason = (root = ROOT): string | null => buildReason(root, WEB_INPUTS, WEB_BUILT);
export const decorBuildReason = (root = ROOT): string | null => buildReason(root, DECOR_INPUTS, DECOR_BUILT);
export const serverBuildReason = (root = ROOT): string | null => buildReason(root, SERVER_INPUTS, SERVER_BUILT);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const app of APPS) {
    const reason = buildReason(ROOT, app.inputs, app.built);
    if (!reason) {
      console.log(`${app.name}: up to date (${path.dirname(app.built)})`);
      continue;
    }
    console.log(`${app.name}: building (${reason})`);
    const build = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', app.workspace], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
