import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './browser.js';

const DIST = fileURLToPath(new URL('../../packages/web/dist/', import.meta.url));

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the widget gallery (dev server only)', () => {
  it('is not in the production bundle', () => {
    const scripts = filesUnder(DIST).filter((file) => /\.(js|html)$/.test(file));
    expect(scripts.length).toBeGreaterThan(0);
    // nor the e2e widget harness (harness.html, src/harness/)
    const carrying = scripts.filter((file) => /widget-gallery|WidgetGallery|dev\/widgets|agoraHarness/.test(fs.readFileSync(file, 'utf8')));
    expect(carrying.map((file) => path.relative(DIST, file))).toEqual([]);
  });

  it('is not routable in the production build: /admin/dev/widgets is a 404', async () => {
    const { context, page } = await newPage(browser);
    await login(page);
    await page.goto('/admin/dev/widgets');
    await page.waitForURL(/\/admin\/404$/);
    expect(await page.getByTestId('widget-gallery').count()).toBe(0);
    await context.close();
  });
});
