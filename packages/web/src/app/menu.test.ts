import { describe, expect, it } from 'vitest';
import { ROUTES, type MenuItem, type RouteDef } from '@agora/contract';
import { effectiveRoutes } from './menu';
import { buildPermittedRoutes } from './route-tree';

function itemsOf(routes: readonly RouteDef[]): MenuItem[] {
  return routes.map((route) => ({
    name: route.name,
    path: route.path,
    title: route.title,
    default_title: route.title,
    hidden: Boolean(route.hidden),
    visible: true,
    auth_regular: '',
    children: itemsOf(route.children ?? []),
  }));
}

describe('the effective menu', () => {
  it("takes the operator's order and drops hidden entries from the menu while their pages stay permitted", () => {
    const items = itemsOf(ROUTES);
    const goods = items.find((item) => item.name === 'goods')!;
    goods.children.reverse();
    goods.children.find((item) => item.name === 'goodsAudit')!.visible = false;
    const routes = buildPermittedRoutes((name) => name !== 'goodsSetting' && name !== 'categoryList' && name !== 'brandList', () => true, effectiveRoutes(items, ROUTES));
    const menuGoods = routes.menu.find((route) => route.name === 'goods')!;
    expect(menuGoods.children!.map((route) => route.name)).toEqual(['goodsList']);
    expect(routes.pages.map((route) => route.name)).toContain('goodsAudit');
    // Hiding does not open a page the role lacks, nor do hidden routes of an unpermitted group come along.
    expect(routes.pages.map((route) => route.name)).not.toContain('categoryParams');
  });

  it('keeps routes the server does not know (a newer console) at the end, in route-table order', () => {
    const items = itemsOf(ROUTES).filter((item) => item.name !== 'dashboard');
    expect(effectiveRoutes(items, ROUTES).map((route) => route.name).at(-1)).toBe('dashboard');
  });
});
