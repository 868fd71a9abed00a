import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrandRow, CategoryNode, GoodsRow, Page, ParamGroupWithParams } from '@agora/contract';
import { stubNetwork, type Reply, type SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import BrandListPage from './BrandListPage';
import CategoryListPage from './CategoryListPage';
import CategoryParamsPage from './CategoryParamsPage';
import GoodsAuditPage from './GoodsAuditPage';
import GoodsListPage from './GoodsListPage';

const page = <T,>(data: T[]): Page<T> => ({ data, page_no: 1, page_size: 20, data_total: data.length });
const goodsRow = (fields: Partial<GoodsRow>): GoodsRow => ({
  goods_id: 1,
  goods_name: '',
  sn: 'G1',
  thumbnail: '',
  seller_id: 7,
  seller_name: '星辰旗舰店',
  category_id: 3,
  category_name: '手机',
  brand_id: 2,
  brand_name: '华为',
  goods_type: 'NORMAL',
  price: 99.5,
  quantity: 10,
  enable_quantity: 10,
  buy_count: 3,
  market_enable: 1,
  is_auth: 1,
  status: 'ON_SALE',
  auth_message: '',
  under_message: '',
  create_time: 1_700_000_000,
  ...fields,
});

/** Answers the catalogue look-ups every goods page makes, then `routes` by "METHOD path". */
function serve(routes: Record<string, (request: SentRequest) => Reply>): SentRequest[] {
  return stubNetwork((request) => {
    const path = request.url.split('?')[0];
    const handler = routes[`${request.method} ${path}`];
    if (handler) return handler(request);
    if (path === 'base/site-show') return { data: { title: 'Agora', logo: '', admin_icon: '', buyer_domain: 'https://buyer.example', chat_enabled: 0 } };
    if (path === 'admin/goods/categories/0/children') return { data: [{ category_id: 1, name: '数码', has_children: true }] };
    if (path === 'admin/goods/brands/all') return { data: [{ brand_id: 2, name: '华为', logo: '' }] };
    return { status: 404, data: { code: 'NOT_FOUND', message: '请求的资源不存在' } };
  });
}

const body = (request: SentRequest | undefined): unknown => (request && typeof request.body === 'string' ? JSON.parse(request.body) : request?.body);
const sentTo = (sent: SentRequest[], method: string, prefix: string) => sent.filter((r) => r.method === method && r.url.startsWith(prefix));

describe('goods pages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('goods list: filters come from the URL; take-down asks for a reason and sends it; the buyer link opens a new tab', async () => {
    const sent = serve({
      'GET admin/goods': () => ({ data: page([goodsRow({ goods_id: 5, goods_name: '华为 Mate 70' })]) }),
      'PUT admin/goods/5/under': () => ({ data: {} }),
    });
    const user = userEvent.setup();
    renderPage(<GoodsListPage />, { path: '/goods/goods-list', url: '/goods/goods-list?brand=2&market=1&type=NORMAL&page=2' });
    expect(await screen.findByText('华为 Mate 70')).toBeTruthy();
    const listUrl = sentTo(sent, 'GET', 'admin/goods?')[0].url;
    for (const part of ['brand_id=2', 'market_enable=1', 'goods_type=NORMAL', 'page_no=2']) expect(listUrl).toContain(part);

    const view = await screen.findByRole('link', { name: '查看' });
    await waitFor(() => expect(view.getAttribute('href')).toBe('https://buyer.example/goods/5'));
    expect(view.getAttribute('target')).toBe('_blank');

    await user.click(screen.getByRole('button', { name: '下架' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写下架原因')).toBeTruthy();
    expect(sentTo(sent, 'PUT', 'admin/goods/5/under')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), '图片侵权');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(body(sentTo(sent, 'PUT', 'admin/goods/5/under')[0])).toEqual({ reason: '图片侵权' }));
    expect(await screen.findByText('已下架')).toBeTruthy();
  });

  it('goods list: restoring shows the server refusal when the shop is closed', async () => {
    serve({
      'GET admin/goods': () => ({ data: page([goodsRow({ goods_id: 6, goods_name: '停业店商品', market_enable: 0, status: 'OFF_SHELF', under_message: '平台下架，原因为：违规' })]) }),
      'PUT admin/goods/6/up': () => ({ status: 400, data: { code: 'GOODS_SHOP_CLOSED', message: '店铺关闭中,商品不能上架' } }),
    });
    const user = userEvent.setup();
    renderPage(<GoodsListPage />, { path: '/goods/goods-list' });
    await user.click(await screen.findByRole('button', { name: '上架' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('店铺关闭中,商品不能上架')).toBeTruthy();
  });

  it('goods list: a category from the URL shows its path by name and filters the list', async () => {
    const sent = serve({
      'GET admin/goods': () => ({ data: page([]) }),
      'GET admin/goods/categories/5': () => ({ data: { category_id: 5, name: '手机', category_path: '0|1|5|' } }),
      'GET admin/goods/categories/1/children': () => ({ data: [{ category_id: 5, name: '手机', has_children: false }] }),
    });
    renderPage(<GoodsListPage />, { path: '/goods/goods-list', url: '/goods/goods-list?category=5' });
    expect(await screen.findByText('数码 / 手机')).toBeTruthy();
    expect(sentTo(sent, 'GET', 'admin/goods?')[0].url).toContain('category_id=5');
  });

  it('goods audit: refusing needs a reason and sends pass 0 with it', async () => {
    const sent = serve({
      'GET admin/goods': () => ({ data: page([goodsRow({ goods_id: 9, goods_name: '待审核耳机', is_auth: 0, status: 'WAITING' })]) }),
      'POST admin/goods/batch/audit': () => ({ data: {} }),
    });
    const user = userEvent.setup();
    renderPage(<GoodsAuditPage />, { path: '/goods/goods-audit' });
    expect(await screen.findByText('待审核耳机')).toBeTruthy();
    expect(sentTo(sent, 'GET', 'admin/goods?')[0].url).toContain('is_auth=0');
    await user.click(screen.getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '主图模糊');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(body(sentTo(sent, 'POST', 'admin/goods/batch/audit')[0])).toEqual({ goods_ids: [9], pass: 0, message: '主图模糊' }));
  });

  it('brand list: batch delete sends comma-joined ids and shows a refusal; a new brand needs its uploaded logo', async () => {
    const brands: BrandRow[] = [
      { brand_id: 1, name: '华为', logo: '/files/1.png', disabled: 0, create_time: 1_700_000_000 },
      { brand_id: 2, name: '小米', logo: '/files/2.png', disabled: 0, create_time: 1_700_000_000 },
    ];
    const sent = serve({
      'GET admin/goods/brands': () => ({ data: page(brands) }),
      'DELETE admin/goods/brands/1,2': () => ({ status: 400, data: { code: 'BRAND_BOUND_TO_CATEGORY', message: '品牌已关联分类，不能删除：华为' } }),
      'POST admin/uploaders': () => ({ data: { url: '/files/brand/new.png', name: 'logo.png', ext: 'png', size: 10, width: 200, height: 100 } }),
      'POST admin/goods/brands': (request) => ({ data: { ...(body(request) as object), brand_id: 3, create_time: 1 } }),
    });
    const user = userEvent.setup();
    const { container } = renderPage(<BrandListPage />, { path: '/goods/goods-setting/brand-list' });
    expect(await screen.findByText('小米')).toBeTruthy();
    for (const name of ['华为', '小米']) await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量删除' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('品牌已关联分类，不能删除：华为')).toBeTruthy();
    expect(sentTo(sent, 'DELETE', 'admin/goods/brands/1,2')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '添加品牌' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '荣耀');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请上传品牌图标')).toBeTruthy();
    const input = container.ownerDocument.querySelector<HTMLInputElement>('.ant-modal input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(sentTo(sent, 'POST', 'admin/uploaders')).toHaveLength(1));
    const upload = sentTo(sent, 'POST', 'admin/uploaders')[0];
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(within(dialog).queryByText('请上传品牌图标')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(body(sentTo(sent, 'POST', 'admin/goods/brands')[0])).toEqual({ name: '荣耀', logo: '/files/brand/new.png', disabled: 0 }));
  });

  it('category list: shows the tree, adds a child under a row, and reports a refused delete', async () => {
    const node = (id: number, name: string, level: number, parent: number, children: CategoryNode[] = []): CategoryNode => ({
      category_id: id,
      parent_id: parent,
      name,
      category_path: '',
      level,
      sort: 1,
      image: '',
      is_show: 1,
      adv_image: '',
      adv_image_link: '',
      has_children: children.length > 0,
      children,
    });
    const sent = serve({
      'GET admin/goods/categories/0/all-children': () => ({ data: [node(1, '电子数码', 1, 0, [node(2, '手机通讯', 2, 1)])] }),
      'POST admin/goods/categories': (request) => ({ data: node(9, String((body(request) as { name: string }).name), 2, 1) }),
      'DELETE admin/goods/categories/1': () => ({ status: 400, data: { code: 'CATEGORY_HAS_CHILDREN', message: '此类别下存在子类别不能删除' } }),
    });
    const user = userEvent.setup();
    renderPage(<CategoryListPage />, { path: '/goods/goods-setting/category-list' });
    const row = (await screen.findByText('电子数码')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '添加子分类' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加“电子数码”的子分类')).toBeTruthy();
    await user.type(within(dialog).getAllByRole('textbox')[0], '智能穿戴');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(body(sentTo(sent, 'POST', 'admin/goods/categories')[0])).toMatchObject({ parent_id: 1, name: '智能穿戴', is_show: 1 }));

    await user.click(within(row).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除分类“电子数码”吗？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('此类别下存在子类别不能删除')).toBeTruthy();
  });

  it('category params: moves a group down and deletes a parameter after asking', async () => {
    let groups: ParamGroupWithParams[] = [
      { group_id: 1, group_name: '主体', category_id: 3, sort: 1, params: [{ param_id: 11, param_name: '产地', param_type: 2, options: ['中国', '日本'], is_index: 1, required: 1, group_id: 1, category_id: 3, sort: 1 }] },
      { group_id: 2, group_name: '售后', category_id: 3, sort: 2, params: [] },
    ];
    const sent = serve({
      'GET admin/goods/categories/3': () => ({ data: { category_id: 3, name: '智能手机' } }),
      'GET admin/goods/categories/3/param': () => ({ data: groups }),
      'PUT admin/goods/parameter-groups/1/sort': () => {
        groups = [groups[1], groups[0]];
        return { data: {} };
      },
      'DELETE admin/goods/parameters/11': () => ({ data: {} }),
    });
    const user = userEvent.setup();
    renderPage(<CategoryParamsPage />, { path: '/goods/goods-setting/category-params/:id', url: '/goods/goods-setting/category-params/3' });
    expect(await screen.findByText('智能手机')).toBeTruthy();
    expect(screen.getByText('日本')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '下移 主体' }));
    await waitFor(() => expect(sentTo(sent, 'PUT', 'admin/goods/parameter-groups/1/sort')[0]?.url).toContain('sort_type=down'));
    await waitFor(() => expect(screen.getAllByText(/^(主体|售后)$/).map((el) => el.textContent)).toEqual(['售后', '主体']));

    await user.click(within(screen.getByText('产地').closest('tr')!).getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sentTo(sent, 'DELETE', 'admin/goods/parameters/11')).toHaveLength(1));
  });
});
