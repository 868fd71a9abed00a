import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DECOR_BUILT, SERVER_BUILT, WEB_BUILT, decorBuildReason, serverBuildReason, webBuildReason } from '../../../../scripts/build-if-needed.js';
import { LOCALES_DIR, MIGRATIONS_DIR, REPO_ROOT, SERVER_ROOT } from './paths.js';

let root: string;
afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Writes a file with the given modification time (seconds since the epoch). */
function write(file: string, mtime: number): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, 'x');
  fs.utimesSync(full, mtime, mtime);
}

describe('npm start builds the web app, the decoration app and the server only if needed', () => {
  it('builds when dist is missing or older than any source, and not otherwise', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-webbuild-'));
    write('packages/web/src/main.tsx', 1000);
    write('packages/web/src/features/a/Page.tsx', 1000);
    write('packages/web/index.html', 1000);
    write('packages/web/vite.config.ts', 1000);
    write('packages/contract/src/routes.ts', 1000);
    expect(webBuildReason(root)).toBe('packages/web/dist is missing');

    write(WEB_BUILT, 2000);
    expect(webBuildReason(root)).toBeNull();

    write('packages/web/src/features/a/Page.tsx', 3000);
    expect(webBuildReason(root)).toBe(`${path.join('packages/web/src/features/a/Page.tsx')} changed since the last build`);
    write(WEB_BUILT, 4000);
    write('packages/contract/src/routes.ts', 5000);
    expect(webBuildReason(root)).toMatch(/contract.src.routes\.ts changed/);
    write(WEB_BUILT, 6000);
    write('packages/web/vite.config.ts', 7000);
    expect(webBuildReason(root)).toMatch(/vite\.config\.ts changed/);
    write(WEB_BUILT, 8000);
    // Something outside what the app is built from changes nothing.
    write('packages/server/src/main.ts', 9000);
    expect(webBuildReason(root)).toBeNull();
  });

  it('builds the decoration app when its own files or the console files it imports change', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-decorbuild-'));
    write('packages/decor/src/Editor.tsx', 1000);
    write('packages/web/src/components/FloorTitleEditor.tsx', 1000);
    expect(decorBuildReason(root)).toBe('packages/decor/dist is missing');
    write(DECOR_BUILT, 2000);
    expect(decorBuildReason(root)).toBeNull();
    write('packages/web/src/components/FloorTitleEditor.tsx', 3000);
    expect(decorBuildReason(root)).toMatch(/FloorTitleEditor\.tsx changed/);
    write(DECOR_BUILT, 4000);
    write('packages/decor/src/Editor.tsx', 5000);
    expect(decorBuildReason(root)).toMatch(/Editor\.tsx changed/);
  });

  it('builds the server bundle when the server or the contract changes, not the console', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-serverbuild-'));
    write('packages/server/src/main.ts', 1000);
    write('packages/contract/src/routes.ts', 1000);
    expect(serverBuildReason(root)).toBe('packages/server/dist is missing');
    write(SERVER_BUILT, 2000);
    expect(serverBuildReason(root)).toBeNull();
    write('packages/web/src/main.tsx', 3000);
    expect(serverBuildReason(root)).toBeNull();
    write('packages/contract/src/routes.ts', 4000);
    expect(serverBuildReason(root)).toMatch(/contract.src.routes\.ts changed/);
    write(SERVER_BUILT, 5000);
    write('packages/server/src/modules/orders/service.ts', 6000);
    expect(serverBuildReason(root)).toMatch(/service\.ts changed/);
  });
});

describe('the files the server reads beside its code', () => {
  it('are found from the package folder, whatever depth the running module sits at (sources or bundle)', () => {
    expect(JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')).name).toBe('@agora/server');
    expect(fs.existsSync(path.join(REPO_ROOT, 'packages', 'contract', 'package.json'))).toBe(true);
    expect(fs.readdirSync(MIGRATIONS_DIR).some((file) => file.endsWith('.sql'))).toBe(true);
    expect(fs.existsSync(path.join(LOCALES_DIR, 'zh-CN'))).toBe(true);
  });
});
