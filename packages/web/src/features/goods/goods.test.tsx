import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  brandEndpoints,
  categoryEndpoints,
  goodsEndpoints,
  shopEndpoints,
  siteEndpoints,
  uploadEndpoints,
  type BrandRow,
  type CategoryDetail,
  type CategoryNode,
  type GoodsDetail,
  type GoodsRow,
  type Page,
  type ParamGroupWithParams,
} from '@agora/contract';
import { fixture, stubApi, type Fixture } from '@/test/api';
import type { SentRequest } from '@/test/network';
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
  comment_num: 0,
  grade: 100,
  market_enable: 1,
  is_auth: 1,
  status: 'ON_SALE',
  auth_message: '',
  under_message: '',
  create_time: 1_700_000_000,
  ...fields,
});

const goodsDetail = (fields: Partial<GoodsDetail>): GoodsDetail => ({
  ...goodsRow({}),
  category_path: '0|1|3|',
  category_names: ['数码', '手机'],
  brand_logo: '',
  shop_status: 'OPEN',
  self_operated: 0,
  images: [],
  intro: '',
  params: [],
  skus: [],
  cost: 50,
  mktprice: 120,
  point: 0,
  weight_grams: 500,
  view_count: 100,
  priority: 2,
  recommend: 0,
  disabled: 1,
  update_time: 1_700_000_000,
  audit_time: null,
  ...fields,
});

const category = (fields: Partial<CategoryDetail>): CategoryDetail => ({
  category_id: 1,
  parent_id: 0,
  name: '',
  category_path: '0|1|',
  level: 1,
  sort: 1,
  image: '',
  is_show: 1,
  adv_image: '',
  adv_image_link: '',
  has_children: false,
  ...fields,
});

const siteShow = fixture(siteEndpoints.show, { title: 'Agora', logo: '', admin_icon: '', buyer_domain: 'https://buyer.example', chat_enabled: 0 });
const shopOptions = fixture(shopEndpoints.options, [{ shop_id: 7, shop_name: '星辰旗舰店', shop_disable: 'OPEN' }]);

/** The catalogue look-ups every goods page makes, then the test's own fixtures (the last of an endpoint wins). */
const serve = (...fixtures: Fixture[]) =>
  stubApi(
    siteShow,
    shopOptions,
    fixture(categoryEndpoints.children, [{ category_id: 1, name: '数码', has_children: true }]),
    fixture(brandEndpoints.all, [{ brand_id: 2, name: '华为', logo: '' }]),
    ...fixtures,
  );

const body = (request: SentRequest | undefined): unknown => (request && typeof request.body === 'string' ? JSON.parse(request.body) : request?.body);
const sentTo = (sent: SentRequest[], method: string, prefix: string) => sent.filter((r) => r.method === method && r.url.startsWith(prefix));
const searchOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
/** Antd's injected styles make jsdom's pointer-events check (a computed style per ancestor) slow; the pages set none. */
const setupUser = () => userEvent.setup({ pointerEventsCheck: 0 });
/** The page's URL query, as an object. */
const location = () => searchOf(screen.getByTestId('location').textContent ?? '');

