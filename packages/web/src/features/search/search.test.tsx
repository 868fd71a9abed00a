import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goodsIndexEndpoints, type GoodsIndexStatus } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import GoodsIndexPage from './GoodsIndexPage';

const running: GoodsIndexStatus = {
  task: { id: 7, status: 'running', progress: 40, message: '已索引 120 / 300 个商品', create_time: 1_763_000_000, finish_time: null },
  indexed: 300,
  searchable: 300,
  last_built: 1_762_000_000,
};

describe('goods index', { timeout: 45_000 }, () => {
  beforeEach(() => signIn());

  it('shows a running re-index with its progress and stops it after asking', async () => {
    const sent = stubApi(fixture(goodsIndexEndpoints.status, running), fixture(goodsIndexEndpoints.stop, {}));
    const user = userEvent.setup();
    renderPage(<GoodsIndexPage />, { path: '/i', url: '/i' });
    expect(await screen.findByText('已索引 120 / 300 个商品')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '索引进度' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('button', { name: /重建索引/ }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: /停止/ }));
    await user.click(await screen.findByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE' && request.url === 'admin/goods/search/7')).toBe(true));
  });

  it('starts a re-index when none runs', async () => {
    const sent = stubApi(fixture(goodsIndexEndpoints.status, { ...running, task: null }), fixture(goodsIndexEndpoints.start, { task_id: 8 }));
    const user = userEvent.setup();
    renderPage(<GoodsIndexPage />, { path: '/i', url: '/i' });
    expect(await screen.findByText('尚未重建过索引')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /重建索引/ }));
    await waitFor(() => expect(sent.some((request) => request.url === 'admin/goods/search')).toBe(true));
  });
});
