import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { CATEGORY_MAX_LEVEL, categoryEndpoints, type CategoryChild, type CategoryDetail } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { CategoryCascader } from './CategoryCascader';

const child = (category_id: number, name: string, has_children = true): CategoryChild => ({ category_id, name, has_children });

/** Five levels deep on the server: the cascader must stop at the fourth. */
const CHILDREN: Record<number, CategoryChild[]> = {
  0: [child(1, '数码'), child(2, '服饰', false)],
  1: [child(11, '手机'), child(12, '电脑', false)],
  11: [child(111, '智能手机')],
  111: [child(1111, '5G手机')],
  1111: [child(11111, '折叠屏', false)],
};
const PATHS: Record<number, string> = { 1: '0|1|', 11: '0|1|11|', 111: '0|1|11|111|', 1111: '0|1|11|111|1111|', 2: '0|2|' };
const NAMES: Record<number, string> = { 1: '数码', 2: '服饰', 11: '手机', 12: '电脑', 111: '智能手机', 1111: '5G手机' };

/** `GET admin/goods/categories/{id}/children` and `GET admin/goods/categories/{id}` as the server answers them. */
function serve(): SentRequest[] {
  return stubApi(
    fixture(categoryEndpoints.children, ({ params }) => CHILDREN[Number(params.id)] ?? []),
    fixture(categoryEndpoints.get, ({ params }) => {
      const id = Number(params.id);
      const path = PATHS[id];
      if (!path) return { status: 404, data: { code: 'CATEGORY_NOT_FOUND', message: '分类不存在' } };
      const detail: CategoryDetail = {
        category_id: id,
        parent_id: 0,
        name: NAMES[id],
        category_path: path,
        level: path.split('|').filter(Boolean).length - 1,
        sort: 0,
        image: '',
        is_show: 1,
        adv_image: '',
        adv_image_link: '',
        has_children: true,
      };
      return detail;
    }),
  );
}

const open = () => fireEvent.mouseDown(document.querySelector('.ant-select-selector, .ant-cascader')!);
/** The names of one column of the open cascader (0 = first level). */
const column = (index: number) => [...(document.querySelectorAll('.ant-cascader-menu')[index]?.querySelectorAll('.ant-cascader-menu-item-content') ?? [])].map((item) => item.textContent);
const item = (name: string) => screen.findByText(name, { selector: '.ant-cascader-menu-item-content' });
const childrenAsked = (sent: SentRequest[]) => sent.filter((request) => /\/children$/.test(request.url)).map((request) => request.url);

/** The cascader held by a parent that can also clear it, the way a filter bar does. */
function Holder({ initial, onChange, maxLevel }: { initial?: number; onChange(id: number | undefined): void; maxLevel?: number }) {
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <CategoryCascader
        value={value}
        maxLevel={maxLevel}
        placeholder="商品分类"
        onChange={(id) => {
          setValue(id);
          onChange(id);
        }}
      />
      <Button onClick={() => setValue(undefined)}>重置</Button>
    </>
  );
}

describe('CategoryCascader', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('loads the first level, then each level’s children from the server as it opens', async () => {
    const sent = serve();
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderPage(<Holder onChange={onChange} />);
    await waitFor(() => expect(childrenAsked(sent)).toEqual(['admin/goods/categories/0/children']));
    open();
    await waitFor(() => expect(column(0)).toEqual(['数码', '服饰']));

    await user.click(await item('数码'));
    await waitFor(() => expect(column(1)).toEqual(['手机', '电脑']));
    expect(childrenAsked(sent)).toEqual(['admin/goods/categories/0/children', 'admin/goods/categories/1/children']);
    // any level can be the answer (changeOnSelect): a first-level category is reported at once
    expect(onChange).toHaveBeenLastCalledWith(1);
    // a category without children is a leaf: nothing more is asked for it
    await user.click(await item('服饰'));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(childrenAsked(sent)).not.toContain('admin/goods/categories/2/children');
  });

  it(`stops at level ${CATEGORY_MAX_LEVEL} (spec §2): a fourth-level category opens nothing, even with children on the server`, async () => {
    expect(CATEGORY_MAX_LEVEL).toBe(4);
    const sent = serve();
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderPage(<Holder onChange={onChange} />);
    open();
    await user.click(await item('数码'));
    await user.click(await item('手机'));
    await user.click(await item('智能手机'));
    await user.click(await item('5G手机'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(1111));
    expect(document.querySelectorAll('.ant-cascader-menu')).toHaveLength(4);
    expect(screen.queryByText('折叠屏')).toBeNull();
    expect(childrenAsked(sent)).toEqual([
      'admin/goods/categories/0/children',
      'admin/goods/categories/1/children',
      'admin/goods/categories/11/children',
      'admin/goods/categories/111/children',
    ]);
    expect(document.querySelector('.ant-cascader')!.textContent).toContain('数码 / 手机 / 智能手机 / 5G手机');
  });

  it('takes a lower limit: with maxLevel 2 the second level is the last', async () => {
    const sent = serve();
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderPage(<Holder onChange={onChange} maxLevel={2} />);
    open();
    await user.click(await item('数码'));
    await user.click(await item('手机'));
    expect(onChange).toHaveBeenLastCalledWith(11);
    expect(document.querySelectorAll('.ant-cascader-menu')).toHaveLength(2);
    expect(childrenAsked(sent)).not.toContain('admin/goods/categories/11/children');
  });

  it('opens a value given from outside (a filter in the URL) along its path, so it shows names; a reset clears it', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<Holder initial={111} onChange={vi.fn()} />);
    expect(await screen.findByText('数码 / 手机 / 智能手机')).toBeTruthy();
    expect(sent.map((request) => request.url)).toEqual(expect.arrayContaining(['admin/goods/categories/111', 'admin/goods/categories/1/children', 'admin/goods/categories/11/children']));

    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(screen.queryByText('数码 / 手机 / 智能手机')).toBeNull());
    expect(screen.getByText('商品分类')).toBeTruthy();
  });
});
