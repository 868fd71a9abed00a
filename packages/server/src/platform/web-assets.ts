import path from 'node:path';

/**
 * How long a browser keeps a file of the built console. Everything under `assets/` carries its
 * content hash in its name, so it never changes under that name: kept a year, never revalidated.
 * index.html (and anything else unhashed) names the current assets: revalidated on every load.
 */
export function webCacheControl(filePath: string): string {
  const parts = filePath.split(path.sep).join('/');
  return /(^|\/)assets\/[^/]+$/.test(parts) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
