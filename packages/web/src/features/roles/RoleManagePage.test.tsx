import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleEndpoints, type RoleDetail, type RoleRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import RoleManagePage from './RoleManagePage';

const PATH = '/operations/auth-settings/role-manage';

const role = (role_id: number, role_name: string, admin_count = 0): RoleRow => ({ role_id, role_name, role_describe: '', admin_count, create_time: 1_700_000_000 });
const ROLES = [role(3, '运营', 2), role(4, '财务')];
const DETAIL: RoleDetail = { ...ROLES[0], role_describe: '商品与店铺', permissions: ['goods', 'goodsList'] };

function serve(): SentRequest[] {
  return stubApi(
    fixture(roleEndpoints.list, ({ query }) => {
      const rows = ROLES.filter((row) => !query.keyword || row.role_name.includes(String(query.keyword)));
      return { data: rows, page_no: 1, page_size: 20, data_total: rows.length };
    }),
    fixture(roleEndpoints.detail, DETAIL),
    fixture(roleEndpoints.update, ({ body }) => ({ ...DETAIL, ...(body as Partial<RoleDetail>) })),
    fixture(roleEndpoints.remove, {}),
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';
const lists = (sent: SentRequest[]) => sent.filter((entry) => entry.method === 'GET' && entry.url.split('?')[0] === roleEndpoints.list.path);

// Each test drives an antd table and form in jsdom, which is slow on a busy machine.
describe('role management', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('keeps the keyword under the API name and the open dialog in the URL', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<RoleManagePage />, { path: PATH, url: `${PATH}?keyword=%E8%BF%90&dialog=edit&id=3` });

    // A shared link opens the dialog on the role it names, with what the server holds now.
    const dialog = await screen.findByRole('dialog');
    expect(((await within(dialog).findByLabelText('角色描述')) as HTMLTextAreaElement).value).toBe('商品与店铺');
    expect(lists(sent)[0].url).toBe(`${roleEndpoints.list.path}?keyword=%E8%BF%90`);

    await user.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));
    // The dialog edits name and description only: the permissions go back as they were.
    await waitFor(() => expect(sent.filter((entry) => entry.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(sent.find((entry) => entry.method === 'PUT')!.body))).toEqual({
      role_name: '运营',
      role_describe: '商品与店铺',
      permissions: ['goods', 'goodsList'],
    });
    expect(await screen.findByText('角色已保存')).toBeTruthy();
    await waitFor(() => expect(location()).toBe(`${PATH}?keyword=%E8%BF%90`));
  });

  it('deletes a role once confirmed and says so', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<RoleManagePage />, { path: PATH });

    const row = (await screen.findByText('财务')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^删\s?除$/, hidden: true }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /^确\s?定$/, hidden: true }));
    await waitFor(() => expect(sent.some((entry) => entry.method === 'DELETE' && entry.url === `${roleEndpoints.list.path}/4`)).toBe(true));
    expect(await screen.findByText('角色已删除')).toBeTruthy();
    // The list is read again after the delete.
    await waitFor(() => expect(lists(sent).length).toBeGreaterThan(1));
  });
});
