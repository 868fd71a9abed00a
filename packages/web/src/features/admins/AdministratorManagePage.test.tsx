import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { MSG, adminEndpoints, roleEndpoints, type AdminRow, type Page, type RoleRow } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import AdministratorManagePage from './AdministratorManagePage';
import i18next from 'i18next';
import { bundledTexts } from '@/lib/i18n';

const PATH = '/operations/auth-settings/administrator-manage';
const LIST_URL = adminEndpoints.list.path;

const admin = (fields: Partial<AdminRow>): AdminRow => ({
  id: 0,
  username: '',
  role_id: 0,
  role_name: '',
  mobile: '',
  founder: 0,
  real_name: '',
  department: '',
  remark: '',
  face: '',
  user_state: 0,
  create_time: 1_700_000_000,
  last_login_time: null,
  ...fields,
});

const FOUNDER = admin({ id: 1, username: 'admin', founder: 1, role_name: '超级管理员' });
const ZHANG = admin({ id: 2, username: 'zhangsan', role_id: 3, role_name: '运营', real_name: '张三', department: '运营部', remark: '值班', face: '/f.png' });
const ROLES: RoleRow[] = [
  { role_id: 3, role_name: '运营', role_describe: '', admin_count: 1, create_time: 1_700_000_000 },
  { role_id: 4, role_name: '财务', role_describe: '', admin_count: 0, create_time: 1_700_000_000 },
];
const page = <T,>(data: T[]): Page<T> => ({ data, page_no: 1, page_size: 20, data_total: data.length });

function serve(): SentRequest[] {
  return stubApi(
    fixture(adminEndpoints.list, page([FOUNDER, ZHANG])),
    fixture(roleEndpoints.list, page(ROLES)),
    fixture(adminEndpoints.detail, ZHANG),
    fixture(adminEndpoints.create, ({ body }) => {
      const fields = body as Partial<AdminRow>;
      if (fields.username === 'zhangsan') return { status: 400, data: { code: 'USERNAME_TAKEN', message: '管理员名称已存在' } };
      return admin({ ...fields, id: 9 });
    }),
    fixture(adminEndpoints.update, ({ body }) => ({ ...ZHANG, ...(body as Partial<AdminRow>) })),
    fixture(adminEndpoints.remove, {}),
  );
}

const writes = (sent: SentRequest[], method: string) => sent.filter((entry) => entry.method === method && entry.url.startsWith(LIST_URL));
const jsonBody = (request: SentRequest | undefined): unknown => (request ? JSON.parse(String(request.body)) : undefined);
const location = () => screen.getByTestId('location').textContent ?? '';

async function chooseRole(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox'));
  await user.click(await screen.findByTitle(name));
}

