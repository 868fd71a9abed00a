import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, ROUTES, fallbackLanguage, type MenuItem, SHIPPED_LANGUAGES, STORAGE_KEYS, preLoginEndpoints, startupEndpoints, walkRoutes, type LangCode, type LangTexts, type RouteDef } from '@agora/contract';
import { api } from './api';
import { isChinese } from './locale';
import { storage } from './storage';
import { loadWidgetLocale } from './widget-locale';

// The same files the server serves, bundled for keys the server does not (yet) have: one chunk
// per language (locale-bundles/<code>.ts), fetched only when the server's answer fails or, to fill
// gaps, once the signed-in shell opens — never on the sign-in page of a server that answers.
const bundles = import.meta.glob<LangTexts>('./locale-bundles/*.ts', { import: 'texts' });

function routeTitles(code: string): Record<string, string> {
  const titles: Record<string, string> = {};
  walkRoutes(ROUTES, (route) => {
    titles[route.name] = isChinese(code) ? route.title.zh : route.title.en;
  });
  return titles;
}

/** What `GET base/lang` would answer, built from the bundled files: <area>.json under <area>, plus route titles. */
export async function bundledTexts(code: string): Promise<LangTexts> {
  const load = bundles[`./locale-bundles/${code}.ts`];
  return { ...(load ? await load() : {}), route: routeTitles(code) };
}

const shippedLanguages = (): LangCode[] => SHIPPED_LANGUAGES.map((language, index) => ({ id: index + 1, ...language }));

function fetchLanguages(): Promise<LangCode[]> {
  return api(preLoginEndpoints.languageCodes, {}, { message: false }).catch(shippedLanguages);
}

/**
 * The server is still writing its demo: its embedded database answers nothing else until it is
 * done, and a database being seeded holds no operator's edits of the texts yet.
 */
function demoBeingWritten(): Promise<boolean> {
  return api(startupEndpoints.show, {}, { message: false }).then(
    (startup) => startup.phase === 'starting' || startup.phase === 'seeding',
    () => false,
  );
}

const isTree = (value: unknown): value is LangTexts => typeof value === 'object' && value !== null && !Array.isArray(value);

function mergeTexts(base: LangTexts, over: LangTexts): LangTexts {
  const merged: LangTexts = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const existing = merged[key];
    merged[key] = isTree(existing) && isTree(value) ? mergeTexts(existing, value) : value;
  }
  return merged;
}

/**
 * The server's texts (operators may have edited them) over the bundled ones: a server that
 * is unreachable, or older than this build, still leaves every key with a text.
 */
async function fetchTexts(code: string): Promise<LangTexts> {
  const fallback = fallbackLanguage(code);
  const [served, bundled] = await Promise.all([
    api(preLoginEndpoints.languageTexts, { query: { lang: code, type: 'admin' } }, { message: false }).catch(() => undefined),
    // An added language ships no texts: its untranslated keys read as its fallback's (contract ADDABLE_LANGUAGES).
    fallback ? bundledTexts(fallback) : undefined,
  ]);
  if (served === undefined) return bundled ?? bundledTexts(code);
  return bundled ? mergeTexts(bundled, served) : served;
}

/**
 * The bundled texts under the served ones, for keys the server does not (yet) have: called by
 * the signed-in shell, so the sign-in page does not fetch the bundle from a server that answers.
 */
export async function fillMissingTexts(): Promise<void> {
  const language = i18next.language;
  if (!language) return;
  const bundled = await bundledTexts(fallbackLanguage(language) || language);
  const served = (i18next.getResourceBundle(language, 'translation') as LangTexts | undefined) ?? {};
  i18next.addResourceBundle(language, 'translation', mergeTexts(bundled, served), true, true);
}

let languages: LangCode[] = [];

/** The languages the operator can switch to (loaded by initI18n). */
export const availableLanguages = (): readonly LangCode[] => languages;

export async function startI18n(language: string, texts: LangTexts): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: texts } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
}

/**
 * Spec §9: default zh-CN; when the stored language is not offered, the first one that is.
 * UI strings come from the server so operators' edits show; the bundle covers an outage.
 */
export async function initI18n(): Promise<void> {
  const wanted = storage.get<string>(STORAGE_KEYS.language) ?? DEFAULT_LANG;
  // Asked together, so a ready server's answer costs no extra round trip (both calls fall back on failure).
  const served = Promise.all([fetchLanguages(), fetchTexts(wanted)]);
  if (await demoBeingWritten()) {
    languages = shippedLanguages();
    const language = languages.some((code) => code.code === wanted) ? wanted : DEFAULT_LANG;
    await Promise.all([startI18n(language, await bundledTexts(language)), loadWidgetLocale(language)]);
    return;
  }
  const [codes, wantedTexts] = await served;
  languages = codes;
  const language = codes.some((code) => code.code === wanted) ? wanted : (codes[0]?.code ?? DEFAULT_LANG);
  await Promise.all([startI18n(language, language === wanted ? wantedTexts : await fetchTexts(language)), loadWidgetLocale(language)]);
}

/** Spec §4: the choice is saved as adminLanguage and the page reloads in it. */
export function switchLanguage(code: string): void {
  storage.set(STORAGE_KEYS.language, code);
  window.location.reload();
}

/** The titles operators gave menu entries (menu manager), per language where they differ from the route table's. */
let menuTitles = new Map<string, { zh?: string; en?: string }>();

export function setMenuTitles(items: readonly MenuItem[]): void {
  const titles = new Map<string, { zh?: string; en?: string }>();
  const visit = (nodes: readonly MenuItem[]) =>
    nodes.forEach((item) => {
      const zh = item.title.zh !== item.default_title.zh ? item.title.zh : undefined;
      const en = item.title.en !== item.default_title.en ? item.title.en : undefined;
      if (zh || en) titles.set(item.name, { zh, en });
      visit(item.children);
    });
  visit(items);
  menuTitles = titles;
}

/**
 * A route's title: the operator's title from the menu manager, else the translation table's
 * `route.<name>`, else the route table's own title.
 */
export function routeTitle(route: RouteDef): string {
  const custom = menuTitles.get(route.name);
  const own = isChinese() ? custom?.zh : custom?.en;
  if (own) return own;
  const fallback = isChinese() ? route.title.zh : route.title.en;
  return i18next.isInitialized ? i18next.t(`route.${route.name}`, { defaultValue: fallback }) : fallback;
}
