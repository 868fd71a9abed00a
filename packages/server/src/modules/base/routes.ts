import { asc, eq } from 'drizzle-orm';
import { captchaParams, langQuery, type LangCode, type SiteShow } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { issueCaptcha } from '../../platform/captcha.js';
import { AppError } from '../../platform/errors.js';
import { readTranslations } from '../../platform/i18n.js';
import { readSetting } from '../../platform/settings.js';
import { languages } from '../../db/tables.js';

export const SITE_DEFAULTS: SiteShow = {
  title: 'Agora 多商户商城管理后台',
  logo: '',
  admin_icon: '',
  buyer_domain: 'http://localhost:3000',
  chat_enabled: 0,
};

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
      const site = await readSetting(ctx.db, 'site', SITE_DEFAULTS);
      // Only what the sign-in page and top bar show; the site document also holds private keys.
      return Object.fromEntries(Object.keys(SITE_DEFAULTS).map((key) => [key, site[key as keyof SiteShow]])) as unknown as SiteShow;
    },
  }),
];
