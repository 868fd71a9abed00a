import { z } from 'zod';
import type { MenuNode } from './admins.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { isRouteName, type RouteName, type RouteTitle } from './routes.js';

/**
 * The menu manager (DOMAIN §1.3, `/operations/maintain/menu-manage`). The route table (routes.ts)
 * says which menu entries exist and where they sit; the operator changes only their titles in
 * both languages, their order among their siblings and whether the side menu shows them. A hidden
 * entry leaves the menu only: its page and its API still ask for the same permission.
 */
export const MENU_TITLE_MAX = 20;

/** One entry of the effective menu, in the operator's order. */
export interface MenuItem extends MenuNode {
  /** the route's path (its identifier is `name`) */
  path: string;
  /** the route table's own title: a title equal to it follows later builds' renames */
  default_title: RouteTitle;
  /** shown in the side menu (an entry the route table hides is never shown) */
  visible: boolean;
  /** the API paths this entry's permission opens, as one URL pattern (read-only: it follows the endpoint table) */
  auth_regular: string;
  children: MenuItem[];
}

const menuName = z
  .string()
  .trim()
  .max(64)
  .refine((name) => isRouteName(name), '菜单不存在')
  .transform((name) => name as RouteName);

export const menuParams = z.object({ name: menuName });

const title = (field: string) =>
  z
    .string({ message: `请输入${field}` })
    .trim()
    .min(1, `请输入${field}`)
    .max(MENU_TITLE_MAX, `${field}最多${MENU_TITLE_MAX}个字符`);

/** PUT admin/systems/menus/{name} */
export const menuBody = z.object({
  title_zh: title('中文标题'),
  title_en: title('英文标题'),
  visible: z.boolean({ message: '显示状态有误' }),
});
export type MenuInput = z.output<typeof menuBody>;

/** PUT admin/systems/menus-order: the new order of one parent's children (no parent: the top level). */
export const menuOrderBody = z.object({
  parent: menuName.nullable(),
  names: z.array(menuName).min(1, '请给出菜单顺序').max(200),
});
export type MenuOrderInput = z.output<typeof menuOrderBody>;

export const menuEndpoints = defineEndpoints('menus', {
  /** the effective menu: the side menu, tabs, breadcrumbs and the role-permission tree all read it */
  tree: endpoint({ method: 'GET', path: 'admin/systems/menus/tree', permission: 'signed-in', response: returns<MenuItem[]>() }),
  update: endpoint({ method: 'PUT', path: 'admin/systems/menus/:name', permission: 'menuManage', params: menuParams, body: menuBody, response: returns<MenuItem>() }),
  order: endpoint({ method: 'PUT', path: 'admin/systems/menus-order', permission: 'menuManage', body: menuOrderBody }),
});
