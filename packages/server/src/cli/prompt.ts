import { OperatorRefusal } from '../platform/config.js';

/** Reads a line from the terminal without showing it (a password): raw mode, no echo. */
export function readHidden(question: string): Promise<string> {
  const input = process.stdin;
  // echo off before the question shows: whatever is typed once it is visible stays unseen
  input.setRawMode(true);
  process.stdout.write(question);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        // Ctrl-C and Ctrl-D: raw mode swallows the signal, so the command ends here, changing nothing
        if (char === '\u0003' || char === '\u0004') return finish(new OperatorRefusal('COMMAND_CANCELLED'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}
