import type { LangTexts } from '@agora/contract';

/** The shipped en-US texts, <area>.json under <area>: one chunk, fetched only when this language needs the bundle. */
const files = import.meta.glob<LangTexts>('../../../../contract/src/locales/en-US/*.json', { import: 'default', eager: true });

export const texts: LangTexts = Object.fromEntries(Object.entries(files).map(([path, area]) => [/([^/]+)\.json$/.exec(path)![1], area]));
