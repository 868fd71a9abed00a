import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { regionEndpoints as regions } from '@agora/contract';
import { requestLanguage, route } from '../../platform/http.js';
import { citiesOf, listCountries, referenceVersion, regionChildren, regionTree, statesOf } from './service.js';


/**
 * Reference data changes only with a new data package: answers carry a validator made of the
 * data version (and what varies the answer), so a client that has it gets 304 without the body.
 * Refusals (unknown ids) carry no caching headers. A 304 is sent here; what the handler then
 * returns is not sent.
 */
async function cacheable<T>(req: FastifyRequest, reply: FastifyReply, key: string, scope: 'public' | 'private', produce: () => Promise<T>): Promise<T> {
  const etag = `"${crypto.createHash('sha1').update(key).digest('base64url')}"`;
  const sent = req.headers['if-none-match'];
  const headers = { etag, 'cache-control': `${scope}, max-age=3600`, vary: 'language' };
  if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    await reply.headers(headers).status(304).send();
    return undefined as T;
  }
  const body = await produce();
  reply.headers(headers);
  return body;
}

/** Reference data with validators of its version (see the contract's regionEndpoints). */
export const regionRoutes = [
  route(regions.countries, {
    async handler({ req, reply, ctx }) {
      const lang = requestLanguage(req);
      return cacheable(req, reply, `countries|${await referenceVersion(ctx.db, 'countries')}|${lang}`, 'public', () => listCountries(ctx.db, lang));
    },
  }),
  route(regions.states, {
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, `states|${await referenceVersion(ctx.db, 'countries')}|${params.code}`, 'public', () => statesOf(ctx.db, params.code));
    },
  }),
  route(regions.cities, {
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, `cities|${await referenceVersion(ctx.db, 'countries')}|${params.id}`, 'public', () => citiesOf(ctx.db, params.id));
    },
  }),
  route(regions.children, {
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, `children|${await referenceVersion(ctx.db, 'regions')}|${params.id}`, 'public', () => regionChildren(ctx.db, params.id));
    },
  }),
  route(regions.menus, {
    async handler({ req, reply, ctx }) {
      return cacheable(req, reply, `menus|${await referenceVersion(ctx.db, 'regions')}`, 'private', () => regionTree(ctx.db));
    },
  }),
];
