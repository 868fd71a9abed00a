import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_IMPORT_COLUMNS } from '@agora/contract';
import { storedFiles } from '../db/tables.js';
import { seedDemoData } from '../seed/start.js';
import { multipart, png } from '../test/files.js';
import { logCapture as captureLogs } from '../test/logs.js';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../test/harness.js';
import { excelJS } from './exceljs.js';
import type { S3Config } from './s3-storage.js';
import { LOCAL_FILES_NOT_SHARED } from './storage.js';

/*
 * Several instances behind one address share PostgreSQL and an S3 bucket and nothing else: a file
 * stored through one instance (an upload, an export, an import's report, the demo pictures) is
 * read through any other. Two apps on one PostgreSQL database, each with its own S3 client,
 * against s3rver (a local S3-compatible server) started here.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const TINY = { shops: 4, members: 12, goods: 12, orders: 12 };

/** The app's log, and its warnings that a second instance would not see this one's files. */
function logCapture() {
  const logs = captureLogs();
  return { ...logs, warnings: () => logs.entries().filter((entry) => entry.msg.includes(LOCAL_FILES_NOT_SHARED.en)) };
}

let testDb: TestDatabase | undefined;
afterAll(async () => {
  await testDb?.drop();
});

describe.skipIf(!onPostgres)(
  'two instances on one PostgreSQL with files in S3 (skipped on PGlite: its database belongs to one process, so there is no second instance; run with scripts/with-postgres.sh)',
  { timeout: 240_000 },
  () => {
    let s3: S3rver;
    let bucketDir: string;
    let config: S3Config;
    let one: TestApp;
    let two: TestApp;
    let atOne: Session;
    let atTwo: Session;
    const logs = logCapture();

    beforeAll(async () => {
      bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-shared-files-'));
      s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir, configureBuckets: [{ name: 'agora', configs: [] }] });
      const { port } = await s3.run();
      config = {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'agora',
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        publicUrl: `http://127.0.0.1:${port}/agora/`,
        region: 'us-east-1',
      };
      testDb = await createTestDatabase();
      one = await startTestApp(testDb, { s3: config, logLevel: 'warn' }, { logStream: logs.stream });
      two = await startTestApp(testDb, { s3: config });
      atOne = await one.loginFounder();
      atTwo = await two.loginFounder();
    }, 120_000);
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await s3?.close();
      fs.rmSync(bucketDir, { recursive: true, force: true });
    });

    /** Runs every queued job on `instance`, as its runner would (the demo seed queues some of its own). */
    const drain = async (instance: TestApp) => {
      while (await instance.ctx.jobs.runNext());
    };
    const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

    it('the demo pictures written by one are in the bucket: every one resolves, and the brands read through the other show them', async () => {
      // first: the marketplace is written only on a database without members
      expect(await seedDemoData(one.ctx, TINY)).toEqual({ team: true, marketplace: true });
      const pictures = await two.ctx.db.select({ key: storedFiles.key, driver: storedFiles.driver }).from(storedFiles).where(like(storedFiles.key, 'demo/%'));
      expect(pictures.length).toBeGreaterThan(10);
      for (const { key, driver } of pictures) {
        expect(driver).toBe('s3');
        const served = await fetch(two.ctx.storage.url(key));
        expect(served.status, key).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/svg+xml');
        await served.arrayBuffer();
      }
      const brands = await two.inject({ method: 'GET', url: '/api/admin/goods/brands?page_size=5', session: atTwo });
      expect(brands.statusCode, brands.body).toBe(200);
      const logos = (brands.json().data as { logo: string }[]).map((brand) => brand.logo);
      expect(logos).not.toHaveLength(0);
      for (const logo of logos) expect((await fetch(logo)).status, logo).toBe(200);
    });

    it('a picture uploaded through one is served, read, put in the library and removed through the other', async () => {
      const picture = png(64, 32);
      const uploaded = await one.inject({ method: 'POST', url: '/api/admin/uploaders?scene=brand', session: atOne, ...multipart('logo.png', picture) });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const { url } = uploaded.json() as { url: string };
      expect(url.startsWith(config.publicUrl)).toBe(true);

      expect(await bytesOf(await fetch(url))).toEqual(picture);
      const key = two.ctx.storage.keyOf(url)!;
      const chunks: Buffer[] = [];
      for await (const chunk of (await two.ctx.storage.read(key))!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(picture);

      // The other instance knows the upload (its record and its URL) and removes it from the bucket.
      const added = await two.inject({ method: 'POST', url: '/api/seller/shops/resource/batch', session: atTwo, payload: [{ resource_name: '标志', resource_url: url }] });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()[0]).toMatchObject({ resource_url: url, img_width: 64, img_height: 32 });
      const removed = await two.inject({ method: 'DELETE', url: `/api/seller/shops/resource/batch?ids=${added.json()[0].id}`, session: atTwo });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await fetch(url)).status).toBe(404);
      expect(await one.ctx.storage.read(key)).toBeNull();
    });

    it("an export run by one downloads through the other; an import sent to one is run by the other, and its report downloads through the first", async () => {
      await one.verifiedSession(atOne);
      const exported = await one.inject({ method: 'POST', url: '/api/admin/members/export', session: atOne, payload: {} });
      expect(exported.statusCode, exported.body).toBe(200);
      await drain(one);
      const download = await two.inject({ method: 'GET', url: `/api/admin/task/${exported.json().task_id}/download`, session: atTwo });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.headers['content-type']).toContain('spreadsheetml');
      const exportBook = new (excelJS()).Workbook();
      await exportBook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
      expect(exportBook.worksheets[0].getRow(1).cellCount).toBeGreaterThan(1);

      const sheet = new (excelJS()).Workbook();
      const rows = sheet.addWorksheet('会员');
      rows.addRow(MEMBER_IMPORT_COLUMNS.map((column) => column.zh));
      rows.addRow(['shared1', '13900000001', '', '共享', '', '男', '', '', '', '', '']);
      rows.addRow(['shared2', '12345', '', '共享', '', '女', '', '', '', '', '']);
      const sent = await one.inject({
        method: 'POST',
        url: '/api/admin/members/import',
        session: atOne,
        ...multipart('会员导入.xlsx', Buffer.from(await sheet.xlsx.writeBuffer())),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await drain(two);
      const progress = await one.inject({ method: 'GET', url: `/api/admin/task/${sent.json().task_id}/progress`, session: atOne });
      expect(progress.json()).toMatchObject({ status: 'done', message: '成功导入 1 条，失败 1 条' });
      const report = await one.inject({ method: 'GET', url: `/api/admin/task/${sent.json().task_id}/download`, session: atOne });
      expect(report.statusCode, report.body).toBe(200);
      const reportBook = new (excelJS()).Workbook();
      await reportBook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
      expect((reportBook.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual([3, '手机号', '手机号码格式有误！']);
    });

    it('on S3 no instance warns about local files, and an instance on local disk does, once', async () => {
      expect(logs.warnings()).toEqual([]);
      const local = logCapture();
      const third = await startTestApp(testDb!, { logLevel: 'warn' }, { logStream: local.stream });
      await third.close();
      expect(local.warnings()).toHaveLength(1);
      expect(local.warnings()[0]).toMatchObject({ level: 40, msg: `${LOCAL_FILES_NOT_SHARED.zh} / ${LOCAL_FILES_NOT_SHARED.en}` });
      expect(local.warnings()[0].msg).toMatch(/S3_\*.*docs\/deploy\.md/);
      expect(local.warnings()[0].uploadsDir).toBeTruthy();
    });
  },
);

describe.runIf(!onPostgres)('the embedded database (PGlite)', () => {
  it('has one instance by nature: no warning about files on local disk', async () => {
    testDb = await createTestDatabase();
    const logs = logCapture();
    const app = await startTestApp(testDb, { logLevel: 'warn' }, { logStream: logs.stream });
    await app.close();
    expect(logs.entries().filter((entry) => entry.msg.includes('S3_*'))).toEqual([]);
  });
});
