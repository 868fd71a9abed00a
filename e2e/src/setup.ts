import { afterEach, expect } from 'vitest';
import { describeOpenPages, takeCspViolations } from './browser.js';

afterEach(async (context) => {
  // A failed test prints what its pages showed, so a CI log tells a slow page from a broken one.
  if (context.task.result?.state === 'fail') console.error(`--- pages open when "${context.task.name}" failed ---\n${await describeOpenPages()}`);
  // Every page of every spec runs under the server's Content-Security-Policy: anything it refused fails the test.
  expect(takeCspViolations()).toEqual([]);
});
