import { SHIPPED_LANGUAGES, uiDictQuery, type UiDictRow } from '@agora/contract';
import { exportJob, filterWords } from '../../platform/xlsx-export.js';
import { countUiDict, uiDictBatches } from './service.js';

/**
 * The UI dictionary as xlsx (key × language), with the list's filters and in its order: the layout
 * an operator edits offline. A column per language the console ships (the only ones the languages
 * table can hold).
 */
export const uiDictExport = exportJob<typeof uiDictQuery._output, UiDictRow>('ui-dict.export', {
  title: { zh: '界面词典', en: 'UI dictionary' },
  params: uiDictQuery,
  columns: [
    { header: { zh: '词条键', en: 'Key' }, value: (row) => row.key, width: 44 },
    { header: { zh: '类型', en: 'Type' }, value: (row, lang) => (row.kind === 'router' ? (lang === 'en' ? 'Menu title' : '菜单标题') : lang === 'en' ? 'UI' : '界面'), width: 10 },
    ...SHIPPED_LANGUAGES.map((language) => ({
      header: { zh: language.code, en: language.code },
      value: (row: UiDictRow) => row.texts[language.code] ?? '',
      width: 40,
    })),
  ],
  describe: async (_ctx, params, lang) =>
    filterWords(
      lang === 'en' ? 'All entries' : '全部词条',
      [params.keyword && `${lang === 'en' ? 'Keyword' : '关键字'}：${params.keyword}`, params.kind && `${lang === 'en' ? 'Type' : '类型'}：${params.kind}`],
      lang === 'en' ? 'in key order' : '按词条顺序',
    ),
  count: (ctx, params) => countUiDict(ctx, params),
  batches: (ctx, params, size) => uiDictBatches(ctx, params, size),
});
