import { LANG_STATES, UI_DICT_SHEET_COLUMNS, uiDictQuery, type UiDictRow } from '@agora/contract';
import { exportJob, filterWords, type ExportColumn } from '../../platform/xlsx-export.js';
import { countUiDict, listLanguageRows, uiDictBatches } from './service.js';

/**
 * The UI dictionary as xlsx (key × language), with the list's filters and in its order: the layout
 * an operator edits offline and imports back (ui-dict-import.ts). A column per enabled language, in
 * the languages' order and headed by its code, as the dictionary page shows them; then 新增, empty,
 * for the rows an operator adds.
 */
export const uiDictExport = exportJob<typeof uiDictQuery._output, UiDictRow>('ui-dict.export', {
  title: { zh: '界面词典', en: 'UI dictionary' },
  params: uiDictQuery,
  columns: async (ctx) => {
    const enabled = (await listLanguageRows(ctx)).filter((language) => language.enabled !== LANG_STATES.off);
    return [
      { header: UI_DICT_SHEET_COLUMNS.key, value: (row) => row.key, width: 44 },
      { header: UI_DICT_SHEET_COLUMNS.kind, value: (row, lang) => (row.kind === 'router' ? (lang === 'en' ? 'Menu title' : '菜单标题') : lang === 'en' ? 'UI' : '界面'), width: 10 },
      ...enabled.map(
        (language): ExportColumn<UiDictRow> => ({ header: { zh: language.code, en: language.code }, value: (row) => row.texts[language.code] ?? '', width: 40 }),
      ),
      { header: UI_DICT_SHEET_COLUMNS.add, value: () => '', width: 8 },
    ];
  },
  describe: async (_ctx, params, lang) =>
    filterWords(
      lang === 'en' ? 'All entries' : '全部词条',
      [params.keyword && `${lang === 'en' ? 'Keyword' : '关键字'}：${params.keyword}`, params.kind && `${lang === 'en' ? 'Type' : '类型'}：${params.kind}`],
      lang === 'en' ? 'in key order' : '按词条顺序',
    ),
  count: (ctx, params) => countUiDict(ctx, params),
  batches: (ctx, params, size) => uiDictBatches(ctx, params, size),
});
