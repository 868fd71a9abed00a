import type { FastifyInstance } from 'fastify';

/** A request's headers must have arrived this long after its connection opened. */
export const HEADERS_TIMEOUT_MS = 20_000;
/** The slowest body we wait for, past the grace period: a second per this many bytes announced. */
export const MIN_BODY_BYTES_PER_SECOND = 64 * 1024;

/**
 * Closes a connection whose request body does not arrive in time: `graceMs`, plus a second per
 * 64 KB its Content-Length announces (JSON bodies are at most 2 MB, so about a minute at most).
 * A body trickled a byte at a time no longer holds a connection open for minutes. A multipart
 * upload is read by its signed-in handler after this point, at its own pace.
 */
export function registerBodyDeadline(app: FastifyInstance, graceMs: number): void {
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const announced = Number(req.headers['content-length'] ?? 0) || 0;
    const deadline = setTimeout(() => {
      req.log.info({ req }, 'request body too slow: connection closed');
      req.raw.socket?.destroy();
    }, graceMs + (announced / MIN_BODY_BYTES_PER_SECOND) * 1000);
    deadline.unref();
    req.raw.once('close', () => clearTimeout(deadline));
    req.bodyDeadline = deadline;
  });
  // The body has been read and parsed (or, for a multipart upload, is left to its handler), or the request was answered.
  const done = async (req: { bodyDeadline?: NodeJS.Timeout }) => {
    if (req.bodyDeadline) clearTimeout(req.bodyDeadline);
  };
  app.addHook('preValidation', done);
  app.addHook('onResponse', done);
}

declare module 'fastify' {
  interface FastifyRequest {
    bodyDeadline?: NodeJS.Timeout;
  }
}
