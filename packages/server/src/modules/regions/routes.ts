import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countryCodeParams, regionIdParams, stateIdParams } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { citiesOf, listCountries, referenceVersion, regionChildren, regionTree, statesOf } from './service.js';

const langOf = (req: FastifyRequest): 'zh' | 'en' => {
  const header = req.headers.language;
  return (Array.isArray(header) ? header[0] : header)?.toLowerCase().startsWith('en') ? 'en' : 'zh';
};

/**
 * Reference data changes only with a new data package: answers carry a validator made of the
 * data version (and what varies the answer), so a client that has it gets 304 without the body.
 * Refusals (unknown ids) carry no caching headers.
 */
async function cacheable<T>(req: FastifyRequest, reply: FastifyReply, key: string, scope: 'public' | 'private', produce: () => Promise<T>): Promise<T | FastifyReply> {
  const etag = `"${crypto.createHash('sha1').update(key).digest('base64url')}"`;
  const sent = req.headers['if-none-match'];
  const headers = { etag, 'cache-control': `${scope}, max-age=3600`, vary: 'language' };
  if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.headers(headers).status(304).send();
  const body = await produce();
  reply.headers(headers);
  return body;
}

/**
 * Countries, states, cities and the domestic regions are reference data: the `base/…` calls are
 * public (the sign-in-less forms of a buyer or seller site need them too); the region tree of
 * the checkbox picker is for signed-in operators.
 */
export const regionRoutes = [
  defineRoute({
    method: 'GET',
    url: 'base/countries',
    permission: 'public',
    async handler({ req, reply, ctx }) {
      const lang = langOf(req);
      return cacheable(req, reply, `countries|${await referenceVersion(ctx.db, 'countries')}|${lang}`, 'public', () => listCountries(ctx.db, lang));
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'base/countries/:code/states',
    permission: 'public',
    params: countryCodeParams,
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, `states|${await referenceVersion(ctx.db, 'countries')}|${params.code}`, 'public', () => statesOf(ctx.db, params.code));
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'base/countries/:id/cities',
    permission: 'public',
    params: stateIdParams,
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, `cities|${await referenceVersion(ctx.db, 'countries')}|${params.id}`, 'public', () => citiesOf(ctx.db, params.id));
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'base/regions/:id/children',
    permission: 'public',
    params: regionIdParams,
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, `children|${await referenceVersion(ctx.db, 'regions')}|${params.id}`, 'public', () => regionChildren(ctx.db, params.id));
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'regions/menus',
    permission: 'signed-in',
    async handler({ req, reply, ctx }) {
      return cacheable(req, reply, `menus|${await referenceVersion(ctx.db, 'regions')}`, 'private', () => regionTree(ctx.db));
    },
  }),
];
