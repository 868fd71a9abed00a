import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageEndpoints, type PageDetail, type PageRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl as location, renderPage, signIn, sortedUrl as at } from '@/test/pageHarness';
import { MobilePagesPage, PcPagesPage } from './MicroPagesPage';

const pageRow = (n: number, fields: Partial<PageRow> = {}): PageRow => ({
  page_id: n,
  client_type: 'PC',
  page_name: `专题${n}`,
  description: '',
  publish_status: n % 2 ? 'YES' : 'NO',
  is_index: n === 1 ? 1 : 0,
  create_time: 1_760_000_000 + n,
  update_time: 1_760_000_000 + n,
  ...fields,
});

let rows: PageRow[] = [];

/** One client's pages, filtered and paged the way the server does it. */
const list = fixture(pageEndpoints.list, ({ query }) => {
  const matching = rows.filter(
    (row) =>
      row.client_type === query.client_type &&
      (!query.publish_status || row.publish_status === query.publish_status) &&
      (!query.keyword || row.page_name.includes(String(query.keyword))),
  );
  const pageNo = Number(query.page_no ?? 1);
  const pageSize = Number(query.page_size ?? 20);
  return { data: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize), page_no: pageNo, page_size: pageSize, data_total: matching.length };
});
const detail = (row: PageRow): PageDetail => ({ ...row, page_data: [] });

const tableRows = () => screen.getAllByRole('row').filter((row) => row.getAttribute('data-row-key'));
const rowOf = (name: string) => tableRows().find((row) => within(row).queryByText(name))!;

