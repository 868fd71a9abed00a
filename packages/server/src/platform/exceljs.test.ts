import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { excelJS, iterateStream } from './exceljs.js';
import { inspectImportFile } from './xlsx-import.js';

const require = createRequire(import.meta.url);

async function collect<T>(chunks: AsyncIterable<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const chunk of chunks) seen.push(chunk);
  return seen;
}

describe('exceljs stream reader', () => {
  it('iterates every chunk of a stream that says "end" by hand before its buffered chunks are out', async () => {
    // What unzipper's Parse does when its input finishes: 'end' by hand, entries still to come.
    const stream = new PassThrough({ objectMode: true });
    stream.write('a');
    stream.write('b');
    setTimeout(() => {
      stream.emit('end');
      setTimeout(() => {
        stream.write('c');
        stream.end('d');
      }, 5);
    }, 5);
    const seen: string[] = [];
    for await (const chunk of iterateStream<string>(stream)) {
      seen.push(chunk);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ends on a stream that had already ended, and throws its error', async () => {
    const ended = new PassThrough();
    ended.end();
    ended.resume();
    await new Promise((resolve) => ended.on('end', resolve));
    expect(await collect(iterateStream(ended))).toEqual([]);
    const broken = new PassThrough();
    setTimeout(() => broken.destroy(new Error('broken zip')), 5);
    await expect(collect(iterateStream(broken))).rejects.toThrow('broken zip');
  });

  it('is the iterator exceljs reads with', () => {
    excelJS();
    expect(require.cache[require.resolve('exceljs/lib/utils/iterate-stream.js')]?.exports).toBe(iterateStream);
  });

  it('reads a sheet exceljs wrote (workbook.xml last) 400 times without losing an entry', async () => {
    // Before the fix about one read in 200 lost workbook.xml and refused the file as not a workbook.
    const workbook = new (excelJS()).Workbook();
    const sheet = workbook.addWorksheet('界面词典');
    sheet.addRow(['词条键', 'zh-CN']);
    sheet.addRow(['route.translationTask', '翻译任务']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const columns = [{ key: 'key', zh: '词条键', en: 'Key', required: true }];
    const refused: string[] = [];
    for (let read = 0; read < 400; read++) {
      await inspectImportFile({ name: 'ui.xlsx', bytes }, columns, 5).catch((error: Error) => refused.push(error.message));
    }
    expect(refused).toEqual([]);
  });
});
