import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DECOR_BUILT, WEB_BUILT, decorBuildReason, webBuildReason } from '../../../../scripts/build-web-if-needed.js';

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

describe('npm start builds the web app only if needed', () => {
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
});
