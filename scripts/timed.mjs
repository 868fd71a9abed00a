/**
 * `npm test`: runs npm scripts one after the other, stops at the first that fails (as `a && b`
 * would), and ends with how long each took, so the time per suite is the last thing a CI log
 * shows. With TIMINGS_FILE set, the lines are also appended there (.ci/run prints them in its
 * own summary, after the PostgreSQL pass). What the scripts need from the machine (the browser of the
 * e2e suite) is checked first, so a missing one is said in one line before any suite runs.
 *
 *   node scripts/timed.mjs typecheck test:unit build test:browser
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { missingTools } from './preflight.mjs';

const scripts = process.argv.slice(2);
const BROWSER_SCRIPTS = ['test:browser', 'test:e2e'];
const missing = missingTools(scripts.some((script) => BROWSER_SCRIPTS.includes(script)) ? ['chromium'] : []);
if (missing.length > 0) {
  for (const line of missing) console.error(line);
  process.exit(1);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const lines = [];
let status = 0;
for (const script of scripts) {
  const started = Date.now();
  const result = spawnSync(npm, ['run', script], { stdio: 'inherit' });
  status = result.status ?? 1;
  lines.push(`${script.padEnd(22)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s${status === 0 ? '' : `  failed (exit ${status})`}`);
  if (status !== 0) break;
}
const skipped = scripts.slice(lines.length);
if (skipped.length > 0) lines.push(`not run: ${skipped.join(', ')}`);

console.log(`\n--- time per suite (npm test) ---\n${lines.join('\n')}`);
if (process.env.TIMINGS_FILE) fs.appendFileSync(process.env.TIMINGS_FILE, `${lines.join('\n')}\n`);
process.exit(status);

