/**
 * Reading xlsx imports and writing their templates and error reports (docs/jobs.md). Rows are
 * read with exceljs' streaming reader, so a big sheet never sits in memory whole; the upload is
 * checked before any job is queued, and a refused file leaves nothing behind.
 */
import { Readable, Transform } from 'node:stream';
import type { CellValue } from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { ImportOutcome } from '@agora/contract';
import { excelJS } from './exceljs.js';
import { AppError } from './errors.js';
import { XLSX_TYPE } from './xlsx-export.js';

export interface ImportColumn {
  key: string;
  zh: string;
  en: string;
  required: boolean;
}

export interface SheetRow {
  /** the row's number in the sheet (the header is row 1) */
  number: number;
  /** the cells of the known columns as text, '' when empty */
  values: Record<string, string>;
}

export interface RowError {
  row: number;
  /** the column's header as the template has it, '' for the row as a whole */
  column: string;
  message: string;
}

/** Rows refused by a batch's errors: a row with seven wrong cells is one failed row, not seven. */
export const refusedRows = (errors: RowError[]): number => new Set(errors.map((error) => error.row)).size;

/** A finished import by its rows: all imported, some refused, or nothing imported. */
export function importOutcome(imported: number, refused: number): ImportOutcome {
  if (refused === 0) return 'ok';
  return imported === 0 ? 'failed' : 'partial';
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

type Cell = CellValue;

/** A cell as the text an operator typed: dates as YYYY-MM-DD, formulas by their result. */
export function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText((value.result ?? null) as Cell);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

/** A header cell's title as the import matches it: the * that marks a required column dropped. */
const headerTitle = (cell: Cell | undefined) => cellText(cell ?? null).replace(/^\*|\*$/g, '').trim();

/** Which column of the sheet holds each known column, by its header in either language. */
function mapHeader(header: Cell[], columns: readonly ImportColumn[]): Map<number, string> {
  const byTitle = new Map<string, string>();
  for (const column of columns) {
    byTitle.set(column.zh, column.key);
    byTitle.set(column.en.toLowerCase(), column.key);
  }
  const positions = new Map<number, string>();
  header.forEach((cell, index) => {
    // A required column is marked with * in the template; the mark is not part of its name.
    const title = headerTitle(cell);
    const key = byTitle.get(title) ?? byTitle.get(title.toLowerCase());
    if (key && ![...positions.values()].includes(key)) positions.set(index, key);
  });
  return positions;
}

/**
 * The rows of the first sheet, header mapped to column keys. `onBytes` hears how much of the
 * file has been read (the import's progress). Rows with no text in any known column are skipped.
 */
export async function* readSheetRows(
  source: Readable,
  columns: readonly ImportColumn[],
  onBytes?: (bytes: number) => void,
): AsyncGenerator<SheetRow> {
  let read = 0;
  const counted = source.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        read += chunk.length;
        onBytes?.(read);
        done(null, chunk);
      },
    }),
  );
  source.on('error', (error) => counted.destroy(error));
  const reader = new (excelJS()).stream.xlsx.WorkbookReader(counted, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'emit' });
  for await (const sheet of reader) {
    let positions: Map<number, string> | null = null;
    for await (const row of sheet) {
      const cells = row.values as Cell[];
      if (!positions) {
        positions = mapHeader(cells, columns);
        continue;
      }
      const values: Record<string, string> = Object.fromEntries(columns.map((column) => [column.key, '']));
      let any = false;
      for (const [index, key] of positions) {
        values[key] = cellText(cells[index] ?? null);
        if (values[key] !== '') any = true;
      }
      if (any) yield { number: row.number, values };
    }
    // Only the first sheet is imported (the template's second sheet is its notes).
    return;
  }
}

/**
 * An import job's loop: the sheet's rows after `after` (the last row a resumed attempt had
 * committed) handed to `importBatch` in batches of `size`, cancellation asked before each batch;
 * `onRow` sees every row first, skipped or not. Closes the source. False when cancelled.
 */
