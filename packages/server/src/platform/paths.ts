import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from this module's file up to the package.json that names
 * it: the same folder whether the server runs from its sources (`src/…`, under tsx) or from the
 * bundle `npm start` builds (`dist/main.js`), whose modules sit at another depth.
 */
function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@agora/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`the @agora/server package is not above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const SERVER_ROOT = serverRoot();
/** The repository's root (the workspaces' parent). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');
/** The SQL migrations, applied on start (shipped as files beside the sources, not in the bundle). */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src', 'db', 'migrations');
/** The console's shipped texts (the contract's locale files), synced into the UI dictionary on start. */
export const LOCALES_DIR = path.join(REPO_ROOT, 'packages', 'contract', 'src', 'locales');
