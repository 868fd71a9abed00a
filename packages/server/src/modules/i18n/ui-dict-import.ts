/**
 * The UI dictionary's import (docs/translation.md): the export's sheet edited offline and uploaded
 * back, through the import job machinery of docs/jobs.md (the member import's): the file is checked
 * before anything is stored, the rows are written 500 to a transaction with the job's checkpoint and
 * the batch's audit line, and refused rows land in an error report.
 */
import crypto from 'node:crypto';
import {
  LANG_STATES,
  UI_DICT_ADD_WORDS,
  UI_DICT_IMPORT_MAX_MB,
  UI_DICT_LIMITS,
  UI_DICT_SHEET_COLUMNS,
} from '@agora/contract';
import { systemLogs } from '../system-logs/tables.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enqueueJob, registerJobKind, type JobRecord } from '../../platform/jobs.js';
import { errorReport, importInBatches, inspectImportFile, refusedRows, XLSX_TYPE, type ImportColumn, type RowError, type SheetRow } from '../../platform/xlsx-import.js';
import { importUiTexts, listLanguageRows, type UiImportRow } from './service.js';

export const UI_DICT_IMPORT_KIND = 'ui-dict.import';
/** Rows per transaction (and between two cancel checks). */
export const UI_IMPORT_BATCH = 500;
const MAX_REPORTED_ERRORS = 10_000;

interface ImportParams {
  sourceKey: string;
  fileName: string;
  size: number;
  ip: string;
  /** the language codes the sheet has columns for (all enabled when it was uploaded) */
  langs: string[];
}

interface ImportCheckpoint {
  row: number;
  updated: number;
  added: number;
  unchanged: number;
  failed: number;
  errors: RowError[];
}

const column = (key: string, title: { zh: string; en: string }, required = false): ImportColumn => ({ key, zh: title.zh, en: title.en, required });
const KEY = column('key', UI_DICT_SHEET_COLUMNS.key, true);
const ADD = column('add', UI_DICT_SHEET_COLUMNS.add);
const KIND = column('kind', UI_DICT_SHEET_COLUMNS.kind);
/** A language's column is headed by its code (`lang:` keeps it apart from the other columns' keys). */
const languageColumn = (code: string): ImportColumn => ({ key: `lang:${code}`, zh: code, en: code, required: false });

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const titleOf = (title: { zh: string; en: string }, text: string) => same(text, title.zh) || same(text, title.en);

/**
 * Which languages a header names, refusing what the import cannot take: no key column, a column it
 * does not know, a language that is not enabled, a column twice, no language at all.
 */
async function languagesOf(ctx: AppContext, titles: string[]): Promise<string[]> {
  if (!titles.some((title) => titleOf(UI_DICT_SHEET_COLUMNS.key, title))) throw new AppError(400, 'UI_IMPORT_KEY_COLUMN');
  const languages = await listLanguageRows(ctx);
  const unknown: string[] = [];
  const off: string[] = [];
  const codes: string[] = [];
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const title of titles) {
    const fixed = Object.values(UI_DICT_SHEET_COLUMNS).find((known) => titleOf(known, title));
    const language = fixed ? undefined : languages.find((row) => same(row.code, title));
    const name = fixed?.zh ?? language?.code ?? title;
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
    if (fixed) continue;
    if (!language) unknown.push(title);
    else if (language.enabled === LANG_STATES.off) off.push(language.code);
    else if (!codes.includes(language.code)) codes.push(language.code);
  }
  if (repeated.size > 0) throw new AppError(400, 'UI_IMPORT_DUPLICATE_COLUMNS', { columns: [...repeated].join('、') });
  if (unknown.length > 0) throw new AppError(400, 'UI_IMPORT_UNKNOWN_COLUMNS', { columns: unknown.join('、') });
  if (off.length > 0) throw new AppError(400, 'UI_IMPORT_LANG_OFF', { columns: off.join('、') });
  if (codes.length === 0) throw new AppError(400, 'UI_IMPORT_NO_LANGUAGE');
  return codes;
}

/**
 * Checks an uploaded sheet and queues its import. A refused file (type, size, empty, its columns)
 * is refused with the reason and leaves nothing stored and no job.
 */
export async function enqueueUiDictImport(ctx: AppContext, owner: { id: number; name: string }, file: { name: string; bytes: Buffer }, ip: string): Promise<JobRecord> {
  const titles = await inspectImportFile(file, [{ ...KEY, required: false }], UI_DICT_IMPORT_MAX_MB);
  const langs = await languagesOf(ctx, titles);
  const sourceKey = `imports/${new Date().getUTCFullYear()}/${crypto.randomUUID()}.xlsx`;
  await ctx.storage.put(sourceKey, file.bytes, XLSX_TYPE);
  const params: ImportParams = { sourceKey, fileName: file.name.slice(0, 200), size: file.bytes.length, ip, langs };
  try {
    return await enqueueJob(ctx, { kind: UI_DICT_IMPORT_KIND, owner, params: { ...params }, filterSummary: params.fileName });
  } catch (error) {
    await ctx.storage.delete(sourceKey);
    throw error;
  }
}

