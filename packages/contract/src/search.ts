import { z } from 'zod';
import { idOf, listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import type { TaskStatus } from './tasks.js';

/**
 * Search and its upkeep (DOMAIN §2.24, §2.25): hot keywords, custom dictionary words (+ the key the
 * search engine's dictionary pull presents), search tips, the buyers' search history, sensitive
 * words, and the goods index that goods search reads and a background job rebuilds.
 */
export const SEARCH_LIMITS = { hotName: 20, customWord: 20, secretKey: 64, tipWords: 30, sortMax: 999_999, sensitiveWord: 20, keyword: 50 } as const;

const sortOf = () =>
  z.coerce
    .number({ message: '排序必须是0到999999之间的整数' })
    .int('排序必须是0到999999之间的整数')
    .min(0, '排序必须是0到999999之间的整数')
    .max(SEARCH_LIMITS.sortMax, '排序必须是0到999999之间的整数');
const text = (required: string, label: string, max: number) => z.string({ message: required }).trim().min(1, required).max(max, `${label}最多${max}个字符`);
const keywordFilter = z.string().trim().max(SEARCH_LIMITS.keyword).optional();

/* Hot keywords: admin/pages/hot-keywords */
export const hotKeywordBody = z.object({ hot_name: text('请填写关键字', '关键字', SEARCH_LIMITS.hotName), sort: sortOf().default(0) });
export type HotKeywordInput = z.output<typeof hotKeywordBody>;
export interface HotKeywordRow {
  id: number;
  hot_name: string;
  sort: number;
}
export const hotKeywordQuery = listQuery({ keyword: keywordFilter }, { by: ['sort'], default: 'sort', order: 'asc' });
export const hotKeywordParams = z.object({ id: idOf('关键字id格式有误') });

/* Custom dictionary words: admin/goodssearch/custom-words */
export const customWordBody = z.object({ name: text('请填写自定义分词', '自定义分词', SEARCH_LIMITS.customWord) });
export interface CustomWordRow {
  id: number;
  name: string;
  create_time: number;
}
export const customWordQuery = listQuery({ keywords: keywordFilter });
export type HotKeywordQuery = z.output<typeof hotKeywordQuery>;
export type CustomWordQuery = z.output<typeof customWordQuery>;
export const customWordParams = z.object({ id: idOf('分词id格式有误') });
/** The key is write-only: once saved it is never answered in clear, only whether one is set and its last characters. */
export interface CustomWordSecret {
  is_set: 0 | 1;
  /** e.g. ••••••a1b2 */
  masked: string;
}
export const customWordSecretBody = z.object({
  secret_key: z
    .string({ message: '请填写秘钥' })
    .trim()
    .min(8, '秘钥至少8个字符')
    .max(SEARCH_LIMITS.secretKey, `秘钥最多${SEARCH_LIMITS.secretKey}个字符`)
    .regex(/^[A-Za-z0-9_-]+$/, '秘钥只能包含英文字母、数字、下划线和短横线'),
});
/** The dictionary pull of the search engine's tokenizer (e.g. the IK plugin's remote dictionary): one word a line. */
export const customWordDictQuery = z.object({ secret_key: z.string().max(SEARCH_LIMITS.secretKey).default('') });

/* Search tips: admin/goodssearch/goods-words */
export const SEARCH_TIP_TYPES = ['SYSTEM', 'CUSTOM'] as const;
export type SearchTipType = (typeof SEARCH_TIP_TYPES)[number];
export const SEARCH_TIP_TYPE_LABELS: Record<SearchTipType, { zh: string; en: string }> = {
  SYSTEM: { zh: '系统生成', en: 'System' },
  CUSTOM: { zh: '自定义', en: 'Custom' },
};
export const searchTipWords = text('请填写提示词', '提示词', SEARCH_LIMITS.tipWords);
export const searchTipBody = z.object({ words: searchTipWords, sort: sortOf().default(0) });
export const searchTipWordsBody = z.object({ words: searchTipWords });
export const searchTipSortBody = z.object({ sort: sortOf() });
export interface SearchTipRow {
  id: number;
  words: string;
  type: SearchTipType;
  sort: number;
  /** on-sale goods whose name holds the words (as of the last goods index) */
  goods_num: number;
  create_time: number;
}
export const searchTipQuery = listQuery({ keyword: keywordFilter, type: z.enum(SEARCH_TIP_TYPES).optional() }, { by: ['sort'], default: 'sort', order: 'asc' });
export type SearchTipQuery = z.output<typeof searchTipQuery>;
export const searchTipParams = z.object({ id: idOf('提示词id格式有误') });

/* Search history: GET admin/goodssearch/keywords (read-only) */
export const searchHistoryQuery = listQuery({ keyword: keywordFilter }, { by: ['count', 'last_time'], default: 'count' });
export type SearchHistoryQuery = z.output<typeof searchHistoryQuery>;
export interface SearchHistoryRow {
  id: number;
  keyword: string;
  count: number;
  last_time: number;
}

/* Sensitive words: admin/sensitive-words (no edit; delete is soft) */
export const sensitiveWordBody = z.object({ word_name: text('请填写敏感词', '敏感词', SEARCH_LIMITS.sensitiveWord) });
export interface SensitiveWordRow {
  id: number;
  word_name: string;
  create_time: number;
}
export const sensitiveWordQuery = listQuery({ keyword: keywordFilter });
export type SensitiveWordQuery = z.output<typeof sensitiveWordQuery>;
export const sensitiveWordParams = z.object({ id: idOf('敏感词id格式有误') });

/* Goods index: GET admin/goods/search starts a full re-index (a job with progress and stop). */
export interface GoodsIndexStatus {
  /** the latest re-index, if any has run */
  task: { id: number; status: TaskStatus; progress: number; message: string; create_time: number; finish_time: number | null } | null;
  /** goods in the index / goods that should be (on sale, audited, shop open) */
  indexed: number;
  searchable: number;
  /** when the index was last completed */
  last_built: number | null;
}
export const goodsIndexTaskParams = z.object({ id: idOf('任务id格式有误', true) });

/** The buyer-side goods search (public): what reads the index and feeds the search history. */
export const goodsSearchQuery = z.object({
  keyword: z.string({ message: '请填写搜索关键字' }).trim().min(1, '请填写搜索关键字').max(SEARCH_LIMITS.keyword, `搜索关键字最多${SEARCH_LIMITS.keyword}个字符`),
  page_no: z.coerce.number().int().min(1).max(50).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
  /** the buyer's language (a code of admin/i18n/lang-code): goods names come from the data dictionary when it has them */
  lang: z.string().trim().min(2).max(10).optional(),
});
export type GoodsSearchQuery = z.output<typeof goodsSearchQuery>;
export interface GoodsSearchHit {
  goods_id: number;
  goods_name: string;
  thumbnail: string;
  price: number;
  shop_name: string;
}

export const hotKeywordEndpoints = defineEndpoints('hotKeywords', {
  list: endpoint({ method: 'GET', path: 'admin/pages/hot-keywords', permission: 'hotKeyword', query: hotKeywordQuery, response: returns<Page<HotKeywordRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/pages/hot-keywords', permission: 'hotKeyword', body: hotKeywordBody }),
  update: endpoint({ method: 'PUT', path: 'admin/pages/hot-keywords/:id', permission: 'hotKeyword', params: hotKeywordParams, body: hotKeywordBody }),
  remove: endpoint({ method: 'DELETE', path: 'admin/pages/hot-keywords/:id', permission: 'hotKeyword', params: hotKeywordParams }),
});

export const customWordEndpoints = defineEndpoints('customWords', {
  list: endpoint({ method: 'GET', path: 'admin/goodssearch/custom-words', permission: 'searchKeyword', query: customWordQuery, response: returns<Page<CustomWordRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/goodssearch/custom-words', permission: 'searchKeyword', body: customWordBody }),
  remove: endpoint({ method: 'DELETE', path: 'admin/goodssearch/custom-words/:id', permission: 'searchKeyword', params: customWordParams }),
  secret: endpoint({ method: 'GET', path: 'admin/goodssearch/custom-words/secret-key', permission: 'searchKeyword', response: returns<CustomWordSecret>() }),
  setSecret: endpoint({ method: 'PUT', path: 'admin/goodssearch/custom-words/secret-key', permission: 'searchKeyword', twoStep: true, body: customWordSecretBody, response: returns<CustomWordSecret>() }),
  /** answered as text/plain; 403 without the right key */
  dict: endpoint({ method: 'GET', path: 'base/goodssearch/custom-words', permission: 'public', query: customWordDictQuery, binary: true }),
});

export const searchTipEndpoints = defineEndpoints('searchTips', {
  list: endpoint({ method: 'GET', path: 'admin/goodssearch/goods-words', permission: 'searchTips', query: searchTipQuery, response: returns<Page<SearchTipRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/goodssearch/goods-words', permission: 'searchTips', body: searchTipBody }),
  words: endpoint({ method: 'PUT', path: 'admin/goodssearch/goods-words/:id/words', permission: 'searchTips', params: searchTipParams, body: searchTipWordsBody }),
  sort: endpoint({ method: 'PUT', path: 'admin/goodssearch/goods-words/:id/sort', permission: 'searchTips', params: searchTipParams, body: searchTipSortBody }),
  remove: endpoint({ method: 'DELETE', path: 'admin/goodssearch/goods-words/:id', permission: 'searchTips', params: searchTipParams }),
});

export const searchHistoryEndpoints = defineEndpoints('searchHistory', {
  list: endpoint({ method: 'GET', path: 'admin/goodssearch/keywords', permission: 'searchHistory', query: searchHistoryQuery, response: returns<Page<SearchHistoryRow>>() }),
});

export const sensitiveWordEndpoints = defineEndpoints('sensitiveWords', {
  list: endpoint({ method: 'GET', path: 'admin/sensitive-words', permission: 'sensitiveWords', query: sensitiveWordQuery, response: returns<Page<SensitiveWordRow>>() }),
  get: endpoint({ method: 'GET', path: 'admin/sensitive-words/:id', permission: 'sensitiveWords', params: sensitiveWordParams, response: returns<SensitiveWordRow>() }),
  create: endpoint({ method: 'POST', path: 'admin/sensitive-words', permission: 'sensitiveWords', body: sensitiveWordBody }),
  remove: endpoint({ method: 'DELETE', path: 'admin/sensitive-words/:id', permission: 'sensitiveWords', params: sensitiveWordParams }),
});

export const goodsIndexEndpoints = defineEndpoints('goodsIndex', {
  status: endpoint({ method: 'GET', path: 'admin/goods/search/status', permission: 'goodsIndex', response: returns<GoodsIndexStatus>() }),
  /** GET, as DOMAIN §2.24 has it: starts a full re-index (or answers the one already queued or running) */
  start: endpoint({ method: 'GET', path: 'admin/goods/search', permission: 'goodsIndex', response: returns<TaskQueued>() }),
  stop: endpoint({ method: 'DELETE', path: 'admin/goods/search/:id', permission: 'goodsIndex', params: goodsIndexTaskParams }),
  search: endpoint({ method: 'GET', path: 'base/goods/search', permission: 'public', query: goodsSearchQuery, response: returns<Page<GoodsSearchHit>>() }),
});
