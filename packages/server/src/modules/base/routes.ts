import { asc, eq } from 'drizzle-orm';
import { captchaParams, langQuery, siteShowOf, type LangCode, type SiteShow } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { issueCaptcha } from '../../platform/captcha.js';
import { AppError } from '../../platform/errors.js';
import { readTranslations } from '../../platform/i18n.js';
import { languages } from '../../db/tables.js';
import { readSite } from '../settings/service.js';

export const baseRoutes = [
  defineRoute({
    method: 'GET',
    url: 'base/captchas/:type/:uuid',
    permission: 'public',
    params: captchaParams,
    async handler({ params, reply, ctx }) {
      const svg = await issueCaptcha(ctx, params.uuid, params.type);
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'base/lang/codes',
    permission: 'public',
    async handler({ ctx }): Promise<LangCode[]> {
      return ctx.db
        .select({ id: languages.id, code: languages.code, lang: languages.lang })
        .from(languages)
        .where(eq(languages.enabled, 1))
        .orderBy(asc(languages.sort), asc(languages.id));
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'base/lang',
    permission: 'public',
    query: langQuery,
    async handler({ query, ctx }) {
      const [language] = await ctx.db.select().from(languages).where(eq(languages.code, query.lang));
      if (!language || language.enabled !== 1) throw new AppError(400, 'LANG_UNKNOWN');
      return readTranslations(ctx.db, query.lang, query.type);
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'base/site-show',
    permission: 'public',
    async handler({ ctx }): Promise<SiteShow> {
      // Only what the sign-in page and top bar show: the site document (admin/settings/site) holds more.
      return siteShowOf(await readSite(ctx));
    },
  }),
];
