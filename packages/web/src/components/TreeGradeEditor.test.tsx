import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubNetwork, type SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { InternationalTreeGradeEditor, TreeGradeEditor } from './TreeGradeEditor';

const CATEGORY_FIELDS = { id: 'category_id', name: 'name', hasChildren: 'has_children' };
const CHILDREN: Record<string, { category_id: number; name: string; has_children: boolean }[]> = {
  0: [
    { category_id: 1, name: '数码', has_children: true },
    { category_id: 2, name: '服饰', has_children: true },
  ],
  1: [{ category_id: 11, name: '手机', has_children: true }],
  11: [{ category_id: 111, name: '智能手机', has_children: true }],
};

function serveCategories(): SentRequest[] {
  return stubNetwork((request) => {
    const match = /^admin\/goods\/categories\/(\d+)\/children$/.exec(request.url);
    return match ? { data: CHILDREN[match[1]] ?? [] } : { status: 404, data: {} };
  });
}

const column = (level: number) => screen.getByTestId(`grade-level-${level}`);
const options = (level: number) => within(column(level)).queryAllByRole('option').map((option) => option.textContent);

describe('TreeGradeEditor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it('has 3 levels by default, each listing the children of the choice before it from the api path with @id replaced', async () => {
    const sent = serveCategories();
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderPage(<TreeGradeEditor api="admin/goods/categories/@id/children" fieldNames={CATEGORY_FIELDS} onSelect={onSelect} />);

    expect(screen.queryByTestId('grade-level-4')).toBeNull();
    await waitFor(() => expect(options(1)).toEqual(['数码', '服饰']));
    expect(within(column(2)).getByText('请先选择上一级')).toBeTruthy();
    expect(sent.map((request) => request.url)).toEqual(['admin/goods/categories/0/children']);

    await user.click(within(column(1)).getByText('数码'));
    await waitFor(() => expect(options(2)).toEqual(['手机']));
    await user.click(within(column(2)).getByText('手机'));
    await waitFor(() => expect(options(3)).toEqual(['智能手机']));
    expect(sent.map((request) => request.url)).toEqual([
      'admin/goods/categories/0/children',
      'admin/goods/categories/1/children',
      'admin/goods/categories/11/children',
    ]);
    expect(onSelect.mock.lastCall![0].map((node: { id: number; name: string }) => [node.id, node.name])).toEqual([
      [1, '数码'],
      [11, '手机'],
    ]);

    // the deepest level opens nothing further
    await user.click(within(column(3)).getByText('智能手机'));
    expect(sent).toHaveLength(3);
    expect(onSelect.mock.lastCall![0]).toHaveLength(3);
  });

  it('searches a level by name 300 ms after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveCategories();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<TreeGradeEditor api="admin/goods/categories/@id/children" fieldNames={CATEGORY_FIELDS} />);
    await waitFor(() => expect(options(1)).toEqual(['数码', '服饰']));

    await user.type(within(column(1)).getByPlaceholderText('搜索1级'), '服');
    act(() => vi.advanceTimersByTime(200));
    expect(options(1)).toEqual(['数码', '服饰']);
    act(() => vi.advanceTimersByTime(150));
    expect(options(1)).toEqual(['服饰']);
  });

  it('offers add, edit and delete (asking first) when the screen handles them', async () => {
    serveCategories();
    const user = userEvent.setup();
    const onAdd = vi.fn();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderPage(<TreeGradeEditor api="admin/goods/categories/@id/children" fieldNames={CATEGORY_FIELDS} onAdd={onAdd} onEdit={onEdit} onDelete={onDelete} />);
    await waitFor(() => expect(options(1)).toEqual(['数码', '服饰']));

    expect((within(column(2)).getByRole('button', { name: /添\s*加/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(column(1)).getByRole('button', { name: /添\s*加/ }));
    expect(onAdd).toHaveBeenCalledWith(1, null);
    await user.click(within(column(1)).getByText('数码'));
    await user.click(within(column(2)).getByRole('button', { name: /添\s*加/ }));
    expect(onAdd.mock.lastCall![0]).toBe(2);
    expect(onAdd.mock.lastCall![1]).toMatchObject({ id: 1, name: '数码' });

    await user.click(within(column(1)).getByRole('button', { name: '编辑 服饰' }));
    expect(onEdit.mock.lastCall![0]).toMatchObject({ id: 2, name: '服饰' });
    await user.click(within(column(1)).getByRole('button', { name: '删除 服饰' }));
    expect(await screen.findByText('确定要删除“服饰”吗？')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    const popover = document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')!;
    await user.click(within(popover).getByRole('button', { name: /确\s*定/ }));
    expect(onDelete.mock.lastCall![0]).toMatchObject({ id: 2, name: '服饰' });
    expect(onDelete.mock.lastCall![1]).toBe(1);
  });
});

describe('InternationalTreeGradeEditor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('has 2 levels by default, one api path per level: a country’s states, then a state’s cities', async () => {
    const sent = stubNetwork((request) => {
      if (request.url === 'base/countries/US/states') return { data: [{ id: 7, name: 'California', has_city: 1 }, { id: 8, name: 'Guam', has_city: 0 }] };
      if (request.url === 'base/countries/7/cities') return { data: [{ id: 70, name: 'Los Angeles' }] };
      return { status: 404, data: {} };
    });
    const user = userEvent.setup();
    renderPage(
      <InternationalTreeGradeEditor api={['base/countries/@id/states', 'base/countries/@id/cities']} rootId="US" fieldNames={{ id: 'id', name: 'name', hasChildren: 'has_city' }} />,
    );
    await waitFor(() => expect(options(1)).toEqual(['California', 'Guam']));
    expect(screen.queryByTestId('grade-level-3')).toBeNull();
    await user.click(within(column(1)).getByText('California'));
    await waitFor(() => expect(options(2)).toEqual(['Los Angeles']));
    // a state without cities has nothing on the second level
    await user.click(within(column(1)).getByText('Guam'));
    await waitFor(() => expect(within(column(2)).getByText('暂无数据...')).toBeTruthy());
    expect(sent.map((request) => request.url)).toEqual(['base/countries/US/states', 'base/countries/7/cities']);
  });
});