describe('goods pages', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('goods list: filters come from the URL under the API names; take-down asks for a reason in a dialog of the URL; the buyer link opens a new tab', async () => {
    const sent = serve(
      fixture(goodsEndpoints.list, page([goodsRow({ goods_id: 5, goods_name: '华为 Mate 70' })])),
      fixture(goodsEndpoints.under, {}),
    );
    const user = setupUser();
    renderPage(<GoodsListPage />, { path: '/goods/goods-list', url: '/goods/goods-list?brand_id=2&market_enable=1&goods_type=NORMAL&page_no=2&sort=price&order=asc' });
    expect(await screen.findByText('华为 Mate 70')).toBeTruthy();
    expect(searchOf(sentTo(sent, 'GET', 'admin/goods?')[0].url)).toEqual({ brand_id: '2', market_enable: '1', goods_type: 'NORMAL', page_no: '2', sort: 'price', order: 'asc' });
    expect(document.querySelector('th[aria-sort="ascending"]')?.textContent).toContain('价格');

    const view = await screen.findByRole('link', { name: '查看' });
    await waitFor(() => expect(view.getAttribute('href')).toBe('https://buyer.example/goods/5'));
    expect(view.getAttribute('target')).toBe('_blank');

    await user.click(screen.getByRole('button', { name: '下架' }));
    await waitFor(() => expect(location().under).toBe('5'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写下架原因')).toBeTruthy();
    expect(sentTo(sent, 'PUT', 'admin/goods/5/under')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), '图片侵权');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(body(sentTo(sent, 'PUT', 'admin/goods/5/under')[0])).toEqual({ reason: '图片侵权' }));
    expect(await screen.findByText('已下架')).toBeTruthy();
    await waitFor(() => expect(location().under).toBeUndefined());
    // the list is read again after the change
    await waitFor(() => expect(sentTo(sent, 'GET', 'admin/goods?')).toHaveLength(2));
  });

  it('goods list: a shared link reopens the take-down dialog for its goods; the shop name filters by seller, back to page 1', async () => {
    const sent = serve(fixture(goodsEndpoints.list, page([goodsRow({ goods_id: 5, goods_name: '华为 Mate 70' })])), fixture(goodsEndpoints.under, {}));
    const user = setupUser();
    renderPage(<GoodsListPage />, { path: '/goods/goods-list', url: '/goods/goods-list?page_no=3&under=5,6' });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '批量违规');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sentTo(sent, 'PUT', 'admin/goods/5,6/under')).toHaveLength(1));

    await user.click(await screen.findByText('星辰旗舰店', { selector: 'a' }));
    await waitFor(() => expect(location()).toEqual({ seller_id: '7' }));
    await waitFor(() => expect(searchOf(sentTo(sent, 'GET', 'admin/goods?').at(-1)!.url)).toEqual({ seller_id: '7' }));
  });

  it('goods list: restoring shows the server refusal when the shop is closed', async () => {
    serve(
      fixture(goodsEndpoints.list, page([goodsRow({ goods_id: 6, goods_name: '停业店商品', market_enable: 0, status: 'OFF_SHELF', under_message: '平台下架，原因为：违规' })])),
      fixture(goodsEndpoints.up, () => ({ status: 400, data: { code: 'GOODS_SHOP_CLOSED', message: '店铺关闭中,商品不能上架' } })),
    );
    const user = setupUser();
    renderPage(<GoodsListPage />, { path: '/goods/goods-list' });
    await user.click(await screen.findByRole('button', { name: '上架' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('店铺关闭中,商品不能上架')).toBeTruthy();
  });

  it('goods list: a category from the URL shows its path by name and filters the list', async () => {
    const sent = serve(
      fixture(goodsEndpoints.list, page([])),
      fixture(categoryEndpoints.get, category({ category_id: 5, name: '手机', category_path: '0|1|5|', level: 2 })),
      fixture(categoryEndpoints.children, ({ params }) =>
        params.id === '1' ? [{ category_id: 5, name: '手机', has_children: false }] : [{ category_id: 1, name: '数码', has_children: true }],
      ),
    );
    renderPage(<GoodsListPage />, { path: '/goods/goods-list', url: '/goods/goods-list?category_id=5' });
    expect(await screen.findByText('数码 / 手机')).toBeTruthy();
    expect(searchOf(sentTo(sent, 'GET', 'admin/goods?')[0].url)).toEqual({ category_id: '5' });
  });

  it('goods list: the positive-review rate under the sold count; the thumbnail enlarges on click; the name opens read-only details kept in the URL, which say when the item is gone', async () => {
    serve(
      fixture(goodsEndpoints.list, page([goodsRow({ goods_id: 5, goods_name: '华为 Mate 70', thumbnail: '/files/m.png', comment_num: 3, grade: 66.7 }), goodsRow({ goods_id: 6, goods_name: '已删商品', sn: 'G2' })])),
      fixture(goodsEndpoints.details, ({ params }) =>
        params.ids === '5'
          ? [goodsDetail({ goods_id: 5, goods_name: '华为 Mate 70', status: 'OFF_SHELF', market_enable: 0, shop_status: 'CLOSED', under_message: '店铺关闭，商品被下架', comment_num: 3, grade: 66.7 })]
          : { status: 404, data: { code: 'GOODS_NOT_FOUND', message: '商品不存在：6' } },
      ),
    );
    const user = setupUser();
    const { container } = renderPage(<GoodsListPage />, { path: '/goods/goods-list' });
    const [rated, unrated] = await screen.findAllByTestId('positive-rate');
    expect([rated.textContent, rated.getAttribute('title')]).toEqual(['好评 66.7%', '3 条评论']);
    expect([unrated.textContent, unrated.getAttribute('title')]).toEqual(['好评 100%', '0 条评论']);
    await user.click(await screen.findByRole('img', { name: '华为 Mate 70 的主图' }));
    await waitFor(() => expect(container.ownerDocument.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe('/files/m.png'));
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: '华为 Mate 70' }));
    const drawer = (await screen.findByText('下架原因：店铺关闭，商品被下架')).closest<HTMLElement>('.ant-drawer')!;
    expect(location().detail).toBe('5');
    expect(within(drawer).getByText('华为 Mate 70', { selector: '.ant-drawer-title' })).toBeTruthy();
    expect(within(drawer).getByText('已关闭')).toBeTruthy();
    expect(within(drawer).getByText('66.7%')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: /^(关闭|Close)$/ }));
    await waitFor(() => expect(location().detail).toBeUndefined());

    await user.click(screen.getByRole('button', { name: '已删商品' }));
    expect(await screen.findByText('商品不存在或已删除')).toBeTruthy();
  });

  it('goods list: a shared link with a drawer opens it on its goods, even one not on the page', async () => {
    const sent = serve(fixture(goodsEndpoints.list, page([])), fixture(goodsEndpoints.details, [goodsDetail({ goods_id: 42, goods_name: '别页的商品' })]));
    renderPage(<GoodsListPage />, { path: '/goods/goods-list', url: '/goods/goods-list?page_no=2&detail=42' });
    expect(await screen.findByText('别页的商品', { selector: '.ant-drawer-title' })).toBeTruthy();
    expect(sentTo(sent, 'GET', 'admin/goods/42/details')).toHaveLength(1);
  });

  it('goods audit: refusing needs a reason and sends pass 0 with it; the audit filter stays out of the URL', async () => {
    const sent = serve(fixture(goodsEndpoints.list, page([goodsRow({ goods_id: 9, goods_name: '待审核耳机', is_auth: 0, status: 'WAITING' })])), fixture(goodsEndpoints.audit, {}));
    const user = setupUser();
    renderPage(<GoodsAuditPage />, { path: '/goods/goods-audit' });
    expect(await screen.findByText('待审核耳机')).toBeTruthy();
    expect(searchOf(sentTo(sent, 'GET', 'admin/goods?')[0].url)).toEqual({ is_auth: '0', sort: 'create_time', order: 'asc' });
    await user.click(screen.getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    expect(location()).toEqual({ refuse: '9' });
    await user.type(within(dialog).getByRole('textbox'), '主图模糊');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(body(sentTo(sent, 'POST', 'admin/goods/batch/audit')[0])).toEqual({ goods_ids: [9], pass: 0, message: '主图模糊' }));
    expect(await screen.findByText('已驳回')).toBeTruthy();
    await waitFor(() => expect(location()).toEqual({}));
  });

  it('goods audit: the reason dialog says 请填写驳回原因 on an empty refusal, and no longer once a reason is typed', async () => {
    const sent = serve(fixture(goodsEndpoints.list, page([goodsRow({ goods_id: 9, goods_name: '待审核耳机', is_auth: 0, status: 'WAITING' })])), fixture(goodsEndpoints.audit, {}));
    const user = setupUser();
    renderPage(<GoodsAuditPage />, { path: '/goods/goods-audit', url: '/goods/goods-audit?refuse=9' });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), '主图模糊');
    await waitFor(() => expect(within(dialog).queryByText('请填写驳回原因')).toBeNull());
    expect(sentTo(sent, 'POST', 'admin/goods/batch/audit')).toEqual([]);
  });

  it('goods audit: the name opens the details (pictures, SKUs, parameters) and the auditor passes from inside them', async () => {
    const waiting = goodsRow({ goods_id: 9, goods_name: '待审核耳机', is_auth: 0, status: 'WAITING', thumbnail: '/files/t.png' });
    let rows = [waiting];
    const sent = serve(
      fixture(goodsEndpoints.list, () => page(rows)),
      fixture(goodsEndpoints.details, [
        goodsDetail({
          ...waiting,
          images: ['/files/t.png', '/files/side.png', '/files/back.png'],
          intro: '<p>降噪耳机</p><script>parent.alert(1)</script>',
          params: [
            { group_name: '主体', param_name: '产地', value: '中国大陆' },
            { group_name: '售后保障', param_name: '保修期', value: '一年' },
          ],
          skus: [
            { sku_id: 1, sn: 'G9-1', specs: [{ spec_name: '颜色', spec_value: '黑色' }], properties_name: '颜色:黑色', price: 99.5, cost: 50, quantity: 30, enable_quantity: 28, image: '' },
            { sku_id: 2, sn: 'G9-2', specs: [{ spec_name: '颜色', spec_value: '白色' }], properties_name: '颜色:白色', price: 109.5, cost: 55, quantity: 12, enable_quantity: 12, image: '' },
          ],
        }),
      ]),
      fixture(goodsEndpoints.audit, () => {
        rows = [];
        return {};
      }),
    );
    const user = setupUser();
    renderPage(<GoodsAuditPage />, { path: '/goods/goods-audit' });
    await user.click(await screen.findByRole('button', { name: '待审核耳机' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('颜色:黑色')).toBeTruthy();
    expect(sentTo(sent, 'GET', 'admin/goods/9/details')).toHaveLength(1);
    const sku = within(drawer).getByText('颜色:白色').closest('tr')!;
    for (const cell of ['G9-2', '￥109.50', '12']) expect(within(sku).getAllByText(cell).length).toBeGreaterThan(0);
    expect(within(drawer).getAllByRole('img', { name: /^商品图片\d$/ })).toHaveLength(3);
    expect(within(drawer).getByText('商品参数 · 主体')).toBeTruthy();
    expect(within(drawer).getByText('中国大陆')).toBeTruthy();
    expect(within(drawer).getByText('数码 / 手机')).toBeTruthy();
    // the seller's HTML is shown in a sandbox where its scripts cannot run
    const intro = within(drawer).getByTitle('商品描述');
    expect(intro.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(intro.getAttribute('srcdoc')).toContain('<p>降噪耳机</p>');

    await user.click(within(drawer).getByRole('button', { name: /通\s*过/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(body(sentTo(sent, 'POST', 'admin/goods/batch/audit')[0])).toEqual({ goods_ids: [9], pass: 1, message: '' }));
    expect(await screen.findByText('审核已通过')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('颜色:黑色')).toBeNull());
    expect(location().detail).toBeUndefined();
    expect(await screen.findByText('没有待审核的商品')).toBeTruthy();
  });

  it('goods audit: refusing from the drawer asks for the reason over it, and the last item of a page goes back one page', async () => {
    let rows = [goodsRow({ goods_id: 9, goods_name: '待审核耳机', is_auth: 0, status: 'WAITING' })];
    const sent = serve(
      fixture(goodsEndpoints.list, ({ query }) => ({ ...page(rows), page_no: Number(query.page_no ?? 1), data_total: 21 })),
      fixture(goodsEndpoints.details, [goodsDetail({ goods_id: 9, goods_name: '待审核耳机', is_auth: 0, status: 'WAITING' })]),
      fixture(goodsEndpoints.audit, () => {
        rows = [];
        return {};
      }),
    );
    const user = setupUser();
    renderPage(<GoodsAuditPage />, { path: '/goods/goods-audit', url: '/goods/goods-audit?page_no=2&detail=9' });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('该商品没有规格，价格与库存见基本信息')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: /驳\s*回/ }));
    const reason = (await screen.findByText('驳回商品')).closest<HTMLElement>('.ant-modal')!;
    expect(location()).toEqual({ page_no: '2', detail: '9', refuse: '9' });
    await user.type(within(reason).getByRole('textbox'), '主图模糊');
    await user.click(within(reason).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(body(sentTo(sent, 'POST', 'admin/goods/batch/audit')[0])).toEqual({ goods_ids: [9], pass: 0, message: '主图模糊' }));
    await waitFor(() => expect(location()).toEqual({}));
  });

  it('goods audit: shop and price range filters come from the URL and the price search', async () => {
    const sent = serve(fixture(goodsEndpoints.list, page([])));
    const user = setupUser();
    renderPage(<GoodsAuditPage />, { path: '/goods/goods-audit', url: '/goods/goods-audit?seller_id=7&start_price=10' });
    expect(await screen.findByText('没有待审核的商品')).toBeTruthy();
    expect(searchOf(sentTo(sent, 'GET', 'admin/goods?')[0].url)).toMatchObject({ is_auth: '0', seller_id: '7', start_price: '10' });
    expect(await screen.findByText('星辰旗舰店')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('最高价'), '200');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(searchOf(sentTo(sent, 'GET', 'admin/goods?').at(-1)!.url)).toMatchObject({ start_price: '10', end_price: '200' }));
    expect(location()).toEqual({ seller_id: '7', start_price: '10', end_price: '200' });
  });

  it('brand list: batch delete sends comma-joined ids and shows a refusal; a new brand needs its uploaded logo', async () => {
    const brands: BrandRow[] = [
      { brand_id: 1, name: '华为', logo: '/files/1.png', disabled: 0, create_time: 1_700_000_000 },
      { brand_id: 2, name: '小米', logo: '/files/2.png', disabled: 0, create_time: 1_700_000_000 },
    ];
    const sent = serve(
      fixture(brandEndpoints.list, page(brands)),
      fixture(brandEndpoints.remove, () => ({ status: 400, data: { code: 'BRAND_BOUND_TO_CATEGORY', message: '品牌已关联分类，不能删除：华为' } })),
      fixture(uploadEndpoints.upload, { url: '/files/brand/new.png', name: 'logo.png', ext: 'png', size: 10, width: 200, height: 100, duration: null }),
      fixture(brandEndpoints.create, ({ body: sentBody }) => ({ ...(sentBody as { name: string; logo: string }), disabled: 0 as const, brand_id: 3, create_time: 1 })),
    );
    const user = setupUser();
    const { container } = renderPage(<BrandListPage />, { path: '/goods/goods-setting/brand-list' });
    expect(await screen.findByText('小米')).toBeTruthy();
    for (const name of ['华为', '小米']) await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量删除' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('品牌已关联分类，不能删除：华为')).toBeTruthy();
    expect(sentTo(sent, 'DELETE', 'admin/goods/brands/1,2')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '添加品牌' }));
    expect(location().edit).toBe('new');
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
    expect(await screen.findByText('品牌已保存')).toBeTruthy();
    await waitFor(() => expect(location().edit).toBeUndefined());
  });

  it('brand list: a shared link opens the edit dialog of a brand on another page, read on its own', async () => {
    const sent = serve(
      fixture(brandEndpoints.list, page([])),
      fixture(brandEndpoints.get, { brand_id: 31, name: '别页品牌', logo: '/files/31.png', disabled: 1, create_time: 1 }),
      fixture(brandEndpoints.update, ({ body: sentBody }) => ({ ...(sentBody as { name: string; logo: string }), disabled: 1 as const, brand_id: 31, create_time: 1 })),
    );
    const user = setupUser();
    renderPage(<BrandListPage />, { path: '/goods/goods-setting/brand-list', url: '/goods/goods-setting/brand-list?name=别页&edit=31' });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveProperty('value', '别页品牌'));
    expect(within(dialog).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(body(sentTo(sent, 'PUT', 'admin/goods/brands/31')[0])).toEqual({ name: '别页品牌', logo: '/files/31.png', disabled: 1 }));
    await waitFor(() => expect(location()).toEqual({ name: '别页' }));
  });

  it('category list: shows the tree, adds a child under a row in a dialog of the URL, and reports a refused delete', async () => {
    const node = (id: number, name: string, level: number, parent: number, children: CategoryNode[] = []): CategoryNode => ({
      ...category({ category_id: id, parent_id: parent, name, level, has_children: children.length > 0 }),
      children,
    });
    const sent = serve(
      fixture(categoryEndpoints.tree, [node(1, '电子数码', 1, 0, [node(2, '手机通讯', 2, 1)])]),
      fixture(categoryEndpoints.create, ({ body: sentBody }) => category({ category_id: 9, name: (sentBody as { name: string }).name, level: 2, parent_id: 1 })),
      fixture(categoryEndpoints.remove, () => ({ status: 400, data: { code: 'CATEGORY_HAS_CHILDREN', message: '此类别下存在子类别不能删除' } })),
    );
    const user = setupUser();
    renderPage(<CategoryListPage />, { path: '/goods/goods-setting/category-list' });
    const row = (await screen.findByText('电子数码')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '添加子分类' }));
    expect(location()).toEqual({ add: '1' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加“电子数码”的子分类')).toBeTruthy();
    await user.type(within(dialog).getAllByRole('textbox')[0], '智能穿戴');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(body(sentTo(sent, 'POST', 'admin/goods/categories')[0])).toMatchObject({ parent_id: 1, name: '智能穿戴', is_show: 1 }));
    expect(await screen.findByText('分类已保存')).toBeTruthy();
    await waitFor(() => expect(location()).toEqual({}));

    await user.click(within(row).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除分类“电子数码”吗？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('此类别下存在子类别不能删除')).toBeTruthy();
  });

  it('category list: a link with a dialog opens it once the tree is there (editing a child, its brands)', async () => {
    const tree: CategoryNode[] = [{ ...category({ category_id: 1, name: '电子数码', has_children: true }), children: [{ ...category({ category_id: 2, name: '手机通讯', parent_id: 1, level: 2 }), children: [] }] }];
    serve(fixture(categoryEndpoints.tree, tree), fixture(categoryEndpoints.brands, [{ brand_id: 2, name: '华为', logo: '' }]));
    const first = renderPage(<CategoryListPage />, { path: '/goods/goods-setting/category-list', url: '/goods/goods-setting/category-list?edit=2' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('textbox')[0]).toHaveProperty('value', '手机通讯');
    first.unmount();

    renderPage(<CategoryListPage />, { path: '/goods/goods-setting/category-list', url: '/goods/goods-setting/category-list?brands=1' });
    expect(await screen.findByText('“电子数码”关联的品牌')).toBeTruthy();
  });

  it('category params: moves a group down and deletes a parameter after asking', async () => {
    let groups: ParamGroupWithParams[] = [
      { group_id: 1, group_name: '主体', category_id: 3, sort: 1, params: [{ param_id: 11, param_name: '产地', param_type: 2, options: ['中国', '日本'], is_index: 1, required: 1, group_id: 1, category_id: 3, sort: 1 }] },
      { group_id: 2, group_name: '售后', category_id: 3, sort: 2, params: [] },
    ];
    const sent = serve(
      fixture(categoryEndpoints.get, category({ category_id: 3, name: '智能手机' })),
      fixture(categoryEndpoints.params, () => groups),
      fixture(categoryEndpoints.sortGroup, () => {
        groups = [groups[1], groups[0]];
        return {};
      }),
      fixture(categoryEndpoints.removeParam, {}),
    );
    const user = setupUser();
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

  it('category params: a group is edited in a dialog of the URL', async () => {
    const groups: ParamGroupWithParams[] = [{ group_id: 2, group_name: '售后', category_id: 3, sort: 2, params: [] }];
    const sent = serve(
      fixture(categoryEndpoints.get, category({ category_id: 3, name: '智能手机' })),
      fixture(categoryEndpoints.params, groups),
      fixture(categoryEndpoints.renameGroup, ({ body: sentBody }) => ({ ...groups[0], group_name: (sentBody as { group_name: string }).group_name })),
    );
    const user = setupUser();
    renderPage(<CategoryParamsPage />, { path: '/goods/goods-setting/category-params/:id', url: '/goods/goods-setting/category-params/3' });
    await user.click(within(await screen.findByTestId('param-group-2')).getByRole('button', { name: '编辑' }));
    expect(location()).toEqual({ group: '2' });
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), '售后保障');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(body(sentTo(sent, 'PUT', 'admin/goods/parameter-groups/2')[0])).toEqual({ group_name: '售后保障' }));
    await waitFor(() => expect(location()).toEqual({}));
  });
});
