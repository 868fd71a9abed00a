// node --test scripts/ (run by .ci/run): the Dockerfile and CI's runtime check install and hold the same things.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const entries = read('scripts/runtime-files.txt')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => line.trim().split(/\s+/));
const listed = (part) => entries.filter(([kind]) => kind === part).map(([, file]) => file);
const dockerfile = read('Dockerfile');
const [buildStage, runtimeStage] = dockerfile.split(/^FROM .* AS runtime$/m);

test('every line of the list is a manifest or a built path', () => {
  for (const entry of entries) assert.ok(entry.length === 2 && ['manifest', 'built'].includes(entry[0]), entry.join(' '));
});

test('the manifests are the root package and every workspace: npm ci checks the lockfile against all of them', () => {
  const { workspaces } = JSON.parse(read('package.json'));
  assert.deepEqual(listed('manifest').sort(), ['package.json', 'package-lock.json', ...workspaces.map((dir) => `${dir}/package.json`)].sort());
});

test("the build stage installs from the same manifests before it copies the sources", () => {
  const copied = [...buildStage.matchAll(/^COPY (?!--from)(.+) (\S+)$/gm)].flatMap(([, sources, target]) =>
    sources.split(/\s+/).map((source) => (target.endsWith('/') && target !== './' ? `${target}${path.basename(source)}` : source)),
  );
  const beforeSources = copied.slice(0, copied.indexOf('.'));
  assert.deepEqual(beforeSources.sort(), listed('manifest').sort());
});

test('the runtime stage holds what scripts/stage-runtime.sh staged, installed by the command the runtime check runs', () => {
  assert.match(buildStage, /scripts\/stage-runtime\.sh \/runtime/);
  assert.match(runtimeStage, /^COPY --from=build \/runtime\/manifest\/ \.\/$/m);
  assert.match(runtimeStage, /^COPY --from=build \/runtime\/built\/ \.\/$/m);
  assert.equal(runtimeStage.match(/^COPY /gm).length, 2, 'nothing else is copied into the runtime stage');
  const install = /npm ci --omit=dev[^\n]*/.exec(runtimeStage)[0];
  assert.ok(read('scripts/runtime-check.sh').includes(`(cd "$app" && ${install})`), `runtime-check.sh runs "${install}"`);
  assert.match(runtimeStage, /^CMD \["node", "--enable-source-maps", "packages\/server\/dist\/main\.js"\]$/m);
  assert.ok(read('scripts/runtime-check.sh').includes('server=(node --enable-source-maps packages/server/dist/main.js)'), 'the check starts what the image starts');
});

/**
 * The server's modules that go into its bundles (dist/main.js and the commands of build.mjs): the
 * relative imports followed from the entry points. A build-time tool among the sources (one the
 * server never imports) reads files the runtime install need not hold.
 */
function bundledSources() {
  const names = /commandBundles = \[([^\]]*)\]/.exec(read('packages/server/build.mjs'))[1].match(/'[^']+'/g).map((name) => name.slice(1, -1));
  const pending = ['main.ts', ...names.map((name) => `cli/${name}.ts`)];
  const seen = new Set();
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of read(`packages/server/src/${file}`).matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)\.js'/g)) {
      pending.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), `${specifier}.ts`)));
    }
  }
  return [...seen];
}

test('every file or folder the server reads beside its bundle is in the list', () => {
  const roots = { SERVER_ROOT: 'packages/server', REPO_ROOT: '.' };
  const sources = bundledSources();
  assert.ok(sources.includes('platform/paths.ts') && sources.includes('cli/migrate.ts'), 'the import graph is followed');
  const paths = sources.flatMap((file) =>
    [...read(`packages/server/src/${file}`).matchAll(/path\.join\((SERVER_ROOT|REPO_ROOT), ((?:'[^'.][^']*'(?:, )?)+)\)/g)].map(([, base, parts]) =>
      path.posix.join(roots[base], ...parts.split(', ').map((part) => part.slice(1, -1))),
    ),
  );
  assert.ok(paths.includes('packages/server/src/db/migrations'), 'the migrations are found (paths.ts)');
  const shipped = entries.map(([, file]) => file);
  for (const file of paths) assert.ok(shipped.some((entry) => file === entry || file.startsWith(`${entry}/`)), `${file} is read at run time but not in scripts/runtime-files.txt`);
});
