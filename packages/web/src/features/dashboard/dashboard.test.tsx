import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardEndpoints, type DashboardPage, type DashboardSeries, type HotGoods, type HotShop } from '@agora/contract';
import { hasPage } from '@/app/pages';
import { buildPermittedRoutes, PermittedRoutesContext } from '@/app/route-tree';
import { createPermissions, PermissionsContext } from '@/lib/permissions';
import { fixture, stubApi, type Fixture } from '@/test/api';
import type { SentRequest } from '@/test/network';
import { renderPage, signIn } from '@/test/pageHarness';
import { LiveDashboard } from './LiveDashboard';
import { platformDayRange } from './links';

const figures: DashboardPage = {
  todo: { goods_audit: 3, shop_audit: 1, margin_audit: null, order_ship: 4, order_cod_pay: 2, service_manual: 5, complaint_wait: 6 },
  today: { order_count: 12, order_amount: 1200, paid_count: 10, turnover: 1000.5, new_members: 4, new_shops: 0, new_goods: 2, pv: 900, uv: 300 },
  totals: { members: 3000, shops_open: 55, goods_on_sale: 6100, orders: 30000, turnover: 8_888_888.88 },
};
const series: DashboardSeries = { days: ['2026-11-22', '2026-11-23'], series: [{ name: 'a', data: [1, 2] }, { name: 'b', data: [3, 4] }] };
const hotShops: HotShop[] = [{ shop_id: 7, shop_name: '<b>星光数码</b>', turnover: 12_345.6, order_count: 88 }];
const hotGoods: HotGoods[] = [{ goods_id: 42, sn: 'G000042', shop_id: 7, goods_name: '无线耳机', thumbnail: '', sold_num: 120, turnover: 23_880 }];

/** The dashboard's answers; a later fixture of the same endpoint overrides its default. */
function serve(...overrides: Fixture[]): SentRequest[] {
  return stubApi(
    fixture(dashboardEndpoints.page, figures),
    fixture(dashboardEndpoints.pvChart, series),
    fixture(dashboardEndpoints.turnoverChart, series),
    fixture(dashboardEndpoints.hotShop, hotShops),
    fixture(dashboardEndpoints.hotGoods, hotGoods),
    ...overrides,
  );
}

/** The dashboard as an operator of the founder (null) or of a role holding `names` sees it. */
function renderDashboard(names: string[] | null) {
  const permissions = names === null ? createPermissions(0, []) : createPermissions(5, names);
  const routes = buildPermittedRoutes(permissions.hasPermission, hasPage);
  return renderPage(
    <PermissionsContext.Provider value={permissions}>
      <PermittedRoutesContext.Provider value={routes}>
        <LiveDashboard />
      </PermittedRoutesContext.Provider>
    </PermissionsContext.Provider>,
    { path: '/dashboard' },
  );
}

const linkOf = (testId: string) => screen.getByTestId(testId).querySelector('a')?.getAttribute('href') ?? null;
const location = () => screen.getByTestId('location').textContent;