// Each test drives a whole antd table and form in jsdom, which is slow on a busy machine.
describe('administrator management', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn({ uid: 1, founder: 1 });
  });

  it('lists administrators with the filters and page kept in the URL under the API names', async () => {
    const sent = serve();
    renderPage(<AdministratorManagePage />, { path: PATH, url: `${PATH}?keyword=zhang&user_state=0&page_no=2` });

    expect(await screen.findByText('zhangsan')).toBeTruthy();
    const list = sent.find((entry) => entry.method === 'GET' && entry.url.startsWith(`${LIST_URL}?`));
    expect(list?.url).toContain('keyword=zhang');
    expect(list?.url).toContain('user_state=0');
    expect(list?.url).toContain('page_no=2');
  });

  it('names the founder’s role in the operator’s language, whatever the server wrote', async () => {
    serve();
    await i18next.addResourceBundle('en-US', 'translation', await bundledTexts('en-US'));
    await i18next.changeLanguage('en-US');
    try {
      renderPage(<AdministratorManagePage />, { path: PATH, url: PATH });
      const founderRow = (await screen.findByText('admin')).closest('tr') as HTMLElement;
      expect(within(founderRow).queryByText('超级管理员')).toBeNull();
      expect(within(founderRow).getAllByText('Founder').length).toBeGreaterThan(0);
    } finally {
      await i18next.changeLanguage('zh-CN');
    }
  });

  it('adds an administrator with the password hashed, then closes the dialog', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<AdministratorManagePage />, { path: PATH });

    await user.click(await screen.findByRole('button', { name: /添加管理员/ }));
    expect(location()).toContain('dialog=add');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('用户名'), 'lisi');
    await user.type(within(dialog).getByLabelText('密码'), 'abc123');
    await chooseRole(user, dialog, '财务');
    await user.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));

    await waitFor(() => expect(writes(sent, 'POST')).toHaveLength(1));
    expect(jsonBody(writes(sent, 'POST')[0])).toEqual({
      username: 'lisi',
      password: md5('abc123'),
      founder: 0,
      role_id: 4,
      real_name: '',
      department: '',
      mobile: '',
      remark: '',
    });
    await waitFor(() => expect(location()).not.toContain('dialog'));
    expect(await screen.findByText('管理员已添加')).toBeTruthy();
  });

  it('refuses a password outside the rule without sending anything', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<AdministratorManagePage />, { path: PATH, url: `${PATH}?dialog=add` });

    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('用户名'), 'lisi');
    await user.type(within(dialog).getByLabelText('密码'), 'ab-12');
    await user.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));

    expect(await within(dialog).findByText(MSG.passwordRule, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(writes(sent, 'POST')).toHaveLength(0);
  });

  it('hides the role when the new administrator is a founder', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<AdministratorManagePage />, { path: PATH, url: `${PATH}?dialog=add` });

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('角色')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('是'));
    expect(within(dialog).queryByLabelText('角色')).toBeNull();
    await user.type(within(dialog).getByLabelText('用户名'), 'boss');
    await user.type(within(dialog).getByLabelText('密码'), 'abc123');
    await user.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));

    await waitFor(() => expect(writes(sent, 'POST')).toHaveLength(1));
    expect(jsonBody(writes(sent, 'POST')[0])).toMatchObject({ founder: 1, role_id: 0 });
  });

  it('keeps the dialog open with what was typed when the server refuses', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<AdministratorManagePage />, { path: PATH, url: `${PATH}?dialog=add` });

    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('用户名'), 'zhangsan');
    await user.type(within(dialog).getByLabelText('密码'), 'abc123');
    await chooseRole(user, dialog, '运营');
    await user.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));

    expect(await screen.findByText('管理员名称已存在')).toBeTruthy();
    expect(writes(sent, 'POST')).toHaveLength(1);
    expect(location()).toContain('dialog=add');
    expect((within(dialog).getByLabelText('用户名') as HTMLInputElement).value).toBe('zhangsan');
  });

  it('edits without a password keeps it, and sends back what the form does not show', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<AdministratorManagePage />, { path: PATH, url: `${PATH}?dialog=edit&id=2` });

    const dialog = await screen.findByRole('dialog');
    const realName = await within(dialog).findByLabelText('真实姓名');
    expect(within(dialog).queryByLabelText('用户名')).toBeNull();
    await user.clear(realName);
    await user.type(realName, '张三丰');
    await user.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));

    await waitFor(() => expect(writes(sent, 'PUT')).toHaveLength(1));
    expect(jsonBody(writes(sent, 'PUT')[0])).toEqual({
      founder: 0,
      role_id: 3,
      real_name: '张三丰',
      department: '运营部',
      mobile: '',
      remark: '值班',
      face: '/f.png',
      user_state: 0,
    });
  });

  it('asks before disabling, then sends the state with the rest unchanged', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<AdministratorManagePage />, { path: PATH });

    const row = (await screen.findByText('zhangsan')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^禁\s?用$/, hidden: true }));
    expect(writes(sent, 'PUT')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: /^确\s?定$/, hidden: true }));

    await waitFor(() => expect(writes(sent, 'PUT')).toHaveLength(1));
    expect(jsonBody(writes(sent, 'PUT')[0])).toMatchObject({ user_state: 1, role_id: 3, founder: 0, real_name: '张三', remark: '值班' });
    expect(await screen.findByText('管理员已禁用')).toBeTruthy();
  });

  it('asks before deleting, and offers no disabling or deleting of oneself', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderPage(<AdministratorManagePage />, { path: PATH });

    const row = (await screen.findByText('zhangsan')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^删\s?除$/, hidden: true }));
    expect(writes(sent, 'DELETE')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /^确\s?定$/, hidden: true }));
    await waitFor(() => expect(writes(sent, 'DELETE')).toHaveLength(1));

    const own = screen.getByText('admin').closest('tr')!;
    expect((within(own).getByRole('button', { name: /^删\s?除$/, hidden: true }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(own).getByRole('button', { name: /^禁\s?用$/, hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });
});
