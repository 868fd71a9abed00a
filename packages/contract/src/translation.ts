import { z } from 'zod';
import { idListOf, idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * The data dictionary (admin/i18n/data-dict): business data shown to buyers in other languages. Each
 * group is one source table's names (its rows are the entries, keyed by the source row's id); the
 * default language's text is the source itself, the other languages' texts are stored here.
 */
export const DATA_DICT_GROUPS = ['CATEGORY', 'EXPRESS', 'GOODS'] as const;
export type DataDictGroup = (typeof DATA_DICT_GROUPS)[number];

export const DATA_DICT_LIMITS = { text: 500, keyword: 100 } as const;

export const dataDictQuery = listQuery({
  group_sn: z.enum(DATA_DICT_GROUPS, { message: '词典分组不存在' }).optional(),
  /** part of the source text */
  keyword: z.string().trim().max(DATA_DICT_LIMITS.keyword).optional(),
});
export type DataDictQuery = z.output<typeof dataDictQuery>;

export interface DataDictRow {
  id: number;
  group_sn: DataDictGroup;
  /** the source row's id (category, logistics company, goods) */
  data_key: number;
  /** the default language's text: the source row's name */
  source: string;
  /** language code → text */
  texts: Record<string, string>;
  /** the codes whose text a machine translated (an operator's edit clears the mark) */
  machine: string[];
}

const dictText = z.string().trim().max(DATA_DICT_LIMITS.text, `译文最多${DATA_DICT_LIMITS.text}个字符`);
export const dataDictUpdateBody = z.object({ texts: z.record(z.string().min(2).max(10), dictText, { message: '请填写译文' }) });
export type DataDictUpdateInput = z.output<typeof dataDictUpdateBody>;
export const dataDictParams = z.object({ id: idOf('词条id格式有误') });

export interface DataDictSynced {
  /** entries added or whose source text changed */
  changed: number;
}

export const dataDictEndpoints = defineEndpoints('dataDict', {
  list: endpoint({ method: 'GET', path: 'admin/i18n/data-dict', permission: 'dataDict', query: dataDictQuery, response: returns<Page<DataDictRow>>() }),
  update: endpoint({ method: 'PUT', path: 'admin/i18n/data-dict/:id', permission: 'dataDict', params: dataDictParams, body: dataDictUpdateBody, response: returns<DataDictRow>() }),
  /** takes in the groups' current source names (new rows, renamed ones) */
  sync: endpoint({ method: 'POST', path: 'admin/i18n/data-dict/sync', permission: 'dataDict', response: returns<DataDictSynced>() }),
});

/**
 * Machine translation (DOMAIN §2.32): a task translates the texts a language lacks in one scope
 * through the open translation platform, as a background job. RETRY tasks take failed items again.
 */
export const TRANSLATION_SCOPES = ['UI', ...DATA_DICT_GROUPS] as const;
export type TranslationScope = (typeof TRANSLATION_SCOPES)[number];
export const TRANSLATION_TASK_SCOPES = [...TRANSLATION_SCOPES, 'RETRY'] as const;
export type TranslationTaskScope = (typeof TRANSLATION_TASK_SCOPES)[number];
export const TRANSLATION_TASK_STATUSES = ['WAIT', 'RUNNING', 'DONE', 'FAILED'] as const;
export type TranslationTaskStatus = (typeof TRANSLATION_TASK_STATUSES)[number];

export const translationTaskQuery = listQuery({
  lang: z.string().trim().min(2).max(10).optional(),
  scope: z.enum(TRANSLATION_TASK_SCOPES).optional(),
});
export type TranslationTaskQuery = z.output<typeof translationTaskQuery>;

export interface TranslationTaskRow {
  id: number;
  lang: string;
  scope: TranslationTaskScope;
  status: TranslationTaskStatus;
  total: number;
  success_count: number;
  fail_count: number;
  /** 0–100 */
  progress: number;
  /** why a task failed as a whole (the platform was closed meanwhile, the service stopped) */
  message: string;
  operator: string;
  create_time: number;
  finish_time: number | null;
}

/** …/{id}/create: {id} is the language's id; the default language is the source and never a target. */
export const translationTaskParams = z.object({ id: idOf('语言id格式有误') });
export const translationTaskBody = z.object({ scope: z.enum(TRANSLATION_SCOPES, { message: '请选择翻译范围' }) });
export type TranslationTaskInput = z.output<typeof translationTaskBody>;

export const translationFailureQuery = listQuery({
  task_id: idOf('任务id格式有误').optional(),
  lang: z.string().trim().min(2).max(10).optional(),
});
export type TranslationFailureQuery = z.output<typeof translationFailureQuery>;

export interface TranslationFailureRow {
  id: number;
  task_id: number;
  lang: string;
  scope: TranslationScope;
  /** the UI key, or the data entry's group and source id */
  ref: string;
  source: string;
  reason: string;
  create_time: number;
}

export const retranslateBody = z.object({ ids: idListOf('失败记录id格式有误', 500, '一次最多重新翻译500条') });

export const goodsTranslateBody = z.object({
  goods_id: idOf('商品id格式有误'),
  /** one language; without it every switched-on language but the default */
  lang: z.string().trim().min(2).max(10).optional(),
});
export interface GoodsTranslated {
  goods_id: number;
  texts: Record<string, string>;
}

export const translationTaskEndpoints = defineEndpoints('translationTasks', {
  list: endpoint({ method: 'GET', path: 'admin/i18n/task/list', permission: 'translationTask', query: translationTaskQuery, response: returns<Page<TranslationTaskRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/i18n/task/:id/create', permission: 'translationTask', params: translationTaskParams, body: translationTaskBody, response: returns<TranslationTaskRow>() }),
  failures: endpoint({ method: 'GET', path: 'admin/i18n/task/re-translate/list', permission: ['translationFailed', 'translationTask'], query: translationFailureQuery, response: returns<Page<TranslationFailureRow>>() }),
  /** one RETRY task per language of the failures chosen */
  retranslate: endpoint({ method: 'POST', path: 'admin/i18n/task/re-translate/create', permission: 'translationFailed', body: retranslateBody, response: returns<TranslationTaskRow[]>() }),
  goods: endpoint({ method: 'POST', path: 'admin/i18n/goods/translate', permission: ['translationTask', 'goodsList'], body: goodsTranslateBody, response: returns<GoodsTranslated>() }),
});

/**
 * The HTTP translation platform's protocol: a signed JSON POST (the headers of SMS_SIGNATURE_HEADERS,
 * HMAC-SHA256 with the app secret over `${timestamp}\n${nonce}\n${body}`) of
 * `{ source, target, texts: string[] }`, answered `{ translations: string[] }` in the same order.
 */
export const TRANSLATION_BATCH = 20;
