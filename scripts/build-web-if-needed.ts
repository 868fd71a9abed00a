/**
 * `npm start`: builds the web app only when it needs it — packages/web/dist is missing, or a
 * file it is built from is newer than the last build (mtime compare). `npm run build` and
 * `npm run test:e2e` always build.
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

/** Why the web app must be built, or null when the last build is newer than all it is built from. */
export function webBuildReason(root = ROOT): string | null {
  const built = newestFile(path.join(root, WEB_BUILT));
  if (!built) return 'packages/web/dist is missing';
  for (const input of WEB_INPUTS) {
    const newest = newestFile(path.join(root, input));
    if (newest && newest.mtimeMs > built.mtimeMs) return `${path.relative(root, newest.file)} changed since the last build`;
  }
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = webBuildReason();
  if (!reason) {
    console.log('web app: up to date (packages/web/dist)');
  } else {
    console.log(`web app: building (${reason})`);
    const build = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', '@agora/web'], { cwd: ROOT, stdio: 'inherit' });
    process.exit(build.status ?? 1);
  }
}
