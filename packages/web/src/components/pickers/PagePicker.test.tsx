import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageEndpoints, type PageRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { PagePicker, type PagePickerProps } from './PagePicker';

const pageRow = (n: number, fields: Partial<PageRow> = {}): PageRow => ({
  page_id: n,
  client_type: 'PC',
  page_name: `专题${n}`,
  description: '',
  publish_status: 'YES',
  is_index: 0,
  create_time: 1_760_000_000 + n,
  update_time: 1_760_000_000 + n,
  ...fields,
});

const queryOf = (request: SentRequest) => Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));

/** `admin/pages` over these rows, filtered and paged the way the server does it. */
function servePages(rows: PageRow[]): SentRequest[] {
  return stubApi(
    fixture(pageEndpoints.list, ({ query }) => {
      const matching = rows.filter(
        (row) =>
          row.client_type === query.client_type &&
          (!query.publish_status || row.publish_status === query.publish_status) &&
          (!query.keyword || row.page_name.includes(String(query.keyword))),
      );
      const pageNo = Number(query.page_no);
      const pageSize = Number(query.page_size);
      return { data: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize), page_no: pageNo, page_size: pageSize, data_total: matching.length };
    }),
  );
}

const dialog = () => screen.getByRole('dialog');
const dataRows = () => within(dialog()).getAllByRole('row').filter((row) => row.getAttribute('data-row-key'));
const rowOf = (name: string) => dataRows().find((row) => row.querySelector('strong')?.textContent === name)!;
const checkboxOf = (name: string) => rowOf(name).querySelector<HTMLInputElement>('input[type=checkbox], input[type=radio]')!;
const counts = () => screen.getByTestId('picker-counts').textContent?.replace(/\s+/g, '');

function renderPicker(props: Partial<PagePickerProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderPage(<PagePicker open clientType="PC" onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel };
}

describe('PagePicker', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('is 1000px wide and lists only the published pages of its client, 20 a page by default', async () => {
    const rows = [
      ...Array.from({ length: 25 }, (_, i) => pageRow(i + 1)),
      pageRow(90, { page_name: '草稿页', publish_status: 'NO' }),
      pageRow(91, { page_name: '手机页', client_type: 'MOBILE' }),
    ];
    const sent = servePages(rows);
    renderPicker();
    await waitFor(() => expect(dataRows()).toHaveLength(20));
    expect(screen.getByText('选择页面 · PC端')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('1000px');
    expect(queryOf(sent.find((r) => r.url.startsWith('admin/pages'))!)).toMatchObject({ client_type: 'PC', publish_status: 'YES', page_no: '1', page_size: '20' });
    expect(within(dialog()).queryByText('草稿页')).toBeNull();
    expect(within(dialog()).queryByText('手机页')).toBeNull();
    expect(within(dialog()).getByText('共 25 个页面')).toBeTruthy();

    // the size changer offers exactly 20, 50, 100, 200
    await userEvent.setup().click(within(dialog()).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['20 条/页', '50 条/页', '100 条/页', '200 条/页']);
  });

  it('refuses a choice past the limit with 可选数量超过最大限制：2个！ and keeps the two chosen', async () => {
    servePages(Array.from({ length: 5 }, (_, i) => pageRow(i + 1)));
    const user = userEvent.setup();
    const { onConfirm } = renderPicker({ limit: 2 });
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    await user.click(checkboxOf('专题1'));
    await user.click(checkboxOf('专题2'));
    expect(counts()).toBe('最多可选:2个已选:2个还可选:0个');
    await user.click(checkboxOf('专题3'));
    expect(await screen.findByText('可选数量超过最大限制：2个！')).toBeTruthy();
    expect(checkboxOf('专题3').checked).toBe(false);
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm.mock.calls[0][0].map((row: PageRow) => row.page_id)).toEqual([1, 2]);
  });

  it('select-all past the limit says so too, and chooses only as many as fit', async () => {
    servePages(Array.from({ length: 5 }, (_, i) => pageRow(i + 1)));
    const user = userEvent.setup();
    renderPicker({ limit: 3 });
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    await user.click(within(dialog()).getAllByRole('checkbox')[0]);
    expect(await screen.findByText('可选数量超过最大限制：3个！')).toBeTruthy();
    expect(counts()).toBe('最多可选:3个已选:3个还可选:0个');
  });

  it('with no limit, everything may be chosen', async () => {
    servePages(Array.from({ length: 5 }, (_, i) => pageRow(i + 1)));
    const user = userEvent.setup();
    const { onConfirm } = renderPicker({ limit: -1 });
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    await user.click(within(dialog()).getAllByRole('checkbox')[0]);
    expect(counts()).toBe('最多可选:不限已选:5个还可选:不限');
    expect(screen.queryByText(/可选数量超过最大限制/)).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm.mock.calls[0][0]).toHaveLength(5);
  });

  it('with a limit of 1 it is a single choice: the next pick replaces the first', async () => {
    servePages([pageRow(1), pageRow(2)]);
    const user = userEvent.setup();
    const { onConfirm } = renderPicker({ limit: 1 });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(checkboxOf('专题1').type).toBe('radio');
    await user.click(rowOf('专题1').querySelector('td:nth-child(2)')!);
    await user.click(rowOf('专题2').querySelector('td:nth-child(2)')!);
    expect(screen.queryByText(/可选数量超过最大限制/)).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm.mock.calls[0][0].map((row: PageRow) => row.page_id)).toEqual([2]);
  });

  it('searches by name, and keeps earlier choices across searches and pages', async () => {
    const sent = servePages([pageRow(1, { page_name: '双十一会场' }), pageRow(2, { page_name: '年货节' })]);
    const user = userEvent.setup();
    const { onConfirm } = renderPicker({ value: [pageRow(7, { page_name: '旧选择' })] });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    await user.type(within(dialog()).getByPlaceholderText('搜索页面名称'), '年货');
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(queryOf(sent.at(-1)!).keyword).toBe('年货');
    await user.click(checkboxOf('年货节'));
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm.mock.calls[0][0].map((row: PageRow) => row.page_id)).toEqual([7, 2]);
  });
});
