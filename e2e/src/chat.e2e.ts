import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@agora/contract';
import { apiLogin, FOUNDER, launchBrowser, login, newPage, read } from './browser.js';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(FOUNDER.username, FOUNDER.password);
});
afterAll(async () => {
  await browser?.close();
});

const unreadNum = async () => read(token, ENDPOINTS.chat.unread);

describe('customer service chat', () => {
  it('reading a conversation in one tab drops the unread badge of another tab live; a reply is sent and shown', async () => {
    const before = await unreadNum();
    expect(before).toBeGreaterThan(0);
    const { context, page: dashboard } = await newPage(browser);
    await login(dashboard);
    const badge = dashboard.getByTestId('chat-entry').locator('.ant-badge-count');
    await expect.poll(() => badge.getAttribute('title')).toBe(String(before));

    // A second tab of the same browser: both share one realtime socket through the shared worker.
    const chat = await context.newPage();
    await chat.goto('/admin/chat?unread=1');
    const first = chat.locator('[data-testid^="conversation-"]').first();
    const unreadHere = Number(await first.locator('.ant-badge-count').getAttribute('title'));
    expect(unreadHere).toBeGreaterThan(0);
    await first.click();
    await expect.poll(unreadNum, { timeout: 10_000 }).toBe(before - unreadHere);
    // the dashboard tab was not reloaded: the count came over /ws/shop
    await expect.poll(() => badge.getAttribute('title'), { timeout: 10_000 }).toBe(before - unreadHere > 0 ? String(before - unreadHere) : null);

    const reply = `您好，已为您处理 ${Date.now() % 10000}`;
    await chat.getByPlaceholder(/输入回复内容/).fill(reply);
    await chat.getByRole('button', { name: /发\s*送/ }).click();
    await chat.getByTestId('chat-messages').getByText(reply).waitFor();
    const conversationId = Number(new URL(chat.url()).searchParams.get('conversation'));
    const messages = await read(token, ENDPOINTS.chat.messages, { params: { id: conversationId } });
    expect(messages.at(-1)).toMatchObject({ content: reply, sender: 'ADMIN' });
    await context.close();
  });
});
