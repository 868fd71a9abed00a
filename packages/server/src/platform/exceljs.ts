/**
 * exceljs, with its XML reading fixed for Chinese text. Its streaming reader decodes each chunk
 * of a sheet's XML on its own (lib/utils/parse-sax.js), so a multi-byte UTF-8 character split
 * between two chunks comes out as garbage: in a 10 000-row import, one 性别 cell in a few
 * thousand read as '��'. The replacement below is the same parser with a streaming decoder. It
 * must be in place before exceljs loads (its modules keep the parser they required), so every
 * use of exceljs in the server goes through `excelJS()` here, and a load in the wrong order throws.
 * exceljs is loaded on the first export or import, not at start (platform/lazy.ts).
 */
import { createRequire } from 'node:module';
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

let loaded: typeof ExcelJSModule | undefined;

/** exceljs with the streaming decoder in its XML reader, loaded on the first call. */
export function excelJS(): typeof ExcelJSModule {
  if (loaded) return loaded;
  const parseSaxPath = require.resolve('exceljs/lib/utils/parse-sax.js');
  if (require.cache[parseSaxPath]) throw new Error('exceljs was loaded before platform/exceljs.ts could fix its XML reader; load it through excelJS()');
  // exceljs's own copy of the XML parser: the replacement parses exactly as the original did.
  const { SaxesParser } = createRequire(require.resolve('exceljs/package.json'))('saxes') as typeof import('saxes');
  const placeholder = new (require('node:module') as typeof import('node:module'))(parseSaxPath);
  placeholder.filename = parseSaxPath;
  placeholder.loaded = true;
  placeholder.exports = (iterable: AsyncIterable<Buffer | string>) => parseSax(SaxesParser, iterable);
  require.cache[parseSaxPath] = placeholder;
  try {
    loaded = require('exceljs') as typeof ExcelJSModule;
  } catch (error) {
    // the next call tries again (and says why it failed), not "loaded before"
    delete require.cache[parseSaxPath];
    throw error;
  }
  return loaded;
}