describe('dashboard', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('leads from each figure and top list to the screen that acts on it, and links nothing without a screen', async () => {
    serve();
    const user = userEvent.setup();
    renderDashboard(null);
    await screen.findByTestId('figure-totals-members');
    expect(linkOf('figure-totals-members')).toBe('/member/member-list');
    expect(linkOf('figure-totals-shopsOpen')).toBe('/shop/shop-list?shop_disable=OPEN');
    expect(linkOf('figure-totals-goodsOnSale')).toBe('/goods/goods-list?market_enable=1&is_auth=1');
    expect(linkOf('figure-today-newGoods')).toBe('/goods/goods-list?sort=create_time&order=desc');
    const { start, end } = platformDayRange();
    expect(linkOf('figure-today-newMembers')).toBe(`/member/member-list?start_time=${start}&end_time=${end}`);
    expect(end - start).toBe(86_399);
    expect((start + 8 * 3600) % 86_400).toBe(0);
    // Today's orders are the order list of today; the totals and the turnover trend the whole list.
    expect(linkOf('figure-today-orderCount')).toBe(`/order/order-list?start_time=${start}&end_time=${end}`);
    for (const id of ['figure-today-turnover', 'figure-totals-orders', 'figure-totals-turnover']) expect(linkOf(id), id).toBe('/order/order-list');
    expect(screen.getByText('成交趋势').closest('a')?.getAttribute('href')).toBe('/order/order-list');
    // The page views lead to the shop traffic report.
    expect(linkOf('figure-today-pv')).toBe('/statistics/traffic-analysis/shop');
    expect(screen.getByText('热卖商品').closest('a')?.getAttribute('href')).toBe('/goods/goods-list?sort=buy_count&order=desc');
    expect(screen.getByText('热销店铺').closest('a')?.getAttribute('href')).toBe('/shop/shop-list?shop_disable=OPEN');
    expect(linkOf('todo-goods_audit')).toBe('/goods/goods-audit');
    expect(linkOf('todo-order_ship')).toBe('/order/order-list?order_status=WAIT_SHIP');
    expect(linkOf('todo-order_cod_pay')).toBe('/order/order-list?order_status=WAIT_PAY&payment_type=COD');
    expect(linkOf('todo-service_manual')).toBe('/sale/service-list?service_status=WAIT_FOR_MANUAL');
    expect(linkOf('todo-complaint_wait')).toBe('/sale/complaint/complaint-list?tag=COMPLAINING');

    // The top lists are charts with the same entries as links; a shop opens its edit page, goods the list found by its number.
    expect(await screen.findByRole('img', { name: '热卖商品（近30天）' })).toBeTruthy();
    const shops = within(await screen.findByTestId('hot-shop-list'));
    expect(shops.getByRole('link', { name: '<b>星光数码</b>' }).getAttribute('href')).toBe('/shop/edit/7');
    expect(shops.getByText(/成交额 ￥12,345.60 · 付款订单 88/)).toBeTruthy();
    const goods = within(screen.getByTestId('hot-goods-list'));
    await user.click(goods.getByRole('link', { name: '无线耳机' }));
    expect(location()).toBe('/goods/goods-list?keyword=G000042');
  });

  it('follows the role: a shop without its edit page opens its goods, and what the role may not open is no link', async () => {
    const sent = serve();
    renderDashboard(['goods', 'goodsList', 'goodsAudit', 'finance', 'settlement']);
    const shops = within(await screen.findByTestId('hot-shop-list'));
    expect(shops.getByRole('link', { name: '<b>星光数码</b>' }).getAttribute('href')).toBe('/goods/goods-list?seller_id=7');
    expect(linkOf('figure-totals-members')).toBeNull();
    expect(linkOf('figure-totals-shopsOpen')).toBeNull();
    expect(linkOf('figure-totals-goodsOnSale')).toBe('/goods/goods-list?market_enable=1&is_auth=1');
    expect(screen.getByText('热销店铺').closest('a')).toBeNull();
    // The period switch asks for the other period.
    const user = userEvent.setup();
    const card = screen.getByTestId('hot-goods-list').closest('.ant-card') as HTMLElement;
    await user.click(within(card).getByText('近7天'));
    await waitFor(() => expect(sent.some((request) => request.url === 'admin/index/page/hotGoods?days=7')).toBe(true));
  });

  it('shows a role only the figures and charts of its areas, and asks for no chart it may not see', async () => {
    const memberFigures: DashboardPage = {
      todo: { goods_audit: null, shop_audit: null, margin_audit: null, order_ship: null, order_cod_pay: null, service_manual: null, complaint_wait: null },
      today: { order_count: null, order_amount: null, paid_count: null, turnover: null, new_members: 4, new_shops: null, new_goods: null, pv: null, uv: null },
      totals: { members: 3000, shops_open: null, goods_on_sale: null, orders: null, turnover: null },
    };
    const sent = serve(fixture(dashboardEndpoints.page, memberFigures));
    renderDashboard(['member', 'memberList']);
    expect(await screen.findByTestId('figure-totals-members')).toBeTruthy();
    expect(screen.getByTestId('figure-today-newMembers')).toBeTruthy();
    for (const id of ['figure-today-orderCount', 'figure-today-turnover', 'figure-today-pv', 'figure-totals-orders', 'figure-totals-turnover', 'figure-totals-shopsOpen']) {
      expect(screen.queryByTestId(id), id).toBeNull();
    }
    for (const title of ['成交趋势', '热卖商品', '热销店铺']) expect(screen.queryByText(title), title).toBeNull();
    expect(sent.filter((request) => request.url.startsWith('admin/index/page/')).map((request) => request.url)).toEqual([]);
  });

  it('shows a failed request as such, with a retry that loads it', async () => {
    let failing = true;
    const fail = <T,>(ok: T) => () => (failing ? { status: 500, data: { code: 'INTERNAL', message: '服务器开小差了' } } : ok);
    serve(fixture(dashboardEndpoints.page, fail(figures)), fixture(dashboardEndpoints.hotGoods, fail(hotGoods)));
    const user = userEvent.setup();
    renderDashboard(null);
    const failed = await screen.findByTestId('hot-goods-failed');
    expect(within(failed).getByText('加载失败')).toBeTruthy();
    expect(screen.getByTestId('totals-failed')).toBeTruthy();
    expect(screen.getByTestId('todo-failed')).toBeTruthy();
    // The other cards loaded.
    expect(await screen.findByTestId('hot-shop-list')).toBeTruthy();

    failing = false;
    await user.click(within(failed).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('hot-goods-list')).toBeTruthy();
    expect(screen.queryByTestId('hot-goods-failed')).toBeNull();
    await user.click(within(screen.getByTestId('totals-failed')).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('figure-totals-members')).toBeTruthy();
    expect(screen.queryByTestId('today-failed')).toBeNull();
  });
});
