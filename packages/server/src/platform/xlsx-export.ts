/**
 * Exports as background jobs (docs/jobs.md): an area describes its columns and how to page
 * through its table; the job streams the rows into an xlsx (exceljs' streaming writer, row by
 * row to a temporary file), then hands the file to the storage driver (local disk or S3) under
 * a key of its own. Memory holds one batch of rows, whatever the size of the export.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from './exceljs.js';
import type { ZodType } from 'zod';
import type { AppContext } from './context.js';
import { parse } from './http.js';
import { enqueueJob, registerJobKind, type JobRecord } from './jobs.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read from the database per batch (and between two cancel checks). */
export const EXPORT_BATCH = 1_000;

export type CellValue = string | number | null;

export interface ExportColumn<R> {
  header: { zh: string; en: string };
  value(row: R): CellValue;
  /** in characters */
  width?: number;
}

export interface ExportSpec<P, R> {
  /** the sheet's name and the start of the file's name */
  title: { zh: string; en: string };
  /** the list's own query schema: an export takes exactly the filters the list does */
  params: ZodType<P>;
  columns: ExportColumn<R>[];
  /** the filters in words, for the records page */
  describe(ctx: AppContext, params: P, lang: 'zh' | 'en'): Promise<string>;
  /** how many rows the export will have (for its progress) */
  count(ctx: AppContext, params: P): Promise<number>;
  /** the rows in the list's order, a batch at a time (keyset paging) */
  batches(ctx: AppContext, params: P, size: number): AsyncIterable<R[]>;
}

export interface ExportHandle {
  /** Validates the list's filters and queues the export for `owner`. */
  enqueue(ctx: AppContext, owner: { id: number; name: string }, rawParams: unknown, lang?: 'zh' | 'en'): Promise<JobRecord>;
}

/** The platform's clock for the file's name: 20261124-093015. */
function stamp(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return `${local.slice(0, 10).replace(/-/g, '')}-${local.slice(11, 19).replace(/:/g, '')}`;
}

/** Registers an export job kind and gives the area the function that queues one. */
export function exportJob<P, R>(kind: string, spec: ExportSpec<P, R>): ExportHandle {
  registerJobKind(kind, {
    operateType: 'EXPORT',
    // An attempt writes a file under a new key and publishes it only when done: running again is safe.
    restartable: true,
    async run(job, { ctx, progress, isCancelled }) {
      const lang = job.lang === 'en' ? 'en' : 'zh';
      const params = parse(spec.params, job.params);
      const total = await spec.count(ctx, params);
      const temp = path.join(os.tmpdir(), `agora-export-${job.id}-${crypto.randomBytes(6).toString('hex')}.xlsx`);
      try {
        // No shared strings or styles: both would be kept in memory until the end.
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: temp, useStyles: false, useSharedStrings: false });
        const sheet = workbook.addWorksheet(spec.title[lang]);
        sheet.columns = spec.columns.map((column) => ({ header: column.header[lang], width: column.width ?? 16 }));
        let rows = 0;
        await progress(0, lang === 'en' ? `0 / ${total} rows` : `已导出 0 / ${total} 条`);
        for await (const batch of spec.batches(ctx, params, EXPORT_BATCH)) {
          if (await isCancelled()) return;
          for (const row of batch) sheet.addRow(spec.columns.map((column) => column.value(row))).commit();
          rows += batch.length;
          await progress(total ? (rows / Math.max(total, rows)) * 95 : 95, lang === 'en' ? `${rows} / ${total} rows` : `已导出 ${rows} / ${total} 条`);
        }
        if (await isCancelled()) return;
        sheet.commit();
        await workbook.commit();
        const { size } = await fsp.stat(temp);
        const key = `exports/${new Date().getUTCFullYear()}/${job.id}-${crypto.randomBytes(8).toString('hex')}.xlsx`;
        await ctx.storage.putStream(key, fs.createReadStream(temp), XLSX_TYPE, size);
        return {
          fileKey: key,
          fileName: `${spec.title[lang]}_${stamp(new Date())}.xlsx`,
          rows,
          size,
          message: lang === 'en' ? `${rows} rows exported` : `共导出 ${rows} 条`,
        };
      } finally {
        await fsp.rm(temp, { force: true });
      }
    },
  });
  return {
    async enqueue(ctx, owner, rawParams, lang = 'zh') {
      const params = parse(spec.params, rawParams);
      return enqueueJob(ctx, {
        kind,
        owner,
        params: params as Record<string, unknown>,
        filterSummary: await spec.describe(ctx, params, lang),
        lang,
      });
    },
  };
}
