import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { categoryEndpoints, goodsEndpoints, shopEndpoints, siteEndpoints, type GoodsPickerRow, type Page } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { checkboxOf, confirmIn, counts, dataRows, dialog, rowOf } from './testing';
import { GoodsPicker, type GoodsPickerProps } from './GoodsPicker';

const BUYER = 'https://buyer.example.com';

const goodsRow = (n: number, fields: Partial<GoodsPickerRow> = {}): GoodsPickerRow => ({
  goods_id: 100 + n,
  sku_id: 1000 + n,
  goods_name: `商品${n}`,
  properties_name: `颜色:${n}号`,
  goods_image: '',
  goods_price: 10,
  price: 10 + n,
  point_disable: 0,
  exchange_point: 0,
  sn: `G${n}`,
  enable_quantity: 5,
  shop_id: 7,
  shop_name: '果园旗舰店',
  ...fields,
});

/** A page of `rows` as the server answers `page_no` / `page_size`. */
function pageOf<T>(rows: T[], request: SentRequest): Page<T> {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const pageNo = Number(query.get('page_no') ?? 1);
  const pageSize = Number(query.get('page_size') ?? 10);
  return { data: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), page_no: pageNo, page_size: pageSize, data_total: rows.length };
}

const queryOf = (request: SentRequest) => Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));
const listCalls = (sent: SentRequest[], path: string) => sent.filter((request) => request.url.split('?')[0] === path).map(queryOf);

function serveGoods(rows: GoodsPickerRow[]): SentRequest[] {
  return stubApi(
    fixture(goodsEndpoints.skus, (request) => {
      const { keyword, shop_id: shopId } = request.query as { keyword?: string; shop_id?: string };
      const matching = rows.filter((row) => (!keyword || row.goods_name.includes(keyword) || row.shop_name.includes(keyword)) && (!shopId || row.shop_id === Number(shopId)));
      return pageOf(matching, request.sent);
    }),
    fixture(siteEndpoints.show, { title: 'Agora', logo: '', admin_icon: '', buyer_domain: BUYER, chat_enabled: 0 }),
    fixture(shopEndpoints.options, [{ shop_id: 7, shop_name: '果园旗舰店', shop_disable: 'OPEN' }]),
    fixture(categoryEndpoints.children, []),
  );
}


function renderGoodsPicker(props: Partial<GoodsPickerProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderPage(<GoodsPicker open onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel };
}

describe('GoodsPicker', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('is 805px wide; admin mode has a shop filter and a keyword that also matches shop names', async () => {
    const sent = serveGoods([goodsRow(1), goodsRow(2, { shop_id: 8, shop_name: '海边小店', goods_name: '椰子' })]);
    const user = userEvent.setup();
    renderGoodsPicker();

    expect(await within(dialog()).findByText('商品1')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('805px');
    expect(within(dialog()).getByText('全部店铺')).toBeTruthy();
    expect(within(dialog()).getAllByRole('columnheader', { name: '店铺' }).length).toBeGreaterThan(0);

    await user.type(within(dialog()).getByPlaceholderText('商品名称/编号/店铺名称'), '海边');
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(rowOf('椰子').textContent).toContain('海边小店');
    expect(listCalls(sent, 'admin/goods/skus').at(-1)).toMatchObject({ keyword: '海边', page_no: '1', page_size: '10' });
  });

  it('seller mode lists one shop only, without the shop filter', async () => {
    const sent = serveGoods([goodsRow(1), goodsRow(2, { shop_id: 8, shop_name: '海边小店' })]);
    renderGoodsPicker({ mode: 'seller', shopId: 8 });

    expect(await within(dialog()).findByText('商品2')).toBeTruthy();
    expect(within(dialog()).queryByText('商品1')).toBeNull();
    expect(within(dialog()).queryByText('全部店铺')).toBeNull();
    expect(within(dialog()).getByPlaceholderText('商品名称/编号')).toBeTruthy();
    expect(listCalls(sent, 'admin/goods/skus').every((query) => query.shop_id === '8')).toBe(true);
  });

  it('shows each SKU with its specs, price (or price plus points) and a link to the buyer site in a new tab', async () => {
    serveGoods([goodsRow(1), goodsRow(2, { point_disable: 1, exchange_point: 300, price: 5, properties_name: '' })]);
    renderGoodsPicker();

    const first = await within(dialog()).findByText('商品1');
    const row = first.closest('tr')!;
    expect(row.textContent).toContain('颜色:1号');
    expect(row.textContent).toContain('￥11.00');
    const link = within(row).getByRole('link', { name: /查看/ });
    expect(link.getAttribute('href')).toBe(`${BUYER}/goods/101`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(rowOf('商品2').textContent).toContain('￥5.00 + 300积分');
    expect(rowOf('商品2').textContent).toContain('无规格');
  });

  it('loads more pages on demand until there are no more', async () => {
    const sent = serveGoods(Array.from({ length: 13 }, (_, i) => goodsRow(i + 1)));
    const user = userEvent.setup();
    renderGoodsPicker();

    await within(dialog()).findByText('商品1');
    expect(dataRows()).toHaveLength(10);
    await user.click(within(dialog()).getByRole('button', { name: /加载更多 \(10\/13\)/ }));
    await waitFor(() => expect(dataRows()).toHaveLength(13));
    expect(within(dialog()).getByText('没有更多了')).toBeTruthy();
    expect(listCalls(sent, 'admin/goods/skus').map((query) => query.page_no)).toEqual(['1', '2']);
  });

  it('counts maximum, selected and remaining; at the limit nothing more can be checked', async () => {
    serveGoods([goodsRow(1), goodsRow(2), goodsRow(3)]);
    const user = userEvent.setup();
    const { onConfirm } = renderGoodsPicker({ limit: 2, value: [goodsRow(3)] });

    await within(dialog()).findByText('商品1');
    expect(counts()).toBe('最多可选:2个已选:1个还可选:1个');
    expect(checkboxOf('商品3').checked).toBe(true);
    await user.click(checkboxOf('商品1'));
    expect(counts()).toBe('最多可选:2个已选:2个还可选:0个');
    expect(checkboxOf('商品2').disabled).toBe(true);

    await user.click(checkboxOf('商品3'));
    expect(checkboxOf('商品2').disabled).toBe(false);
    await user.click(confirmIn(dialog()));
    expect(onConfirm).toHaveBeenCalledWith([goodsRow(1)]);
  });

  it('a limit below 1 is unlimited', async () => {
    serveGoods([goodsRow(1), goodsRow(2), goodsRow(3)]);
    const user = userEvent.setup();
    renderGoodsPicker({ limit: 0 });
    await within(dialog()).findByText('商品1');
    await user.click(within(dialog()).getAllByRole('checkbox')[0]);
    expect(counts()).toBe('最多可选:不限已选:3个还可选:不限');
  });

  it('with limit 1 a new choice replaces the old one', async () => {
    serveGoods([goodsRow(1), goodsRow(2)]);
    const user = userEvent.setup();
    const { onConfirm } = renderGoodsPicker({ limit: 1 });
    await within(dialog()).findByText('商品1');
    await user.click(checkboxOf('商品1'));
    await user.click(checkboxOf('商品2'));
    expect(counts()).toBe('最多可选:1个已选:1个还可选:0个');
    await user.click(confirmIn(dialog()));
    expect(onConfirm).toHaveBeenCalledWith([goodsRow(2)]);
  });
});
