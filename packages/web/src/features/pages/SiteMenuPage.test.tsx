import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigationEndpoints, type NavigationRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import SiteMenuPage from './SiteMenuPage';

const entry = (n: number, fields: Partial<NavigationRow> = {}): NavigationRow => ({
  navigation_id: n,
  name: `导航${n}`,
  url: `/n${n}`,
  client_type: 'PC',
  image: '',
  sort: n,
  show: 1,
  new_window: 0,
  create_time: 1_760_000_000 + n,
  ...fields,
});

let rows: NavigationRow[] = [];
const list = fixture(navigationEndpoints.list, ({ query }) => {
  const matching = rows.filter((row) => row.client_type === (query.client_type ?? 'PC'));
  return { data: matching, page_no: 1, page_size: 20, data_total: matching.length };
});
const tableRows = () => screen.getAllByRole('row').filter((row) => row.getAttribute('data-row-key'));

describe('site navigation page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signIn();
    rows = [entry(1, { name: '首页' }), entry(2, { name: '秒杀' }), entry(3, { name: '分类', client_type: 'MOBILE', image: '/files/nav/c.png' })];
  });

  it('lists one client in menu order, moves an entry up, and cannot move the first one further', async () => {
    const sent = stubApi(list, fixture(navigationEndpoints.move, {}));
    const user = userEvent.setup();
    renderPage(<SiteMenuPage />, { path: '/menu', url: '/menu' });
    await screen.findByText('秒杀');
    expect(tableRows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['首页', '秒杀']);
    expect(within(tableRows()[0]).getByRole('button', { name: '上移' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(tableRows()[1]).getByRole('button', { name: '上移' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT' && request.url.startsWith('admin/shops/navigations/2/up'))).toBe(true));

    await user.click(screen.getByText('移动端'));
    await screen.findByText('分类');
    expect(sent.at(-1)!.url).toContain('client_type=MOBILE');
  });

  it('a mobile entry needs its picture and a name of at most 6 characters; nothing is sent until then', async () => {
    const sent = stubApi(list, fixture(navigationEndpoints.create, ({ body }) => entry(9, body as Partial<NavigationRow>)));
    const user = userEvent.setup();
    renderPage(<SiteMenuPage />, { path: '/menu', url: '/menu?client_type=MOBILE' });
    await screen.findByText('分类');
    await user.click(screen.getByRole('button', { name: /新增导航/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('导航链接'), '/m/new');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入导航名称')).toBeTruthy();
    expect(await within(dialog).findByText('移动端导航请上传图片')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
