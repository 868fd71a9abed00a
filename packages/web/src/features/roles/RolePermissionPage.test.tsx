import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { menuEndpoints, roleEndpoints, type MenuItem, type RoleDetail } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import RolePermissionPage from './RolePermissionPage';

const node = (name: string, zh: string, children: MenuItem[] = [], hidden = false): MenuItem => ({
  name,
  path: `/${name}`,
  title: { zh, en: name },
  default_title: { zh, en: name },
  hidden,
  visible: true,
  auth_regular: '',
  children,
});

const MENU_TREE: MenuItem[] = [
  node('goods', '商品', [
    node('goodsList', '商品列表'),
    node('goodsAudit', '商品审核'),
    node('goodsSetting', '商品设置', [node('categoryList', '分类列表'), node('categoryParams', '分类参数', [], true), node('brandList', '品牌列表')]),
  ]),
  node('order', '订单', [node('orderList', '订单列表'), node('orderDetail', '订单详情', [], true)]),
  // A group whose screens are not built yet.
  node('futureArea', '未来区域', [node('futureReport', '未来报表')]),
];

const ROLE: RoleDetail = {
  role_id: 5,
  role_name: '运营',
  role_describe: '负责商品上架',
  admin_count: 2,
  create_time: 1_700_000_000,
  // The stored list holds the group of a permitted page as well.
  permissions: ['goods', 'goodsList'],
};

function serve(): SentRequest[] {
  const unknown = { status: 404, data: { code: 'ROLE_NOT_FOUND', message: '角色不存在' } };
  return stubApi(
    fixture(roleEndpoints.detail, ({ params }) => (params.id === '5' ? ROLE : unknown)),
    fixture(menuEndpoints.tree, MENU_TREE),
    fixture(roleEndpoints.update, ({ params, body }) => (params.id === '5' ? { ...ROLE, ...(body as Partial<RoleDetail>) } : unknown)),
  );
}

const savedBody = (sent: SentRequest[]) => {
  const request = sent.find((entry) => entry.method === 'PUT' && entry.url === 'admin/systems/roles/5');
  return request ? JSON.parse(String(request.body)) : undefined;
};

function checkboxOf(title: string): HTMLElement {
  const checkbox = screen.getByText(title).closest('.ant-tree-treenode')?.querySelector<HTMLElement>('.ant-tree-checkbox');
  if (!checkbox) throw new Error(`no checkbox for ${title}`);
  return checkbox;
}

const isChecked = (title: string) => checkboxOf(title).classList.contains('ant-tree-checkbox-checked');
const isHalfChecked = (title: string) => checkboxOf(title).classList.contains('ant-tree-checkbox-indeterminate');

function renderRolePermission() {
  return renderPage(<RolePermissionPage />, {
    path: '/operations/auth-settings/role-permission/:id',
    url: '/operations/auth-settings/role-permission/5',
  });
}

describe('role permissions', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('shows the whole menu tree, hidden routes included, with the stored pages ticked', async () => {
    serve();
    renderRolePermission();

    expect(await screen.findByText('分类参数')).toBeTruthy();
    expect(screen.getByText('订单详情')).toBeTruthy();
    expect(screen.getAllByText('隐藏')).toHaveLength(2);
    expect(isChecked('商品列表')).toBe(true);
    // A stored group must not tick every page under it.
    expect(isChecked('商品审核')).toBe(false);
    expect(isHalfChecked('商品')).toBe(true);
    expect(isChecked('订单列表')).toBe(false);
  });

  it('marks the routes without a screen and cannot grant them', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderRolePermission();

    await screen.findByText('未来报表');
    expect(screen.getAllByText('未上线')).toHaveLength(2);
    expect(checkboxOf('未来报表').classList.contains('ant-tree-checkbox-disabled')).toBe(true);
    expect(checkboxOf('未来区域').classList.contains('ant-tree-checkbox-disabled')).toBe(true);
    expect(checkboxOf('订单列表').classList.contains('ant-tree-checkbox-disabled')).toBe(false);
    await user.click(checkboxOf('未来报表'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(savedBody(sent)).toBeDefined());
    expect(savedBody(sent).permissions).toEqual(['goods', 'goodsList']);
  });

  it('saves the checked pages together with their half-checked groups, then returns to the role list', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderRolePermission();

    await screen.findByText('品牌列表');
    await user.click(checkboxOf('品牌列表'));
    await user.click(checkboxOf('订单详情'));
    expect(isHalfChecked('商品设置')).toBe(true);
    await user.click(screen.getByRole('button', { name: /^保\s?存$/ }));

    await waitFor(() => expect(savedBody(sent)).toBeDefined());
    expect(savedBody(sent)).toEqual({
      role_name: '运营',
      role_describe: '负责商品上架',
      permissions: ['goods', 'goodsList', 'goodsSetting', 'brandList', 'order', 'orderDetail'],
    });
    expect(await screen.findByText('角色权限已保存')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/operations/auth-settings/role-manage'));
  });

  it('check all grants every built route of the table', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderRolePermission();

    await screen.findByText('品牌列表');
    await user.click(screen.getByRole('button', { name: /^全\s?选$/ }));
    expect(isChecked('订单')).toBe(true);
    await user.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(savedBody(sent)).toBeDefined());
    expect(savedBody(sent).permissions).toEqual([
      'goods',
      'goodsList',
      'goodsAudit',
      'goodsSetting',
      'categoryList',
      'categoryParams',
      'brandList',
      'order',
      'orderList',
      'orderDetail',
    ]);
  });

  it('check none saves an empty list', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderRolePermission();

    await screen.findByText('品牌列表');
    await user.click(screen.getByRole('button', { name: '全不选' }));
    expect(isChecked('商品列表')).toBe(false);
    await user.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(savedBody(sent)).toBeDefined());
    expect(savedBody(sent).permissions).toEqual([]);
  });
});