export async function importInBatches(options: {
  source: Readable;
  columns: readonly ImportColumn[];
  after: number;
  size: number;
  onBytes(bytes: number): void;
  isCancelled(): Promise<boolean>;
  importBatch(rows: SheetRow[]): Promise<void>;
  onRow?(row: SheetRow): void;
}): Promise<boolean> {
  let batch: SheetRow[] = [];
  try {
    for await (const row of readSheetRows(options.source, options.columns, options.onBytes)) {
      options.onRow?.(row);
      if (row.number <= options.after) continue;
      batch.push(row);
      if (batch.length >= options.size) {
        if (await options.isCancelled()) return false;
        await options.importBatch(batch);
        batch = [];
      }
    }
    if (await options.isCancelled()) return false;
    if (batch.length > 0) await options.importBatch(batch);
    return true;
  } finally {
    options.source.destroy();
  }
}

/**
 * Refuses an upload that cannot be imported, before anything is written: not an xlsx, empty,
 * over the limit, or a first sheet without the required columns or without a data row. Answers
 * the first sheet's header titles (without their * marks, empty cells left out), for an import
 * whose columns are not all known beforehand (the UI dictionary's languages).
 */
export async function inspectImportFile(file: { name: string; bytes: Buffer }, columns: readonly ImportColumn[], maxMb: number): Promise<string[]> {
  if (file.bytes.length === 0) throw new AppError(400, 'IMPORT_FILE_EMPTY');
  if (file.bytes.length > maxMb * 1024 * 1024) throw new AppError(400, 'IMPORT_FILE_TOO_LARGE', { mb: maxMb });
  if (!/\.xlsx$/i.test(file.name) || !file.bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw new AppError(400, 'IMPORT_FILE_TYPE');
  let header: Map<number, string> | null = null;
  let titles: string[] = [];
  let hasData = false;
  try {
    const reader = new (excelJS()).stream.xlsx.WorkbookReader(Readable.from([file.bytes]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
    sheets: for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells = row.values as Cell[];
        if (!header) {
          header = mapHeader(cells, columns);
          titles = cells.map((cell) => headerTitle(cell)).filter((title) => title !== '');
        } else if (cells.some((cell) => cellText(cell ?? null) !== '')) {
          hasData = true;
          break sheets;
        }
      }
      break;
    }
  } catch {
    // A zip that is not a workbook (a .docx renamed, a broken file).
    throw new AppError(400, 'IMPORT_FILE_TYPE');
  }
  if (!header) throw new AppError(400, 'IMPORT_FILE_EMPTY');
  const found = new Set(header.values());
  const missing = columns.filter((column) => column.required && !found.has(column.key));
  if (missing.length > 0) throw new AppError(400, 'IMPORT_COLUMNS_MISSING', { columns: missing.map((column) => column.zh).join('、') });
  if (!hasData) throw new AppError(400, 'IMPORT_FILE_EMPTY');
  return titles;
}

/** The uploaded sheet (multipart part `file`), refused in the import's own words when too big or missing. */
export async function uploadedSheet(req: FastifyRequest, maxMb: number): Promise<{ name: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw new AppError(400, 'IMPORT_FILE_EMPTY');
  try {
    const part = await req.file({ limits: { fileSize: maxMb * 1024 * 1024 } });
    if (!part || part.fieldname !== 'file') throw new AppError(400, 'IMPORT_FILE_EMPTY');
    return { name: part.filename ?? '', bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(400, 'IMPORT_FILE_TOO_LARGE', { mb: maxMb });
    throw error;
  }
}

/** The import template: the header row (required columns marked *) and a sheet of notes. */
export async function importTemplate(title: string, columns: readonly ImportColumn[], notes: string[]): Promise<Buffer> {
  const workbook = new (excelJS()).Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.columns = columns.map((column) => ({ header: column.required ? `*${column.zh}` : column.zh, width: 18 }));
  // Mobile numbers and the like stay text: Excel would otherwise show 1.38E+10.
  columns.forEach((_column, index) => {
    sheet.getColumn(index + 1).numFmt = '@';
  });
  const help = workbook.addWorksheet('说明');
  help.columns = [{ width: 90 }];
  for (const line of notes) help.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The per-row error report of an import: row number, column, message. */
export async function errorReport(errors: RowError[]): Promise<Buffer> {
  const workbook = new (excelJS()).Workbook();
  const sheet = workbook.addWorksheet('错误报告');
  sheet.columns = [
    { header: '行号', width: 10 },
    { header: '列', width: 16 },
    { header: '错误信息', width: 60 },
  ];
  for (const error of errors) sheet.addRow([error.row, error.column, error.message]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export { XLSX_TYPE };
