/** A list's 导出 checked against the list itself (server tests of the exports, docs/jobs.md). */
import { expect } from 'vitest';
import { excelJS } from '../platform/exceljs.js';
import type { Session, TestApp } from './harness.js';

/** Every row id the list shows under `query` (every page, as the console pages through it), in its order. */
export async function listedIds(t: TestApp, session: Session, path: string, query: Record<string, string | number>, idKey: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const response = await t.inject({ method: 'GET', url: `/api/${path}`, session, query: { ...stringify(query), page_no: String(page), page_size: '200', ...(cursor ? { cursor } : {}) } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: Record<string, number>[]; next_cursor?: string };
    ids.push(...body.data.map((row) => row[idKey]));
    if (body.data.length < 200) return ids;
    cursor = body.next_cursor;
  }
}

const stringify = (query: Record<string, string | number>) => Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

/**
 * Posts the export as the console does (the list's query as the body) after passing the second
 * step in `session` (exports of records ask for it), runs the queued job as an instance's runner would, downloads the file through the records API and returns its rows
 * (header first) with the record.
 */
export async function exportAndRead(t: TestApp, session: Session, path: string, body: object) {
  await t.verifiedSession(session);
  const posted = await t.inject({ method: 'POST', url: `/api/${path}`, session, payload: body });
  expect(posted.statusCode, posted.body).toBe(200);
  const { task_id: id } = posted.json() as { task_id: number };
  while (await t.ctx.jobs.runNext());
  const record = (await t.inject({ method: 'GET', url: '/api/admin/task', session, query: { operate_type: 'EXPORT', page_size: '200' } })).json().data.find((row: { id: number }) => row.id === id);
  expect(record).toMatchObject({ status: 'done' });
  const file = await t.inject({ method: 'GET', url: `/api/admin/task/${id}/download`, session });
  expect(file.statusCode, file.body).toBe(200);
  const workbook = new (excelJS()).Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { record, rows, ids: rows.slice(1).map((row) => row[0] as number) };
}

/** The status a list's 导出 call answers `session` (the permission and second-step checks). */
export async function exportStatus(t: TestApp, session: Session, path: string, body: object = {}): Promise<number> {
  return (await t.inject({ method: 'POST', url: `/api/${path}`, session, payload: body })).statusCode;
}
