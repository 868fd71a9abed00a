import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { CAPTCHA_FIXED_CODE: 'test', LOG_LEVEL: 'silent' },
        },
      },
      'packages/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['src/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits for the server and the browser like Playwright's own waits do (vitest's
          // default gives up after 1 s, which a loaded machine misses); a passing poll returns at once
          expect: { poll: { timeout: 10_000, interval: 100 } },
          fileParallelism: false,
          globalSetup: ['src/global-setup.ts'],
          setupFiles: ['src/setup.ts'],
        },
      },
    ],
  },
});
