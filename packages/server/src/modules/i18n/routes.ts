import type { FastifyRequest } from 'fastify';
import { UI_DICT_IMPORT_MAX_MB, dataDictEndpoints, languageAdminEndpoints, translationTaskEndpoints, uiDictEndpoints } from '@agora/contract';
import { requestLanguage, route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { exportOwner, exportRoute } from '../../platform/xlsx-export.js';
import { uploadedSheet } from '../../platform/xlsx-import.js';
import { enqueueUiDictImport } from './ui-dict-import.js';
import { uiDictExport } from './ui-dict-export.js';
import { listDataDict, syncDataDict, updateDataEntry } from './data-dict.js';
import { createTranslationTask, listTranslationFailures, listTranslationTasks, retranslate, translateGoods } from './tasks.js';
import { addLanguage, createUiKey, deleteUiKey, listLanguageRows, listUiDict, setLanguageEnabled, sortLanguages, updateUiKey } from './service.js';

const keyOf = (req: FastifyRequest) => (req.body as { key?: string }).key ?? '';
const idOf = (req: FastifyRequest) => (req.params as { id?: string }).id ?? '';

export const i18nRoutes = [
  route(uiDictEndpoints.list, { handler: ({ query, ctx }) => listUiDict(ctx, query) }),
  route(uiDictEndpoints.create, {
    log: (req) => ({ zh: `添加界面词条 ${keyOf(req)}`, en: `Add UI entry ${keyOf(req)}` }),
    handler: ({ body, ctx, req }) => createUiKey(ctx, body, auditIn(req)),
  }),
  route(uiDictEndpoints.update, {
    log: (req) => ({ zh: `修改界面词条 #${idOf(req)}`, en: `Edit UI entry #${idOf(req)}` }),
    handler: ({ params, body, ctx, req }) => updateUiKey(ctx, params.id, body, auditIn(req)),
  }),
  route(uiDictEndpoints.remove, {
    log: (req) => ({ zh: `删除界面词条 #${idOf(req)}`, en: `Delete UI entry #${idOf(req)}` }),
    handler: ({ params, ctx, req }) => deleteUiKey(ctx, params.id, auditIn(req)),
  }),
  route(uiDictEndpoints.export, exportRoute(uiDictExport, { contents: 'records', log: { zh: '导出界面词典', en: 'Export the UI dictionary' } })),
  route(uiDictEndpoints.import, {
    log: { zh: '导入界面词典', en: 'Import the UI dictionary' },
    async handler({ req, admin, ctx }) {
      const job = await enqueueUiDictImport(ctx, exportOwner(admin), await uploadedSheet(req, UI_DICT_IMPORT_MAX_MB), req.ip);
      return { task_id: job.id };
    },
  }),
  route(languageAdminEndpoints.list, { handler: ({ ctx }) => listLanguageRows(ctx) }),
  route(languageAdminEndpoints.add, {
    log: (req) => ({ zh: `添加语言 ${(req.body as { code?: string }).code ?? ''}`, en: `Add the language ${(req.body as { code?: string }).code ?? ''}` }),
    handler: ({ body, ctx, req }) => addLanguage(ctx, body.code, auditIn(req)),
  }),
  route(languageAdminEndpoints.enable, {
    log: (req) => ((req.body as { enabled?: number }).enabled === 0 ? { zh: '禁用语言', en: 'Disable a language' } : { zh: '启用语言', en: 'Enable a language' }),
    handler: ({ params, body, ctx, req }) => setLanguageEnabled(ctx, params.id, body.enabled, auditIn(req)),
  }),
  route(languageAdminEndpoints.sort, { log: { zh: '调整语言顺序', en: 'Reorder languages' }, handler: ({ body, ctx, req }) => sortLanguages(ctx, body.ids, auditIn(req)) }),
  route(dataDictEndpoints.list, { handler: ({ query, ctx }) => listDataDict(ctx, query) }),
  route(dataDictEndpoints.update, {
    log: (req) => ({ zh: `修改数据词条 #${idOf(req)}`, en: `Edit data entry #${idOf(req)}` }),
    handler: ({ params, body, ctx, req }) => updateDataEntry(ctx, params.id, body, auditIn(req)),
  }),
  route(dataDictEndpoints.sync, { log: { zh: '同步数据词典', en: 'Sync the data dictionary' }, handler: ({ ctx, req }) => syncDataDict(ctx, auditIn(req)) }),
  route(translationTaskEndpoints.list, { handler: ({ query, ctx }) => listTranslationTasks(ctx, query) }),
  route(translationTaskEndpoints.create, {
    log: (req) => ({ zh: `创建翻译任务 语言#${idOf(req)}`, en: `Start a translation task, language #${idOf(req)}` }),
    handler: ({ params, body, admin, ctx, req }) => createTranslationTask(ctx, admin, params.id, body.scope, requestLanguage(req), auditIn(req)),
  }),
  route(translationTaskEndpoints.failures, { handler: ({ query, ctx }) => listTranslationFailures(ctx, query) }),
  route(translationTaskEndpoints.retranslate, {
    log: { zh: '重新翻译失败记录', en: 'Translate failed items again' },
    handler: ({ body, admin, ctx, req }) => retranslate(ctx, admin, body.ids, requestLanguage(req), auditIn(req)),
  }),
  route(translationTaskEndpoints.goods, {
    log: (req) => ({ zh: `翻译商品 #${(req.body as { goods_id?: number }).goods_id ?? ''}`, en: `Translate goods #${(req.body as { goods_id?: number }).goods_id ?? ''}` }),
    handler: ({ body, ctx, req }) => translateGoods(ctx, body.goods_id, body.lang, auditIn(req)),
  }),
];
