import { languageEndpoints, siteEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { listLanguages, readTexts, siteShow } from './service.js';

export const baseRoutes = [
  route(languageEndpoints.codes, { handler: ({ ctx }) => listLanguages(ctx) }),
  route(languageEndpoints.texts, { handler: ({ query, ctx }) => readTexts(ctx, query) }),
  route(siteEndpoints.show, { handler: ({ ctx }) => siteShow(ctx) }),
];
