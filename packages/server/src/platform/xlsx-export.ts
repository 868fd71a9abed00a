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
import { excelJS } from './exceljs.js';
import type { ZodType } from 'zod';
import type { AnyEndpoint, BodyOf } from '@agora/contract';
import type { AuthedAdmin } from './auth.js';
import type { AppContext } from './context.js';
import { parse, requestLanguage, type LogText, type RouteImpl } from './http.js';
import { enqueueJob, registerJobKind, type JobRecord } from './jobs.js';
import { countListRows, listBatches, type ListSpec } from './list.js';
import { fromUnixSeconds, platformDateTime } from './time.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read from the database per batch (and between two cancel checks). */
export const EXPORT_BATCH = 1_000;

export type CellValue = string | number | null;

export interface ExportColumn<R> {
  header: { zh: string; en: string };
  /** the cell; `lang` is the export's language, for words such as a status */
  value(row: R, lang: 'zh' | 'en'): CellValue;
  /** in characters */
  width?: number;
}

interface ExportBase<P, R> {
  /** the sheet's name and the start of the file's name */
  title: { zh: string; en: string };
  /** the list's own query schema: an export takes exactly the filters the list does */
  params: ZodType<P>;
  /** the sheet's columns; a function when they depend on the data (the UI dictionary's languages), read as the job starts */
  columns: ExportColumn<R>[] | ((ctx: AppContext, params: P) => Promise<ExportColumn<R>[]>);
  /** the filters in words, for the records page */
  describe(ctx: AppContext, params: P, lang: 'zh' | 'en'): Promise<string>;
}

/** Where the rows come from: the list's own ListSpec (its filters, order and mapping), or an area's own paging. */
type ExportSource<P, R> =
  | {
      /** the list's spec for these filters, as its list call builds it: the file holds exactly the list's rows */
      list(ctx: AppContext, params: P): ListSpec<any, R> | Promise<ListSpec<any, R>>;
    }
  | {
      /** how many rows the export will have (for its progress) */
      count(ctx: AppContext, params: P): Promise<number>;
      /** the rows in the list's order, a batch at a time (keyset paging) */
      batches(ctx: AppContext, params: P, size: number): AsyncIterable<R[]>;
    };

export type ExportSpec<P, R> = ExportBase<P, R> & ExportSource<P, R>;

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
    label: { zh: `${spec.title.zh}导出`, en: `${spec.title.en} export` },
    operateType: 'EXPORT',
    // An attempt writes a file under a new key and publishes it only when done: running again is safe.
    restartable: true,
    async run(job, { ctx, progress, isCancelled }) {
      const lang = job.lang === 'en' ? 'en' : 'zh';
      const params = parse(spec.params, job.params);
      const columns = typeof spec.columns === 'function' ? await spec.columns(ctx, params) : spec.columns;
      const listSpec = 'list' in spec ? await spec.list(ctx, params) : undefined;
      const total = listSpec ? await countListRows(ctx.db, listSpec) : await (spec as { count: (ctx: AppContext, params: P) => Promise<number> }).count(ctx, params);
      const batches = listSpec ? listBatches(listSpec, EXPORT_BATCH) : (spec as { batches: (ctx: AppContext, params: P, size: number) => AsyncIterable<R[]> }).batches(ctx, params, EXPORT_BATCH);
      // An attempt killed mid-write (kill -9) left its temporary file; the job is this attempt's now.
      const prefix = `agora-export-${job.id}-`;
      for (const name of await fsp.readdir(os.tmpdir())) if (name.startsWith(prefix)) await fsp.rm(path.join(os.tmpdir(), name), { force: true });
      const temp = path.join(os.tmpdir(), `${prefix}${crypto.randomBytes(6).toString('hex')}.xlsx`);
      try {
        // No shared strings or styles: both would be kept in memory until the end.
        const workbook = new (excelJS()).stream.xlsx.WorkbookWriter({ filename: temp, useStyles: false, useSharedStrings: false });
        const sheet = workbook.addWorksheet(spec.title[lang]);
        sheet.columns = columns.map((column) => ({ header: column.header[lang], width: column.width ?? 16 }));
        let rows = 0;
        await progress(0, lang === 'en' ? `0 / ${total} rows` : `已导出 0 / ${total} 条`);
        for await (const batch of batches) {
          if (await isCancelled()) return;
          for (const row of batch) sheet.addRow(columns.map((column) => column.value(row, lang))).commit();
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

/** Whose export it is: the signed-in operator. */
export const exportOwner = (admin: AuthedAdmin) => ({ id: admin.id, name: admin.username });

/**
 * The route of a list's 导出 (`POST …/export`, body: the list's query): queues the export for the
 * operator and answers its record's id. `fixed` adds what the list's page always asks (the audit
 * queue's `is_auth=0`).
 *
 * Which exports ask for the second step (DOMAIN §1.4, §3: "a second factor is required before
 * exports"), decided here once by what the file holds: `records` — rows about members, shops,
 * goods, orders, money or operators, which leave the console in bulk — always ask; `aggregates` —
 * the statistics reports' per-period or per-band figures, which name no one and hold nothing the
 * report page does not show — do not. Every caller says which (no default: a new export decides).
 */
export function exportRoute<E extends AnyEndpoint>(
  handle: ExportHandle,
  options: { log: LogText; contents: 'records' | 'aggregates'; important?: boolean; fixed?: Partial<BodyOf<E>> },
): RouteImpl<E> {
  return {
    log: options.log,
    twoStep: options.contents === 'records',
    important: options.important,
    async handler({ req, body, admin, ctx }) {
      const job = await handle.enqueue(ctx, exportOwner(admin), { ...(body as object), ...options.fixed }, requestLanguage(req));
      return { task_id: job.id } as never;
    },
  };
}

/** The filters in words (docs/jobs.md): each part given, then the order; `everything` leads when no filter is set. */
export function filterWords(everything: string, parts: (string | false | undefined | null)[], order: string): string {
  const given = parts.filter((part): part is string => typeof part === 'string' && part !== '');
  return [...(given.length === 0 ? [everything] : given), order].join('；');
}

/** 注册时间：2026-05-01 ~ 2026-05-31 (platform days), or nothing when neither end is set. */
export function dayRangeWords(label: string, start: number | undefined, end: number | undefined): string | undefined {
  if (start === undefined && end === undefined) return undefined;
  const day = (seconds: number | undefined) => (seconds === undefined ? '' : platformDateTime(fromUnixSeconds(seconds)).slice(0, 10));
  return `${label}：${day(start)} ~ ${day(end)}`;
}
