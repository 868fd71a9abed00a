import { z } from 'zod';
import { idListOf, idOf, listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { ADDABLE_LANGUAGES, PRE_LOGIN_CALLS, type AddableLanguageCode } from './pre-login.js';

const ADDABLE_CODES = ADDABLE_LANGUAGES.map((language) => language.code) as [AddableLanguageCode, ...AddableLanguageCode[]];

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
  codes: endpoint({ ...PRE_LOGIN_CALLS.languages.codes, response: returns<LangCode[]>() }),
  texts: endpoint({ ...PRE_LOGIN_CALLS.languages.texts, query: langQuery, response: returns<LangTexts>() }),
});

/** Languages (admin/i18n/lang-code): 0 off, 1 on, 3 locked on (the default language: never off). */
export const LANG_STATES = { off: 0, on: 1, locked: 3 } as const;
export type LangState = (typeof LANG_STATES)[keyof typeof LANG_STATES];

export interface LanguageRow {
  id: number;
  code: string;
  lang: string;
  sort: number;
  enabled: LangState;
}

export const languageParams = z.object({ id: idOf('语言id格式有误') });
export const languageEnableBody = z.object({ enabled: z.union([z.literal(0), z.literal(1)], { message: '启用状态只能是0或1' }) });
export const languageAddBody = z.object({ code: z.enum(ADDABLE_CODES, { message: `语言代码只能是${ADDABLE_CODES.join('、')}之一` }) });
/** The whole list's ids in the new order (a list that changed meanwhile is refused). */
export const languageSortBody = z.object({ ids: idListOf('语言id格式有误', 100, '语言过多') });

/**
 * The UI dictionary (admin/i18n/ui-dict): one row per key of the console's texts, with the text of
 * each language. Kinds: `router` for the menu and page titles (`route.<name>`), `ui` for the rest.
 */
export const UI_DICT_KINDS = ['ui', 'router'] as const;
export type UiDictKind = (typeof UI_DICT_KINDS)[number];
export const uiDictKindOf = (key: string): UiDictKind => (key.startsWith('route.') ? 'router' : 'ui');

export const UI_DICT_LIMITS = { key: 200, text: 2000, keyword: 100 } as const;
/** The largest UI dictionary import file. */
export const UI_DICT_IMPORT_MAX_MB = 10;
/**
 * The columns of the UI dictionary's xlsx (export and import), before and after one column per
 * language headed by its code: the key, its type (ignored on import: the key decides it), and 新增
 * (是 adds a key the dictionary does not have yet; otherwise an unknown key is refused).
 */
export const UI_DICT_SHEET_COLUMNS = {
  key: { zh: '词条键', en: 'Key' },
  kind: { zh: '类型', en: 'Type' },
  add: { zh: '新增', en: 'Add' },
} as const;
/** What the 新增 column may hold: a yes adds an unknown key, a no (or nothing) leaves it refused. */
export const UI_DICT_ADD_WORDS = { yes: ['是', 'y', 'yes', '1', 'true'], no: ['', '否', 'n', 'no', '0', 'false'] } as const;

export const uiDictQuery = listQuery({
  /** part of the key or of any language's text */
  keyword: z.string().trim().max(UI_DICT_LIMITS.keyword).optional(),
  kind: z.enum(UI_DICT_KINDS).optional(),
});
export type UiDictQuery = z.output<typeof uiDictQuery>;

export interface UiDictRow {
  id: number;
  key: string;
  kind: UiDictKind;
  /** 1: the key ships with the build (it cannot be deleted; an emptied text goes back to the build's) */
  shipped: 0 | 1;
  /** language code → text, for the languages that have one */
  texts: Record<string, string>;
  /** the language codes whose text an operator changed */
  edited: string[];
}

const uiText = z.string().trim().max(UI_DICT_LIMITS.text, `译文最多${UI_DICT_LIMITS.text}个字符`);
/** language code → text; an empty text removes the language's text (a built-in key's goes back to the build's) */
const uiTexts = z.record(z.string().min(2).max(10), uiText, { message: '请填写译文' });

export const uiDictCreateBody = z.object({
  key: z
    .string({ message: '请填写词条键' })
    .trim()
    .min(1, '请填写词条键')
    .max(UI_DICT_LIMITS.key, `词条键最多${UI_DICT_LIMITS.key}个字符`)
    .regex(/^[A-Za-z][\w-]*(\.[\w-]+)+$/, '词条键由字母、数字、下划线组成，用点分段，如 custom.banner.title'),
  texts: uiTexts,
});
export type UiDictCreateInput = z.output<typeof uiDictCreateBody>;
export const uiDictUpdateBody = z.object({ texts: uiTexts });
export type UiDictUpdateInput = z.output<typeof uiDictUpdateBody>;
export const uiDictParams = z.object({ id: idOf('词条id格式有误') });

export const uiDictEndpoints = defineEndpoints('uiDict', {
  list: endpoint({ method: 'GET', path: 'admin/i18n/ui-dict', permission: 'uiDict', query: uiDictQuery, response: returns<Page<UiDictRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/i18n/ui-dict', permission: 'uiDict', body: uiDictCreateBody, response: returns<UiDictRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/i18n/ui-dict/:id', permission: 'uiDict', params: uiDictParams, body: uiDictUpdateBody, response: returns<UiDictRow>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/i18n/ui-dict/:id', permission: 'uiDict', params: uiDictParams }),
  /** key × language as xlsx, with the list's filters (a background export) */
  export: endpoint({ method: 'POST', path: 'admin/i18n/ui-dict/export', permission: 'uiDict', twoStep: true, body: uiDictQuery, response: returns<TaskQueued>() }),
  /**
   * The export's layout back (multipart `file`): texts by key, an operator's new key where the 新增
   * column says 是; a background import whose refused rows land in its error report.
   */
  import: endpoint({ method: 'POST', path: 'admin/i18n/ui-dict/import', permission: 'uiDict', multipart: true, response: returns<TaskQueued>() }),
});

export const languageAdminEndpoints = defineEndpoints('langCodes', {
  /** every language, on or off, in the operators' order (the dictionary's columns too) */
  list: endpoint({ method: 'GET', path: 'admin/i18n/lang-code', permission: ['langCode', 'uiDict'], response: returns<LanguageRow[]>() }),
  /** adds one of ADDABLE_LANGUAGES, switched off, last in the order */
  add: endpoint({ method: 'POST', path: 'admin/i18n/lang-code', permission: 'langCode', body: languageAddBody, response: returns<LanguageRow>() }),
  enable: endpoint({ method: 'PUT', path: 'admin/i18n/lang-code/:id/open', permission: 'langCode', params: languageParams, body: languageEnableBody, response: returns<LanguageRow>() }),
  sort: endpoint({ method: 'PUT', path: 'admin/i18n/lang-code/sort', permission: 'langCode', body: languageSortBody, response: returns<LanguageRow[]>() }),
});
