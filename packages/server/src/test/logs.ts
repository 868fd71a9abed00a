import { Writable } from 'node:stream';

/** One line of the app's JSON log, as a test reads it. */
export interface LogEntry {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A writable for buildApp's `logStream` that keeps the app's log lines, raw and parsed. */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, entries: (): LogEntry[] => lines.map((line) => JSON.parse(line) as LogEntry) };
}
