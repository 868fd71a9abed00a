import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBundle } from '../../build.mjs';
import { lazyRequire } from './lazy.js';

describe('packages loaded on first use (issue 18: resident memory)', () => {
  it('the server bundle imports at start none of what an export, a rich-text save, a mail, a bucket, an upload or the other database needs', async () => {
    const result = await build({ ...serverBundle, write: false, metafile: true, sourcemap: false, logLevel: 'silent' });
    const atStart = new Set<string>();
    const onUse = new Set<string>();
    for (const output of Object.values(result.metafile.outputs)) {
      for (const imported of output.imports) if (imported.external) (imported.kind === 'dynamic-import' ? onUse : atStart).add(imported.path);
    }
    const lazy = ['exceljs', 'sanitize-html', 'nodemailer', '@aws-sdk/client-s3', '@aws-sdk/lib-storage', 'mp4box', 'file-type', 'pg', 'drizzle-orm/node-postgres', '@electric-sql/pglite', 'drizzle-orm/pglite'];
    // a package or any of its entry points (drizzle-orm/pglite/migrator loads PGlite as surely)
    expect([...atStart].filter((name) => lazy.some((held) => name === held || name.startsWith(`${held}/`)))).toEqual([]);
    // each database's driver is still there, imported when it is the one opened
    expect([...onUse]).toEqual(expect.arrayContaining(['pg', 'drizzle-orm/node-postgres', '@electric-sql/pglite', 'drizzle-orm/pglite', 'mp4box', 'file-type', '@aws-sdk/client-s3', '@aws-sdk/lib-storage']));
    // and the server still starts something: fastify is imported at start
    expect([...atStart]).toContain('fastify');
  });

  it('requires a CommonJS package once, on the first call', () => {
    const load = lazyRequire<typeof import('node:path')>('node:path');
    expect(load().join('a', 'b')).toBe('a/b');
    expect(load()).toBe(load());
  });
});
