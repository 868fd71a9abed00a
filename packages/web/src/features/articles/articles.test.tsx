import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { articleCategoryEndpoints, type ArticleCategoryNode } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import ArticleCategoryPage from './ArticleCategoryPage';

const node = (id: number, name: string, extra: Partial<ArticleCategoryNode> = {}): ArticleCategoryNode => ({
  id,
  name,
  parent_id: 0,
  sort: id,
  type: 'OTHER',
  allow_delete: 1,
  article_count: 0,
  children: [],
  ...extra,
});

const TREE: ArticleCategoryNode[] = [
  node(1, '帮助中心', { type: 'HELP', allow_delete: 0, children: [node(4, '购物指南', { parent_id: 1, type: 'HELP', article_count: 2 })] }),
  node(3, '商家帮助'),
];

describe('article categories', { timeout: 45_000 }, () => {
  beforeEach(() => signIn());

  it('shows built-ins as protected and says why a delete is refused before asking', async () => {
    stubApi(fixture(articleCategoryEndpoints.tree, TREE));
    renderPage(<ArticleCategoryPage />, { path: '/c', url: '/c' });
    const builtIn = (await screen.findByText('系统内置')).closest('tr')!;
    expect(within(builtIn).getAllByText('帮助中心')).toHaveLength(2);
    expect(within(builtIn).getByRole('button', { name: '编辑' }).hasAttribute('disabled')).toBe(true);
    const guide = screen.getByText('购物指南').closest('tr')!;
    expect(within(guide).getByRole('button', { name: '删除' }).hasAttribute('disabled')).toBe(true);
    expect(within(guide).queryByRole('button', { name: '添加子分类' })).toBeNull();
    const free = screen.getByText('商家帮助').closest('tr')!;
    expect(within(free).getByRole('button', { name: '删除' }).hasAttribute('disabled')).toBe(false);
  });

  it('adds a sub-category under the row it was asked from', async () => {
    const sent = stubApi(fixture(articleCategoryEndpoints.tree, TREE), fixture(articleCategoryEndpoints.create, {}));
    const user = userEvent.setup();
    renderPage(<ArticleCategoryPage />, { path: '/c', url: '/c' });
    const row = (await screen.findByText('商家帮助')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '添加子分类' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('分类名称'), '入驻指南');
    await user.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const post = sent.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ name: '入驻指南', parent_id: 3, sort: 0, type: 'OTHER' });
  });
});
