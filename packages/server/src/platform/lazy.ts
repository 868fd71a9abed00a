/**
 * Packages loaded on first use instead of at start (issue 18: the embedded server's resident
 * memory). exceljs, sanitize-html, nodemailer and the S3 SDK serve an export, a rich-text save,
 * a mail or a bucket — a console that never does one never holds them. An ES module used from
 * async code needs no helper: `await import('file-type')` where it is used (Node keeps the module
 * after the first import).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A CommonJS package, required the first time the returned function is called (synchronous, so a synchronous caller stays so). */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}