/** A sheet row checked on its own: the key, the 新增 word, each text's length, a key seen before in the file. */
function validate(row: SheetRow, langs: string[], firstRowOf: Map<string, number>): { candidate?: UiImportRow; errors: RowError[] } {
  const errors: RowError[] = [];
  const key = row.values.key;
  const add = row.values.add.toLowerCase();
  if (key === '') errors.push({ row: row.number, column: KEY.zh, message: '请填写词条键' });
  else {
    const first = firstRowOf.get(key);
    if (first !== undefined && first !== row.number) errors.push({ row: row.number, column: KEY.zh, message: `词条键与第 ${first} 行重复` });
  }
  const yes = (UI_DICT_ADD_WORDS.yes as readonly string[]).includes(add);
  if (!yes && !(UI_DICT_ADD_WORDS.no as readonly string[]).includes(add)) errors.push({ row: row.number, column: ADD.zh, message: '新增列只能填“是”或留空' });
  const texts: Record<string, string> = {};
  for (const code of langs) {
    const text = row.values[`lang:${code}`];
    if (text.length > UI_DICT_LIMITS.text) errors.push({ row: row.number, column: code, message: `译文最多${UI_DICT_LIMITS.text}个字符` });
    texts[code] = text;
  }
  return errors.length > 0 ? { errors } : { candidate: { row: row.number, key, add: yes, texts }, errors };
}

registerJobKind(UI_DICT_IMPORT_KIND, {
  operateType: 'IMPORT',
  label: { zh: '界面词典导入', en: 'UI dictionary import' },
  // Each batch commits with its checkpoint: a resumed attempt skips the rows already written.
  restartable: true,
  async run(job, { ctx, progress, isCancelled, commitBatch }) {
    const params = job.params as ImportParams;
    const source = await ctx.storage.read(params.sourceKey);
    if (!source) throw new AppError(400, 'IMPORT_SOURCE_GONE');
    const state: ImportCheckpoint = (job.checkpoint as ImportCheckpoint | null) ?? { row: 1, updated: 0, added: 0, unchanged: 0, failed: 0, errors: [] };
    const columns = [KEY, KIND, ADD, ...params.langs.map(languageColumn)];
    // The first row of each key: a later row with the same key is refused (rebuilt on a resume from the rows skipped).
    const firstRowOf = new Map<string, number>();
    let bytesRead = 0;
    const word = () => `已处理至第 ${state.row} 行：修改 ${state.updated} 条，新增 ${state.added} 条，未变 ${state.unchanged} 条，失败 ${state.failed} 条`;

    const importBatch = async (rows: SheetRow[]) => {
      const checked = rows.map((row) => validate(row, params.langs, firstRowOf));
      const candidates = checked.flatMap((check) => (check.candidate ? [check.candidate] : []));
      const first = rows[0].number;
      const last = rows[rows.length - 1].number;
      const outcome = await commitBatch(
        async (tx) => {
          const outcomes = await importUiTexts(tx, candidates);
          const refused: RowError[] = checked.flatMap((check) => check.errors);
          const counts = { updated: 0, added: 0, unchanged: 0 };
          for (const result of outcomes) {
            if ('done' in result) counts[result.done]++;
            else
              refused.push({
                row: result.row,
                column: result.column === 'key' ? KEY.zh : result.column,
                message: typeof result.refused === 'string' ? result.refused : result.refused.localized('zh'),
              });
          }
          refused.sort((a, b) => a.row - b.row);
          if (counts.updated + counts.added > 0) {
            // The batch's writes and their audit line commit together.
            await tx.insert(systemLogs).values({
              operatorId: job.ownerId ?? 0,
              operatorName: job.ownerName,
              operateDetail: `导入界面词典（${params.fileName}）第 ${first}–${last} 行：修改 ${counts.updated} 条，新增 ${counts.added} 条`.slice(0, 200),
              operateDetailEn: `Import the UI dictionary (${params.fileName}) rows ${first}–${last}: ${counts.updated} changed, ${counts.added} added`.slice(0, 200),
              operateIp: params.ip,
              level: 'normal',
              method: 'JOB',
              url: `jobs/${job.id}`,
              params: JSON.stringify({ file: params.fileName, rows: [first, last], ...counts, failed: refusedRows(refused) }),
            });
          }
          return { ...counts, refused };
        },
        (result) => ({
          row: last,
          updated: state.updated + result.updated,
          added: state.added + result.added,
          unchanged: state.unchanged + result.unchanged,
          failed: state.failed + refusedRows(result.refused),
          errors: [...state.errors, ...result.refused].slice(0, MAX_REPORTED_ERRORS),
        }),
      );
      // Only once committed does the batch count.
      state.row = last;
      state.updated += outcome.updated;
      state.added += outcome.added;
      state.unchanged += outcome.unchanged;
      state.failed += refusedRows(outcome.refused);
      state.errors = [...state.errors, ...outcome.refused].slice(0, MAX_REPORTED_ERRORS);
      await progress(params.size ? Math.min(95, (bytesRead / params.size) * 95) : 50, word());
    };

    const done = await importInBatches({
      source,
      columns,
      after: state.row,
      size: UI_IMPORT_BATCH,
      onBytes: (bytes) => (bytesRead = bytes),
      isCancelled,
      importBatch,
      onRow: (row) => {
        const key = row.values.key;
        if (key !== '' && !firstRowOf.has(key)) firstRowOf.set(key, row.number);
      },
    });
    if (!done) return;

    const message = `修改 ${state.updated} 条，新增 ${state.added} 条，未变 ${state.unchanged} 条，失败 ${state.failed} 条`;
    // An unchanged row was read and accepted: it counts with the imported, not the failed.
    const rows = state.updated + state.added + state.unchanged;
    if (state.errors.length === 0) return { rows, errors: state.failed, message };
    const report = await errorReport(state.errors);
    const fileKey = `imports/reports/${job.id}-${crypto.randomBytes(8).toString('hex')}.xlsx`;
    await ctx.storage.put(fileKey, report, XLSX_TYPE);
    return { fileKey, fileName: '界面词典导入错误报告.xlsx', rows, errors: state.failed, size: report.length, message };
  },
});