describe('micro pages on the shared list page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
    rows = [...Array.from({ length: 25 }, (_, i) => pageRow(i + 1)), pageRow(90, { client_type: 'MOBILE', page_name: '手机专题' })];
  });

  it('keeps the filters and page in the URL under the API names; the client is the route, never the URL', async () => {
    const sent = stubApi(list);
    const user = userEvent.setup();
    renderPage(<PcPagesPage />, { path: '/pages', url: '/pages?publish_status=NO&page_no=2&page_size=10' });
    await screen.findByText('专题22');
    expect(at(sent[0].url)).toBe(at('admin/pages?page_no=2&page_size=10&client_type=PC&publish_status=NO'));
    expect(tableRows()).toHaveLength(2);

    await user.type(screen.getByPlaceholderText('搜索页面名称'), '专题2{Enter}');
    await waitFor(() => expect(location()).toBe(at('/pages?publish_status=NO&keyword=专题2&page_size=10')));
    await waitFor(() => expect(at(sent.at(-1)!.url)).toBe(at('admin/pages?page_size=10&client_type=PC&keyword=专题2&publish_status=NO')));
  });

  it('the mobile list asks for the mobile pages', async () => {
    const sent = stubApi(list);
    renderPage(<MobilePagesPage />, { path: '/pages', url: '/pages' });
    await screen.findByText('手机专题');
    expect(sent[0].url).toBe('admin/pages?client_type=MOBILE');
  });

  it('opens the new and edit dialogs from the URL and saves through the contract, closing on success', async () => {
    const sent = stubApi(
      list,
      fixture(pageEndpoints.create, ({ body }) => detail(pageRow(99, body as Partial<PageRow>))),
      fixture(pageEndpoints.update, ({ params, body }) => detail(pageRow(Number(params.id), body as Partial<PageRow>))),
    );
    const user = userEvent.setup();
    renderPage(<PcPagesPage />, { path: '/pages', url: '/pages?edit=3' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑页面')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText('页面名称') as HTMLInputElement).value).toBe('专题3'));
    await user.clear(within(dialog).getByLabelText('页面名称'));
    await user.type(within(dialog).getByLabelText('页面名称'), '年货节');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('页面已保存')).toBeTruthy();
    const update = sent.find((request) => request.method === 'PUT')!;
    expect(update.url).toBe('admin/pages/3');
    expect(JSON.parse(update.body as string)).toEqual({ page_name: '年货节', description: '' });
    await waitFor(() => expect(location()).toBe('/pages'));
    // the list is read again after the save
    await waitFor(() => expect(sent.filter((request) => request.url.startsWith('admin/pages?'))).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: '新建页面' }));
    await waitFor(() => expect(location()).toBe('/pages?edit=new'));
    const created = await screen.findByRole('dialog');
    expect(within(created).getByText('新建页面 · PC端')).toBeTruthy();
    await user.type(within(created).getByLabelText('页面名称'), '双十一');
    await user.click(within(created).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(JSON.parse(sent.find((request) => request.method === 'POST')!.body as string)).toEqual({ client_type: 'PC', page_name: '双十一', description: '' });
  });

  it('编辑 opens the page in the decoration app, 预览 a published page as buyers see it, and the name its settings', async () => {
    stubApi(list);
    const opened: string[] = [];
    const open = vi.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(String(url));
      return { closed: true, postMessage: () => undefined } as unknown as Window;
    });
    const user = userEvent.setup();
    renderPage(<PcPagesPage />, { path: '/pages', url: '/pages' });
    await screen.findByText('专题3');
    await user.click(within(rowOf('专题3')).getByRole('button', { name: /编\s*辑/ }));
    await user.click(within(rowOf('专题3')).getByRole('button', { name: /预\s*览/ }));
    // a draft has no public page yet: its preview is the editor's
    await user.click(within(rowOf('专题4')).getByRole('button', { name: /预\s*览/ }));
    expect(opened).toEqual([`${window.location.origin}/decor/pages/3`, `${window.location.origin}/topic/3`, `${window.location.origin}/decor/pages/4`]);
    open.mockRestore();

    await user.click(screen.getByText('专题3'));
    await waitFor(() => expect(location()).toBe('/pages?edit=3'));
  });

  it('publishes and copies with the success message of each', async () => {
    const sent = stubApi(
      list,
      fixture(pageEndpoints.publish, ({ params }) => pageRow(Number(params.id), { publish_status: 'YES' })),
      fixture(pageEndpoints.copy, ({ params }) => detail(pageRow(100, { page_name: `专题${params.id} 副本` }))),
    );
    const user = userEvent.setup();
    renderPage(<PcPagesPage />, { path: '/pages', url: '/pages' });
    await screen.findByText('专题2');
    await user.click(within(rowOf('专题2')).getByRole('button', { name: /发\s*布/ }));
    expect(await screen.findByText('页面已发布')).toBeTruthy();
    expect(sent.find((request) => request.method === 'PUT')!.url).toBe('admin/pages/2/publish');

    await user.click(within(rowOf('专题4')).getByRole('button', { name: /复\s*制/ }));
    await user.click(within(document.querySelector('.ant-popover:not(.ant-popover-hidden)') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已复制为“专题4 副本”')).toBeTruthy();
  });

  it('deletes a batch after confirming; the home page cannot be chosen, and another filter drops the selection', async () => {
    const sent = stubApi(list, fixture(pageEndpoints.remove, {}));
    const user = userEvent.setup();
    renderPage(<PcPagesPage />, { path: '/pages', url: '/pages' });
    await screen.findByText('专题2');

    // the home page cannot be chosen for a batch delete
    expect(rowOf('专题1').querySelector<HTMLInputElement>('input[type=checkbox]')!.disabled).toBe(true);
    await user.click(rowOf('专题2').querySelector('input[type=checkbox]')!);
    await user.click(rowOf('专题3').querySelector('input[type=checkbox]')!);
    expect(screen.getByText('已选择 2 个')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '批量删除' }));
    await user.click(within((await screen.findByText('确定删除选中的2个页面吗？删除后不可恢复')).closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('页面已删除')).toBeTruthy();
    expect(sent.find((request) => request.method === 'DELETE')!.url).toBe('admin/pages/2,3');
    await waitFor(() => expect(screen.queryByText(/已选择/)).toBeNull());

    await user.click(rowOf('专题5').querySelector('input[type=checkbox]')!);
    expect(screen.getByText('已选择 1 个')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('搜索页面名称'), '专题{Enter}');
    await waitFor(() => expect(screen.queryByText(/已选择/)).toBeNull());
  });

  it('opens the promote dialog of a published page from the URL', async () => {
    stubApi(list);
    renderPage(<PcPagesPage />, { path: '/pages', url: '/pages?promote=5' });
    expect(await screen.findByText('推广“专题5”')).toBeTruthy();
  });
});
