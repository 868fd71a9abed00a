/**
 * exceljs, with two faults of its streaming reader fixed (it reads every import):
 * - XML decoding: it decodes each chunk of a sheet's XML on its own (lib/utils/parse-sax.js), so
 *   a multi-byte UTF-8 character split between two chunks comes out as garbage: in a 10 000-row
 *   import, one 性别 cell in a few thousand read as '��'. The replacement is the same parser with
 *   a streaming decoder.
 * - Lost zip entries: unzipper's parser emits 'end' by hand as soon as its input is written,
 *   while entries it has yet to read are still to come, and exceljs's stream iterator
 *   (lib/utils/iterate-stream.js) stopped there. A file whose workbook.xml is its last entry (every
 *   file exceljs itself writes) then lost it about once in 200 reads, and a valid sheet was refused
 *   as not a workbook (TypeError reading `model.sheets`). The replacement ends on the stream's own end.
 * Both must be in place before exceljs loads (its modules keep what they required), so every use
 * of exceljs in the server goes through `excelJS()` here, and a load in the wrong order throws.
 * exceljs is loaded on the first export or import, not at start (platform/lazy.ts).
 */
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type ExcelJSModule from 'exceljs';

const require = createRequire(import.meta.url);

type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };

async function* parseSax(SaxesParser: typeof import('saxes').SaxesParser, iterable: AsyncIterable<Buffer | string> & { pipe?: unknown }): AsyncGenerator<SaxEvent[]> {
  const parser = new SaxesParser();
  const decoder = new TextDecoder('utf-8');
  let error: Error | undefined;
  let events: SaxEvent[] = [];
  parser.on('error', (err) => (error = err));
  parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
  parser.on('text', (value) => events.push({ eventType: 'text', value }));
  parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
  for await (const chunk of iterable) {
    // `stream: true` keeps the bytes of a character cut at the chunk's end for the next chunk.
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (error) throw error;
    yield events;
    events = [];
  }
  const rest = decoder.decode();
  if (rest) {
    parser.write(rest);
    if (error) throw error;
    yield events;
  }
}

/**
 * The chunks of a readable stream, paused while the reader works on one. Ends on the readable
 * side's own end (`readableEnded`), not on an 'end' emitted by hand before the buffered chunks
 * are out (unzipper's Parse does that when its input finishes).
 */
export async function* iterateStream<T>(stream: Readable): AsyncGenerator<T> {
  const contents: T[] = [];
  let ended = stream.readableEnded;
  let error: Error | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  stream.on('data', (data: T) => {
    contents.push(data);
    signal();
  });
  stream.on('end', () => {
    if (stream.readableEnded === false) return;
    ended = true;
    signal();
  });
  stream.on('error', (err: Error) => {
    error = err;
    signal();
  });
  for (;;) {
    if (error) throw error;
    if (contents.length > 0) {
      stream.pause();
      yield contents.shift()!;
      continue;
    }
    if (ended) return;
    const next = new Promise<void>((resolve) => (wake = resolve));
    stream.resume();
    await next;
  }
}

/** Puts `exports` in the module cache under exceljs's own file `path`, so exceljs requires it. */
function replaceModule(path: string, exports: unknown): void {
  const placeholder = new (require('node:module') as typeof import('node:module'))(path);
  placeholder.filename = path;
  placeholder.loaded = true;
  placeholder.exports = exports;
  require.cache[path] = placeholder;
}

let loaded: typeof ExcelJSModule | undefined;

/** exceljs with the streaming decoder in its XML reader and the stream iterator that loses nothing, loaded on the first call. */
export function excelJS(): typeof ExcelJSModule {
  if (loaded) return loaded;
  const parseSaxPath = require.resolve('exceljs/lib/utils/parse-sax.js');
  const iterateStreamPath = require.resolve('exceljs/lib/utils/iterate-stream.js');
  if (require.cache[parseSaxPath] || require.cache[iterateStreamPath]) throw new Error('exceljs was loaded before platform/exceljs.ts could fix its stream reader; load it through excelJS()');
  // exceljs's own copy of the XML parser: the replacement parses exactly as the original did.
  const { SaxesParser } = createRequire(require.resolve('exceljs/package.json'))('saxes') as typeof import('saxes');
  replaceModule(parseSaxPath, (iterable: AsyncIterable<Buffer | string>) => parseSax(SaxesParser, iterable));
  replaceModule(iterateStreamPath, iterateStream);
  try {
    loaded = require('exceljs') as typeof ExcelJSModule;
  } catch (error) {
    // the next call tries again (and says why it failed), not "loaded before"
    delete require.cache[parseSaxPath];
    delete require.cache[iterateStreamPath];
    throw error;
  }
  return loaded;
}
