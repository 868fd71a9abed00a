import { customWordEndpoints, goodsIndexEndpoints, hotKeywordEndpoints, searchHistoryEndpoints, searchTipEndpoints, sensitiveWordEndpoints } from '@agora/contract';
import { requestLanguage, route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import {
  createCustomWord,
  createHotKeyword,
  createSearchTip,
  createSensitiveWord,
  customWordDictionary,
  customWordSecret,
  deleteCustomWord,
  deleteHotKeyword,
  deleteSearchTip,
  deleteSensitiveWord,
  getSensitiveWord,
  listCustomWords,
  listHotKeywords,
  listSearchHistory,
  listSearchTips,
  listSensitiveWords,
  setCustomWordSecret,
  updateHotKeyword,
  updateSearchTipSort,
  updateSearchTipWords,
} from './service.js';
import { goodsIndexStatus, searchGoods, startReindex, stopReindex } from './goods-index.js';

const field = (name: string) => (req: { body: unknown }) => String((req.body as Record<string, unknown> | undefined)?.[name] ?? '');

export const searchRoutes = [
  route(hotKeywordEndpoints.list, { handler: ({ query, ctx }) => listHotKeywords(ctx, query) }),
  route(hotKeywordEndpoints.create, { log: (req) => ({ zh: `添加热门关键字 ${field('hot_name')(req)}`, en: `Add hot keyword ${field('hot_name')(req)}` }), handler: ({ body, ctx, req }) => createHotKeyword(ctx, body, auditIn(req)) }),
  route(hotKeywordEndpoints.update, { log: (req) => ({ zh: `编辑热门关键字 ${field('hot_name')(req)}`, en: `Edit hot keyword ${field('hot_name')(req)}` }), handler: ({ params, body, ctx, req }) => updateHotKeyword(ctx, params.id, body, auditIn(req)) }),
  route(hotKeywordEndpoints.remove, { log: { zh: '删除热门关键字', en: 'Delete a hot keyword' }, handler: ({ params, ctx, req }) => deleteHotKeyword(ctx, params.id, auditIn(req)) }),

  route(customWordEndpoints.list, { handler: ({ query, ctx }) => listCustomWords(ctx, query) }),
  route(customWordEndpoints.create, { log: (req) => ({ zh: `添加自定义分词 ${field('name')(req)}`, en: `Add custom word ${field('name')(req)}` }), handler: ({ body, ctx, req }) => createCustomWord(ctx, body.name, auditIn(req)) }),
  route(customWordEndpoints.remove, { log: { zh: '删除自定义分词', en: 'Delete a custom word' }, handler: ({ params, ctx, req }) => deleteCustomWord(ctx, params.id, auditIn(req)) }),
  route(customWordEndpoints.secret, { handler: ({ ctx }) => customWordSecret(ctx) }),
  route(customWordEndpoints.setSecret, { log: { zh: '设置自定义分词秘钥', en: 'Set the custom dictionary key' }, important: true, handler: ({ body, ctx }) => setCustomWordSecret(ctx, body.secret_key) }),
  route(customWordEndpoints.dict, {
    async handler({ query, ctx, reply }) {
      const words = await customWordDictionary(ctx, query.secret_key);
      return reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(words);
    },
  }),

  route(searchTipEndpoints.list, { handler: ({ query, ctx }) => listSearchTips(ctx, query) }),
  route(searchTipEndpoints.create, { log: (req) => ({ zh: `添加搜索提示词 ${field('words')(req)}`, en: `Add search tip ${field('words')(req)}` }), handler: ({ body, ctx, req }) => createSearchTip(ctx, body, auditIn(req)) }),
  route(searchTipEndpoints.words, { log: (req) => ({ zh: `修改搜索提示词 ${field('words')(req)}`, en: `Edit search tip ${field('words')(req)}` }), handler: ({ params, body, ctx, req }) => updateSearchTipWords(ctx, params.id, body.words, auditIn(req)) }),
  route(searchTipEndpoints.sort, { log: { zh: '修改搜索提示词排序', en: 'Change a search tip\'s sort' }, handler: ({ params, body, ctx, req }) => updateSearchTipSort(ctx, params.id, body.sort, auditIn(req)) }),
  route(searchTipEndpoints.remove, { log: { zh: '删除搜索提示词', en: 'Delete a search tip' }, handler: ({ params, ctx, req }) => deleteSearchTip(ctx, params.id, auditIn(req)) }),

  route(searchHistoryEndpoints.list, { handler: ({ query, ctx }) => listSearchHistory(ctx, query) }),

  route(sensitiveWordEndpoints.list, { handler: ({ query, ctx }) => listSensitiveWords(ctx, query) }),
  route(sensitiveWordEndpoints.get, { handler: ({ params, ctx }) => getSensitiveWord(ctx, params.id) }),
  route(sensitiveWordEndpoints.create, { log: (req) => ({ zh: `添加敏感词 ${field('word_name')(req)}`, en: `Add sensitive word ${field('word_name')(req)}` }), handler: ({ body, ctx, req }) => createSensitiveWord(ctx, body.word_name, auditIn(req)) }),
  route(sensitiveWordEndpoints.remove, { log: { zh: '删除敏感词', en: 'Delete a sensitive word' }, handler: ({ params, ctx, req }) => deleteSensitiveWord(ctx, params.id, auditIn(req)) }),

  route(goodsIndexEndpoints.status, { handler: ({ ctx }) => goodsIndexStatus(ctx) }),
  route(goodsIndexEndpoints.start, { log: { zh: '重建商品索引', en: 'Re-index goods search' }, handler: ({ admin, ctx, req }) => startReindex(ctx, admin, requestLanguage(req), auditIn(req)) }),
  route(goodsIndexEndpoints.stop, { log: { zh: '停止重建商品索引', en: 'Stop the goods re-index' }, handler: ({ params, ctx }) => stopReindex(ctx, params.id) }),
  route(goodsIndexEndpoints.search, { handler: ({ query, ctx }) => searchGoods(ctx, query) }),
];
