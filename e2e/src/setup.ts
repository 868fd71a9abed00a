import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser.js';

// Every page of every spec runs under the server's Content-Security-Policy: anything it refused fails the test.
afterEach(() => {
  expect(takeCspViolations()).toEqual([]);
});
