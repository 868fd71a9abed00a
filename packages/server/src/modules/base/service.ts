import { asc, eq, ne, sql } from 'drizzle-orm';
import { LANG_STATES, siteShowOf, type LangCode, type LangQuery, type LangTexts, type SiteShow } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { preparedOnce } from '../../platform/statements.js';
import { readTranslations } from '../../platform/i18n.js';
import { languages } from '../../db/tables.js';
import { readSite } from '../settings/service.js';

/** The languages switched on (or locked on), in the operators' order: the sign-in page's and top bar's switch. */
export function listLanguages(ctx: AppContext): Promise<LangCode[]> {
  return languagesOn(ctx.db).execute({ off: LANG_STATES.off });
}
/** read by every page that shows the language switch: prepared once (platform/statements.ts) */
const languagesOn = preparedOnce('agora_languages_on', (db) =>
  db
    .select({ id: languages.id, code: languages.code, lang: languages.lang })
    .from(languages)
    .where(ne(languages.enabled, sql.placeholder('off')))
    .orderBy(asc(languages.sort), asc(languages.id)),
);

/** The console's texts in a language that is switched on. */
export async function readTexts(ctx: AppContext, query: LangQuery): Promise<LangTexts> {
  const [language] = await ctx.db.select().from(languages).where(eq(languages.code, query.lang));
  if (!language || language.enabled === LANG_STATES.off) throw new AppError(400, 'LANG_UNKNOWN');
  return readTranslations(ctx.db, query.lang, query.type);
}

/** Only what the sign-in page and top bar show: the site document (admin/settings/site) holds more. */
export async function siteShow(ctx: AppContext): Promise<SiteShow> {
  const show = siteShowOf(await readSite(ctx));
  return ctx.config.decorOrigin ? { ...show, decor_origin: ctx.config.decorOrigin } : show;
}
