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

test('every file or folder the server reads beside its bundle is in the list', () => {
  const roots = { SERVER_ROOT: 'packages/server', REPO_ROOT: '.' };
  const sources = fs.readdirSync(path.join(root, 'packages/server/src'), { recursive: true })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !/^(test|bench)\//.test(file));
  const paths = sources.flatMap((file) =>
    [...read(`packages/server/src/${file}`).matchAll(/path\.join\((SERVER_ROOT|REPO_ROOT), ((?:'[^'.][^']*'(?:, )?)+)\)/g)].map(([, base, parts]) =>
      path.posix.join(roots[base], ...parts.split(', ').map((part) => part.slice(1, -1))),
    ),
  );
  assert.ok(paths.includes('packages/server/src/db/migrations'), 'the migrations are found (paths.ts)');
  const shipped = entries.map(([, file]) => file);
  for (const file of paths) assert.ok(shipped.some((entry) => file === entry || file.startsWith(`${entry}/`)), `${file} is read at run time but not in scripts/runtime-files.txt`);
});
