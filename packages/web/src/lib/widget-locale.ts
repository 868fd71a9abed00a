import type { Locale } from 'antd/es/locale';
import type { AddableLanguageCode } from '@agora/contract';

/**
 * The antd and dayjs locales of the languages operators may add (contract ADDABLE_LANGUAGES), each
 * loaded only when the console starts in it: the shipped two stay in the bundle (providers.tsx).
 */
const LOADERS: Record<AddableLanguageCode, () => Promise<{ antd: Locale; dayjs: string }>> = {
  'zh-TW': async () => ({ antd: (await import('antd/locale/zh_TW')).default, dayjs: (await import('dayjs/locale/zh-tw')).default.name }),
  'ja-JP': async () => ({ antd: (await import('antd/locale/ja_JP')).default, dayjs: (await import('dayjs/locale/ja')).default.name }),
  'ko-KR': async () => ({ antd: (await import('antd/locale/ko_KR')).default, dayjs: (await import('dayjs/locale/ko')).default.name }),
  'fr-FR': async () => ({ antd: (await import('antd/locale/fr_FR')).default, dayjs: (await import('dayjs/locale/fr')).default.name }),
  'de-DE': async () => ({ antd: (await import('antd/locale/de_DE')).default, dayjs: (await import('dayjs/locale/de')).default.name }),
};

let loaded: { antd: Locale; dayjs: string } | undefined;

/** Loads the widgets' locale of an added language (nothing for the shipped ones); before the first render. */
export async function loadWidgetLocale(code: string): Promise<void> {
  const load = LOADERS[code as AddableLanguageCode];
  loaded = load ? await load().catch(() => undefined) : undefined;
}

/** The added language's antd locale and dayjs locale name, once loaded; undefined for the shipped ones. */
export const widgetLocale = () => loaded;
