import type { FastifyReply, FastifyRequest } from 'fastify';
import { regionEndpoints as regions } from '@agora/contract';
import type { Db } from '../../db/client.js';
import { requestLanguage, route } from '../../platform/http.js';
import { clientHolds, etagOf } from '../../platform/validators.js';
import {
  adminCountries,
  adminRegionChildren,
  adminStates,
  createCountry,
  createRegion,
  createState,
  deleteCountry,
  deleteRegion,
  deleteState,
  getAdminRegion,
  getAdminState,
  updateCountry,
  updateRegion,
  updateState,
} from './admin.js';
import { citiesOf, listCountries, referenceVersion, regionChildren, regionTree, statesOf } from './service.js';


/**
 * Reference data changes with a new data package or an operator's edit: answers carry a validator made of the
 * data version (and what varies the answer), so a client that has it gets 304 without the body.
 * Refusals (unknown ids) carry no caching headers. A 304 is sent here; what the handler then
 * returns is not sent.
 *
 * The same key names the answer's JSON, kept per database for the next client that asks: every edit
 * bumps the data's revision in its own transaction, so it makes new keys and the old answers are never
 * asked for again (they leave as newer ones come). A key read before an edit committed may hold what
 * the edit wrote — no client asks for that key once the edit is visible. The country list (42 KB) and
 * the region tree (120 KB) were read, mapped and serialised on every ask: 0.44× and 0.51× of a bare
 * handler that sends the same (BENCHMARKS.md).
 */
const answers = new WeakMap<Db, Map<string, { etag: string; json: string }>>();
/** answers kept per database: the region tree, the countries in two languages and the states, cities and children asked for most recently */
const ANSWERS_KEPT = 300;

async function cacheable<T>(req: FastifyRequest, reply: FastifyReply, db: Db, key: string, scope: 'public' | 'private', produce: () => Promise<T>): Promise<T> {
  let kept = answers.get(db);
  if (!kept) answers.set(db, (kept = new Map()));
  let answer = kept.get(key);
  const etag = answer?.etag ?? etagOf(key);
  // Operators edit the data (regional management): a client revalidates every time, a 304 when nothing changed.
  const headers = { etag, 'cache-control': `${scope}, no-cache`, vary: 'language' };
  if (clientHolds(req, etag)) {
    await reply.headers(headers).status(304).send();
    return undefined as T;
  }
  if (answer === undefined) {
    answer = { etag, json: JSON.stringify(await produce()) };
    // the oldest key leaves first (a Map keeps the order keys came in)
    if (kept.size >= ANSWERS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, answer);
  }
  // a JSON text is sent as it is
  await reply.headers(headers).type('application/json; charset=utf-8').send(answer.json);
  return undefined as T;
}

/** Reference data with validators of its version (see the contract's regionEndpoints). */
export const regionRoutes = [
  route(regions.countries, {
    async handler({ req, reply, ctx }) {
      const lang = requestLanguage(req);
      return cacheable(req, reply, ctx.db, `countries|${await referenceVersion(ctx.db, 'countries')}|${lang}`, 'public', () => listCountries(ctx.db, lang));
    },
  }),
  route(regions.states, {
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, ctx.db, `states|${await referenceVersion(ctx.db, 'countries')}|${params.code}`, 'public', () => statesOf(ctx.db, params.code));
    },
  }),
  route(regions.cities, {
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, ctx.db, `cities|${await referenceVersion(ctx.db, 'countries')}|${params.id}`, 'public', () => citiesOf(ctx.db, params.id));
    },
  }),
  route(regions.children, {
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, ctx.db, `children|${await referenceVersion(ctx.db, 'regions')}|${params.id}`, 'public', () => regionChildren(ctx.db, params.id));
    },
  }),
  route(regions.menus, {
    async handler({ req, reply, ctx }) {
      return cacheable(req, reply, ctx.db, `menus|${await referenceVersion(ctx.db, 'regions')}`, 'private', () => regionTree(ctx.db));
    },
  }),
  route(regions.adminChildren, { handler: ({ params, ctx }) => adminRegionChildren(ctx, params.id) }),
  route(regions.adminDetail, { handler: ({ params, ctx }) => getAdminRegion(ctx, params.id) }),
  route(regions.adminCreate, { log: { zh: '新增地区', en: 'Add a region' }, handler: ({ body, ctx }) => createRegion(ctx, body) }),
  route(regions.adminUpdate, { log: { zh: '修改地区', en: 'Edit a region' }, handler: ({ params, body, ctx }) => updateRegion(ctx, params.id, body) }),
  route(regions.adminRemove, { log: { zh: '删除地区', en: 'Delete a region' }, handler: ({ params, ctx }) => deleteRegion(ctx, params.id) }),
  // The country list of regional management: all of them with their state counts, kept under the countries' version as above.
  route(regions.adminCountries, {
    async handler({ req, reply, ctx }) {
      const lang = requestLanguage(req);
      return cacheable(req, reply, ctx.db, `admin-countries|${await referenceVersion(ctx.db, 'countries')}|${lang}`, 'private', () => adminCountries(ctx, lang));
    },
  }),
  route(regions.countryCreate, { log: { zh: '新增国家/地区', en: 'Add a country' }, handler: ({ req, body, ctx }) => createCountry(ctx, body, requestLanguage(req)) }),
  route(regions.countryUpdate, { log: { zh: '修改国家/地区', en: 'Edit a country' }, handler: ({ req, params, body, ctx }) => updateCountry(ctx, params.code, body, requestLanguage(req)) }),
  route(regions.countryRemove, { log: { zh: '删除国家/地区', en: 'Delete a country' }, handler: ({ params, ctx }) => deleteCountry(ctx, params.code) }),
  route(regions.adminStates, {
    async handler({ req, reply, params, ctx }) {
      return cacheable(req, reply, ctx.db, `admin-states|${await referenceVersion(ctx.db, 'countries')}|${params.code}`, 'private', () => adminStates(ctx, params.code));
    },
  }),
  route(regions.stateCreate, { log: { zh: '新增省份地区', en: 'Add a state' }, handler: ({ body, ctx }) => createState(ctx, body) }),
  route(regions.stateDetail, { handler: ({ params, ctx }) => getAdminState(ctx, params.id) }),
  route(regions.stateUpdate, { log: { zh: '修改省份地区', en: 'Edit a state' }, handler: ({ params, body, ctx }) => updateState(ctx, params.id, body) }),
  route(regions.stateRemove, { log: { zh: '删除省份地区', en: 'Delete a state' }, handler: ({ params, ctx }) => deleteState(ctx, params.id) }),
];
