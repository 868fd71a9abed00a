/**
 * What a suite needs from the machine besides node_modules, checked before anything runs: on a
 * fresh machine without Chromium, `npm test` used to fail only after the type check, the unit
 * suites, the build and a server start, with Playwright's "executable doesn't exist" and no word
 * of what to do. Each check answers with one line: what is missing and the command that installs it.
 *
 *   node scripts/preflight.mjs chromium postgresql    (exit 1 and the lines when something is missing)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

const CHECKS = {
  /** the e2e suite's browser (e2e/src/global-setup.ts launches CHROMIUM_PATH or /usr/bin/chromium) */
  chromium(env, fileExists) {
    const browser = env.CHROMIUM_PATH || '/usr/bin/chromium';
    if (fileExists(browser)) return null;
    return `未找到 Chromium（${browser}），端到端测试无法运行 / Chromium not found at ${browser}: on Debian run \`apt-get install -y chromium fonts-wqy-microhei\`, or set CHROMIUM_PATH to a Chromium binary`;
  },
  /** the server binaries scripts/with-postgres.sh starts a throw-away cluster with (Debian's layout) */
  postgresql(env, fileExists, listDir) {
    const root = env.POSTGRES_LIB_DIR || '/usr/lib/postgresql';
    const versions = listDir(root);
    if (versions.some((version) => ['initdb', 'pg_ctl', 'postgres'].every((bin) => fileExists(path.join(root, version, 'bin', bin))))) return null;
    return `未找到 PostgreSQL 服务端程序（${root}/<版本>/bin/initdb）/ PostgreSQL server binaries not found under ${root}/<version>/bin: on Debian run \`apt-get install -y postgresql\``;
  },
};

const listDirectory = (dir) => {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
};

/** The lines saying what is missing for the named needs (empty: all there). */
export function missingTools(needs, env = process.env, fileExists = isExecutable, listDir = listDirectory) {
  return needs.map((need) => {
    const check = CHECKS[need];
    if (!check) throw new Error(`unknown need "${need}" (known: ${Object.keys(CHECKS).join(', ')})`);
    return check(env, fileExists, listDir);
  }).filter((line) => line !== null);
}

const runDirectly = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url));
if (runDirectly) {
  const lines = missingTools(process.argv.slice(2));
  for (const line of lines) console.error(line);
  process.exit(lines.length > 0 ? 1 : 0);
}
