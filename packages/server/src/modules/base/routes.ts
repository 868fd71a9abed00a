import crypto from 'node:crypto';
import { languageEndpoints, siteEndpoints, type LangTexts } from '@agora/contract';
import { route } from '../../platform/http.js';
import { listLanguages, readTexts, siteShow } from './service.js';

export const baseRoutes = [
  route(languageEndpoints.codes, { handler: ({ ctx }) => listLanguages(ctx) }),
  route(languageEndpoints.texts, {
    // Operators edit these texts (the UI dictionary): the browser asks again at every load and
    // gets a 304 while nothing changed, never a copy older than the last edit.
    async handler({ query, ctx, req, reply }) {
      const texts = await readTexts(ctx, query);
      const etag = `"${crypto.createHash('sha1').update(JSON.stringify(texts)).digest('base64url')}"`;
      reply.headers({ etag, 'cache-control': 'no-cache' });
      const sent = req.headers['if-none-match'];
      if (!sent?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return texts;
      await reply.status(304).send();
      return undefined as unknown as LangTexts;
    },
  }),
  route(siteEndpoints.show, { handler: ({ ctx }) => siteShow(ctx) }),
];
