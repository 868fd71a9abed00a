/** The system log's 导出 (docs/jobs.md): the log's own spec for the operator's filters, written to xlsx by a background job. */
import { systemLogQuery, type SystemLogQuery, type SystemLogRow } from '@agora/contract';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { dayRangeWords, exportJob, filterWords } from '../../platform/xlsx-export.js';
import { systemLogListSpec } from './service.js';

const LEVEL = { normal: { zh: '普通', en: 'Normal' }, important: { zh: '重要', en: 'Important' } } as const;

export const systemLogExport = exportJob<SystemLogQuery, SystemLogRow>('system-log.export', {
  title: { zh: '系统日志', en: 'System log' },
  params: systemLogQuery,
  columns: [
    { header: { zh: '日志ID', en: 'ID' }, value: (row) => row.id, width: 10 },
    { header: { zh: '账号', en: 'Account' }, value: (row) => row.operator_name },
    { header: { zh: '操作', en: 'Operation' }, value: (row, lang) => (lang === 'en' ? row.operate_detail_en : row.operate_detail), width: 36 },
    { header: { zh: 'IP', en: 'IP' }, value: (row) => row.operate_ip },
    { header: { zh: '级别', en: 'Level' }, value: (row, lang) => LEVEL[row.level][lang], width: 8 },
    { header: { zh: '请求方式', en: 'Method' }, value: (row) => row.method, width: 10 },
    { header: { zh: '请求地址', en: 'URL' }, value: (row) => row.url, width: 36 },
    { header: { zh: '请求参数', en: 'Parameters' }, value: (row) => row.params, width: 40 },
    { header: { zh: '时间', en: 'Time' }, value: (row) => platformDateTime(fromUnixSeconds(row.create_time)), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部日志',
      [query.keyword && `关键字：${query.keyword}`, query.level && `级别：${LEVEL[query.level].zh}`, dayRangeWords('时间', query.start_time, query.end_time)],
      '按时间降序',
    ),
  list: systemLogListSpec,
});
