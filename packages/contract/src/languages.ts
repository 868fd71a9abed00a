import { z } from 'zod';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/** The languages the console ships texts for (locales/<code>/). Operators may add more on the server. */
export const SHIPPED_LANGUAGES = [
  { code: 'zh-CN', lang: '简体中文' },
  { code: 'en-US', lang: 'English' },
] as const;

export interface LangCode {
  id: number;
  code: string;
  lang: string;
}
export const langQuery = z.object({
  lang: z.string().min(2).max(10),
  type: z.enum(['admin']).default('admin'),
});
export type LangQuery = z.output<typeof langQuery>;

/** The console's texts in one language: `<area>.<key>` trees, as the locale files hold them. */
export type LangTexts = Record<string, unknown>;

/** The languages on offer and their texts (operators may have edited them); read before anyone signs in. */
export const languageEndpoints = defineEndpoints('languages', {
  codes: endpoint({ method: 'GET', path: 'base/lang/codes', permission: 'public', response: returns<LangCode[]>() }),
  texts: endpoint({ method: 'GET', path: 'base/lang', permission: 'public', query: langQuery, response: returns<LangTexts>() }),
});
