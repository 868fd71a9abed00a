// node --test scripts/ (run by .ci/run before the suites): the one-line pre-checks of npm test and the PostgreSQL pass.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { missingTools } from './preflight.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const none = () => false;

test('a missing Chromium is one line naming the path and the Debian packages to install', () => {
  const lines = missingTools(['chromium'], {}, none);
  assert.equal(lines.length, 1);
  assert.match(lines[0], /\/usr\/bin\/chromium/);
  assert.match(lines[0], /apt-get install -y chromium fonts-wqy-microhei/);
  assert.doesNotMatch(lines[0], /\n/);
});

test('CHROMIUM_PATH is the browser looked for, and a present one passes', () => {
  assert.deepEqual(missingTools(['chromium'], { CHROMIUM_PATH: '/opt/chrome' }, (file) => file === '/opt/chrome'), []);
  assert.match(missingTools(['chromium'], { CHROMIUM_PATH: '/opt/chrome' }, none)[0], /\/opt\/chrome/);
});

test('PostgreSQL passes only with initdb, pg_ctl and postgres of one version', () => {
  const root = '/usr/lib/postgresql';
  const listDir = (dir) => (dir === root ? ['15'] : []);
  const all = (file) => ['initdb', 'pg_ctl', 'postgres'].some((bin) => file === `${root}/15/bin/${bin}`);
  assert.deepEqual(missingTools(['postgresql'], {}, all, listDir), []);
  const [line] = missingTools(['postgresql'], {}, (file) => all(file) && !file.endsWith('/initdb'), listDir);
  assert.match(line, /apt-get install -y postgresql/);
});

test('npm test stops before any suite when the browser is missing: one line, exit 1', () => {
  const result = spawnSync(process.execPath, [path.join(here, 'timed.mjs'), 'typecheck', 'test:browser'], {
    env: { ...process.env, CHROMIUM_PATH: path.join(os.tmpdir(), 'no-such-chromium') },
    encoding: 'utf8',
  });
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '', 'nothing ran (no type check, no timing table)');
  assert.equal(result.stderr.trim().split('\n').length, 1);
  assert.match(result.stderr, /no-such-chromium.*apt-get install -y chromium/);
});

test('the PostgreSQL pass says the same line before starting a cluster', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-no-pg-'));
  try {
    const result = spawnSync('bash', [path.join(here, 'with-postgres.sh'), 'true'], { env: { ...process.env, POSTGRES_LIB_DIR: empty }, encoding: 'utf8' });
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /apt-get install -y postgresql/);
  } finally {
    fs.rmSync(empty, { recursive: true });
  }
});
