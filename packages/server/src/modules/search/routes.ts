import { customWordEndpoints, goodsIndexEndpoints, hotKeywordEndpoints, searchHistoryEndpoints, searchTipEndpoints, sensitiveWordEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { requestLang } from '../../platform/xlsx-export.js';
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
  route(hotKeywordEndpoints.create, { log: (req) => `添加热门关键字 ${field('hot_name')(req)}`, handler: ({ body, ctx, req }) => createHotKeyword(ctx, body, auditIn(req)) }),
  route(hotKeywordEndpoints.update, { log: (req) => `编辑热门关键字 ${field('hot_name')(req)}`, handler: ({ params, body, ctx, req }) => updateHotKeyword(ctx, params.id, body, auditIn(req)) }),
  route(hotKeywordEndpoints.remove, { log: '删除热门关键字', handler: ({ params, ctx, req }) => deleteHotKeyword(ctx, params.id, auditIn(req)) }),

  route(customWordEndpoints.list, { handler: ({ query, ctx }) => listCustomWords(ctx, query) }),
  route(customWordEndpoints.create, { log: (req) => `添加自定义分词 ${field('name')(req)}`, handler: ({ body, ctx, req }) => createCustomWord(ctx, body.name, auditIn(req)) }),
  route(customWordEndpoints.remove, { log: '删除自定义分词', handler: ({ params, ctx, req }) => deleteCustomWord(ctx, params.id, auditIn(req)) }),
  route(customWordEndpoints.secret, { handler: ({ ctx }) => customWordSecret(ctx) }),
  route(customWordEndpoints.setSecret, { log: '设置自定义分词秘钥', important: true, handler: ({ body, ctx }) => setCustomWordSecret(ctx, body.secret_key) }),
  route(customWordEndpoints.dict, {
    async handler({ query, ctx, reply }) {
      const words = await customWordDictionary(ctx, query.secret_key);
      return reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(words);
    },
  }),

  route(searchTipEndpoints.list, { handler: ({ query, ctx }) => listSearchTips(ctx, query) }),
  route(searchTipEndpoints.create, { log: (req) => `添加搜索提示词 ${field('words')(req)}`, handler: ({ body, ctx, req }) => createSearchTip(ctx, body, auditIn(req)) }),
  route(searchTipEndpoints.words, { log: (req) => `修改搜索提示词 ${field('words')(req)}`, handler: ({ params, body, ctx, req }) => updateSearchTipWords(ctx, params.id, body.words, auditIn(req)) }),
  route(searchTipEndpoints.sort, { log: '修改搜索提示词排序', handler: ({ params, body, ctx, req }) => updateSearchTipSort(ctx, params.id, body.sort, auditIn(req)) }),
  route(searchTipEndpoints.remove, { log: '删除搜索提示词', handler: ({ params, ctx, req }) => deleteSearchTip(ctx, params.id, auditIn(req)) }),

  route(searchHistoryEndpoints.list, { handler: ({ query, ctx }) => listSearchHistory(ctx, query) }),

  route(sensitiveWordEndpoints.list, { handler: ({ query, ctx }) => listSensitiveWords(ctx, query) }),
  route(sensitiveWordEndpoints.get, { handler: ({ params, ctx }) => getSensitiveWord(ctx, params.id) }),
  route(sensitiveWordEndpoints.create, { log: (req) => `添加敏感词 ${field('word_name')(req)}`, handler: ({ body, ctx, req }) => createSensitiveWord(ctx, body.word_name, auditIn(req)) }),
  route(sensitiveWordEndpoints.remove, { log: '删除敏感词', handler: ({ params, ctx, req }) => deleteSensitiveWord(ctx, params.id, auditIn(req)) }),

  route(goodsIndexEndpoints.status, { handler: ({ ctx }) => goodsIndexStatus(ctx) }),
  route(goodsIndexEndpoints.start, { log: '重建商品索引', handler: ({ admin, ctx, req }) => startReindex(ctx, admin, requestLang(req), auditIn(req)) }),
  route(goodsIndexEndpoints.stop, { log: '停止重建商品索引', handler: ({ params, ctx }) => stopReindex(ctx, params.id) }),
  route(goodsIndexEndpoints.search, { handler: ({ query, ctx }) => searchGoods(ctx, query) }),
];
