/**
 * RegionTreePicker (spec §2, §5: nested checkboxes over `regions/menus`, select all, the number
 * chosen, confirm only with a choice) against the real server.
 *
 * No console screen uses it yet (the screens that would — shipping templates, regional
 * management — are not built), so the production build does not carry it. The e2e mounts the
 * real widget in the widget harness (packages/web/harness.html, served by Vite with
 * vite.harness.config.ts, never built into dist) with the console's providers and request client,
 * `/api` proxied to the server under test, signed in through the real login. Nothing is stubbed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLoginResult, baseUrl, FOUNDER, launchBrowser, read } from './browser.js';
import { freePort, waitUntilUp } from './global-setup.js';

const WEB = fileURLToPath(new URL('../../packages/web/', import.meta.url));

interface RegionNode {
  id: number;
  name: string;
  children?: RegionNode[];
}
interface TreeResult {
  ids: number[];
  regions: { id: number; name: string }[];
  names: string[];
}

let browser: Browser;
let harness: ChildProcess | undefined;
let harnessUrl: string;
let harnessLog = '';
let login: Awaited<ReturnType<typeof apiLoginResult>>;

beforeAll(async () => {
  const port = await freePort();
  harness = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'vite.harness.config.ts', '--port', String(port), '--strictPort'], {
    cwd: WEB,
    env: { ...process.env, HARNESS_API: baseUrl(), NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  harness.stdout?.on('data', (chunk) => (harnessLog += chunk));
  harness.stderr?.on('data', (chunk) => (harnessLog += chunk));
  harnessUrl = `http://127.0.0.1:${port}/harness.html`;
  await waitUntilUp(harnessUrl, harness, () => harnessLog);

  // the real login, as the console's login page does it
  login = await apiLoginResult(FOUNDER.username, FOUNDER.password);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (harness && harness.exitCode === null) {
    harness.kill('SIGTERM');
    await new Promise((resolve) => harness!.once('exit', resolve));
  }
});

async function openHarness(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(harnessUrl);
  await page.waitForFunction(() => 'agoraHarness' in window, undefined, { timeout: 60_000 });
  await page.evaluate((body) => window.agoraHarness.start(body as never), login);
  return page;
}

declare global {
  interface Window {
    agoraHarness: { start(login: never): Promise<void> };
  }
}

/** Every id of a branch, the node itself included. */
const subtree = (node: RegionNode): number[] => [node.id, ...(node.children ?? []).flatMap(subtree)];

describe('RegionTreePicker against the real regions/menus', () => {
  it('checks regions in the whole tree: count, select all, confirm only with a choice; hands back the highest fully checked regions; opens again with them', async () => {
    const menus = await read(login.access_token, ENDPOINTS.regions.menus);
    expect(menus).toHaveLength(34);
    const beijing = menus.find((node) => node.name === '北京市')!;
    const hebei = menus.find((node) => node.name === '河北省')!;
    const shijiazhuang = hebei.children!.find((node) => node.name === '石家庄市')!;

    const page = await openHarness();
    await page.getByRole('button', { name: '打开地区选择器' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '选择地区' });
    const confirm = dialog.getByRole('button', { name: /确\s*定/ });
    const count = dialog.getByTestId('region-tree-count');
    const node = (name: string) => dialog.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }) });
    await node('北京市').waitFor();
    // nothing chosen: confirm is disabled
    expect(await count.innerText()).toBe('已选择 0 个地区');
    expect(await confirm.isDisabled()).toBe(true);

    // select all: every province; and back to none
    const selectAll = dialog.getByRole('checkbox', { name: '全选' });
    await selectAll.check();
    await expect.poll(() => count.innerText()).toBe('已选择 34 个地区');
    expect(await confirm.isDisabled()).toBe(false);
    await selectAll.uncheck();
    await expect.poll(() => count.innerText()).toBe('已选择 0 个地区');
    expect(await confirm.isDisabled()).toBe(true);

    // a province, and one city of another province (loaded with the tree, no further request)
    await node('北京市').locator('.ant-tree-checkbox').click();
    await expect.poll(() => count.innerText()).toBe('已选择 1 个地区');
    await node('河北省').locator('.ant-tree-switcher').click();
    await node('石家庄市').locator('.ant-tree-checkbox').click();
    await expect.poll(() => count.innerText()).toBe('已选择 2 个地区');
    // 河北省 is only partly chosen
    expect(await node('河北省').locator('.ant-tree-checkbox').getAttribute('class')).toContain('ant-tree-checkbox-indeterminate');
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });

    const result = JSON.parse(await page.getByTestId('region-tree-result').innerText()) as TreeResult;
    expect(result.regions).toEqual([
      { id: beijing.id, name: '北京市' },
      { id: shijiazhuang.id, name: '石家庄市' },
    ]);
    expect(result.names).toEqual(['北京市', '石家庄市']);
    expect([...result.ids].sort()).toEqual([...subtree(beijing), ...subtree(shijiazhuang)].sort());

    // opened again, the choice is checked; cancelling keeps it
    await page.getByRole('button', { name: '打开地区选择器' }).click();
    await node('北京市').waitFor();
    await expect.poll(() => count.innerText()).toBe('已选择 2 个地区');
    expect(await node('北京市').locator('.ant-tree-checkbox').getAttribute('class')).toContain('ant-tree-checkbox-checked');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('region-tree-cancelled').innerText()).toBe('1');
    await page.context().close();
  });
});
