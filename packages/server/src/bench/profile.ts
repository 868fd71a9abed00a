/**
 * `npx tsx packages/server/src/bench/profile.ts 'admin/members?page_no=1&page_size=10'` (issue 18):
 * where the server process spends its time on one endpoint under load. Starts the real server with
 * Node's CPU profiler on a database that already holds the demo (DATABASE_URL, or the embedded one
 * in BENCH_DATA_DIR), loads the endpoint with autocannon as the signed-in founder (PROFILE_WARM_UP
 * seconds, 5, then PROFILE_SECONDS, 15, with BENCH_CONNECTIONS, 10), stops the server, and prints
 * the self time of the loaded window only (not the start-up) by package and by function.
 * BENCHMARKS.md § "Where the server's time goes" is read from it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { processLogin, startServerProcess } from '../test/server-process.js';

const endpoint = process.argv[2];
if (!endpoint) {
  console.error('usage: profile.ts <path after /api/, with its query>');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.BENCH_DATA_DIR;
if (!databaseUrl && !dataDir) {
  console.error('profile.ts reads an existing database: set DATABASE_URL or BENCH_DATA_DIR');
  process.exit(2);
}
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const WARM_UP = Number(process.env.PROFILE_WARM_UP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-profile-'));
const filesDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agora-profile-files-'));
const server = await startServerProcess(filesDir, { LOG_LEVEL: 'info', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
let loadedFrom = 0;
let loadedTo = 0;
try {
  const token = await processLogin(server);
  const load = (seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon({ url: `${server.url}/api/${endpoint}`, headers: { authorization: token, uuid: 'profile' }, connections: CONNECTIONS, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
    });
  await load(WARM_UP);
  loadedFrom = Date.now();
  const result = await load(SECONDS);
  loadedTo = Date.now();
  console.log(`GET /api/${endpoint}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} answers not 2xx; load average ${os.loadavg()[0].toFixed(1)}`);
} finally {
  await server.stop('SIGINT');
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
// the main thread's profile is the largest (tsx's loader thread writes one too)
const files = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
const main = files.map((name) => path.join(profileDir, name)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
if (!main) throw new Error('the server wrote no profile');
const profile = JSON.parse(fs.readFileSync(main, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
// profile clocks are in microseconds of their own; the loaded window is the last part of the run
const windowUs = (loadedTo - loadedFrom) * 1000;
const from = profile.endTime - windowUs - (Date.now() - loadedTo) * 1000;
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
let clock = profile.startTime;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  clock += delta;
  if (clock < from || clock > from + windowUs) return;
  total += delta;
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const file = url.replace(/^file:\/\/.*?\/packages\//, 'packages/');
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (file.startsWith('packages/') ? file.split('/').slice(0, 4).join('/') : url || functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
  const name = `${functionName || '(anonymous)'} ${file.replace(/^.*node_modules\//, '')}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
});
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${((100 * time) / total).toFixed(1).padStart(6)} %  ${name}`);
};
show('self time by package or file', byPackage);
show('self time by function', byFunction);
console.log(`\nprofile: ${main}`);
if (!dataDir) fs.rmSync(filesDir, { recursive: true, force: true });
