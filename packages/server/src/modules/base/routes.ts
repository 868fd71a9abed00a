import { languageEndpoints, siteEndpoints, startupEndpoints, type DemoSeedProgress, type LangTexts } from '@agora/contract';
import { route } from '../../platform/http.js';
import { clientHolds, etagOf } from '../../platform/validators.js';
import { listLanguages, readTexts, siteShow } from './service.js';

export const baseRoutes = [
  route(languageEndpoints.codes, { handler: ({ ctx }) => listLanguages(ctx) }),
  route(languageEndpoints.texts, {
    // Operators edit these texts (the UI dictionary): the browser asks again at every load and
    // gets a 304 while nothing changed, never a copy older than the last edit.
    async handler({ query, ctx, req, reply }) {
      const texts = await readTexts(ctx, query);
      const etag = etagOf(JSON.stringify(texts));
      reply.headers({ etag, 'cache-control': 'no-cache' });
      if (!clientHolds(req, etag)) return texts;
      await reply.status(304).send();
      return undefined as unknown as LangTexts;
    },
  }),
  route(siteEndpoints.show, { handler: ({ ctx }) => siteShow(ctx) }),
  // No database call: while the demo is written the embedded database is busy, and the login page asks every second.
  route(startupEndpoints.show, { handler: ({ ctx }) => ({ phase: ctx.lifecycle.phase, seed: ctx.lifecycle.seed as DemoSeedProgress | null }) }),
];
