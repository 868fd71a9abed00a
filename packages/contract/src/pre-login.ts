import type { AnyEndpoint } from './endpoint.js';
import type { languageEndpoints } from './languages.js';
import type { sessionEndpoints } from './session.js';

/**
 * What the console uses before anyone signs in, without zod (issue 18: the sign-in page loads
 * ≤ 200 KB of JS; the schemas load with the first signed-in page). Nothing here imports zod at
 * run time, and nothing here is a second copy: the endpoint tables spread these calls.
 */

export type Lang = 'zh-CN' | 'en-US';
export const DEFAULT_LANG: Lang = 'zh-CN';

/** How long a sign-in's name and captcha answer may be: the login query's schema (session.ts) and the login form use these. */
export const LOGIN_LIMITS = { username: 50, captcha: 10 } as const;

/** The languages the console ships texts for (locales/<code>/). Operators may add more on the server. */
export const SHIPPED_LANGUAGES = [
  { code: 'zh-CN', lang: '简体中文' },
  { code: 'en-US', lang: 'English' },
] as const;

/**
 * The languages an operator may add (admin/i18n/lang-code): BCP 47 tags whose antd and dayjs
 * locales exist, so the console switches its widgets and dates with them. An added language starts
 * switched off with no texts; until translated, a key shows its text in `fallback` (the Chinese
 * variant falls back to Simplified Chinese, the others to English, the shipped language their
 * operators more likely read).
 */
export const ADDABLE_LANGUAGES = [
  { code: 'zh-TW', lang: '繁體中文', fallback: 'zh-CN' },
  { code: 'ja-JP', lang: '日本語', fallback: 'en-US' },
  { code: 'ko-KR', lang: '한국어', fallback: 'en-US' },
  { code: 'fr-FR', lang: 'Français', fallback: 'en-US' },
  { code: 'de-DE', lang: 'Deutsch', fallback: 'en-US' },
] as const;
export type AddableLanguageCode = (typeof ADDABLE_LANGUAGES)[number]['code'];
/** The shipped language whose texts stand in for a language's missing ones ('' for a shipped language). */
export function fallbackLanguage(code: string): string {
  return ADDABLE_LANGUAGES.find((language) => language.code === code)?.fallback ?? '';
}

/**
 * Method, path and permission of the calls made before sign-in (and sign-out, from the same
 * module): `sessionEndpoints` and `languageEndpoints` are built from these, adding the schemas.
 */
export const PRE_LOGIN_CALLS = {
  session: {
    /** an SVG picture; the login page shows it as an image */
    captcha: { method: 'GET', path: 'base/captchas/:type/:uuid', permission: 'public', binary: true },
    login: { method: 'GET', path: 'admin/systems/admin-users/login', permission: 'public' },
    refresh: { method: 'POST', path: 'admin/systems/admin-users/token', permission: 'public' },
    logout: { method: 'POST', path: 'admin/systems/admin-users/logout', permission: 'signed-in' },
  },
  languages: {
    codes: { method: 'GET', path: 'base/lang/codes', permission: 'public' },
    texts: { method: 'GET', path: 'base/lang', permission: 'public' },
  },
} as const;

type Calls = typeof PRE_LOGIN_CALLS;

/**
 * An entry of the endpoint table without its schemas, typed as the full entry so `api()` types
 * the input and answer alike. Only for calling: the server validates with the full table.
 */
function unchecked<E extends AnyEndpoint>(area: keyof Calls, name: string): E {
  return { ...(PRE_LOGIN_CALLS[area] as Record<string, object>)[name], id: `${area}.${name}`, area } as unknown as E;
}

/** The pre-login calls as the web makes them (`api(preLoginEndpoints.login, …)`); checked against the tables in pre-login.test.ts. */
export const preLoginEndpoints = {
  captcha: unchecked<typeof sessionEndpoints.captcha>('session', 'captcha'),
  login: unchecked<typeof sessionEndpoints.login>('session', 'login'),
  refresh: unchecked<typeof sessionEndpoints.refresh>('session', 'refresh'),
  logout: unchecked<typeof sessionEndpoints.logout>('session', 'logout'),
  languageCodes: unchecked<typeof languageEndpoints.codes>('languages', 'codes'),
  languageTexts: unchecked<typeof languageEndpoints.texts>('languages', 'texts'),
};
