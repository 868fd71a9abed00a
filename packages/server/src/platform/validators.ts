/**
 * HTTP validators for answers operators can change at any time (reference data, decoration pages,
 * the UI texts): each answer carries an ETag with `no-cache`, so a client asks again every time and
 * gets a body-less 304 while its copy is current.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A strong validator of `content`: a version key, or the answer's JSON. */
export const etagOf = (content: string): string => `"${crypto.createHash('sha1').update(content).digest('base64url')}"`;

/** Whether the client already holds the version `etag` names (If-None-Match: one or a list, weak or strong). */
export function clientHolds(req: FastifyRequest, etag: string): boolean {
  const sent = req.headers['if-none-match'];
  return sent !== undefined && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
