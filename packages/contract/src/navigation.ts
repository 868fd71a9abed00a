import { z } from 'zod';
import { flag, idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Site navigation 导航菜单 (DOMAIN §2.22, `/operations/decoration-setting/pc-site-menu`): the entries
 * of the buyer site's top menu (PC) and icon menu (mobile), in the operator's order. A mobile entry
 * is an icon with a caption, so it needs its picture; the name stays short enough for the bar.
 */
export const NAV_CLIENT_TYPES = ['PC', 'MOBILE'] as const;
export type NavClientType = (typeof NAV_CLIENT_TYPES)[number];

export const NAV_NAME_MAX = 6;
export const NAV_URL_MAX = 255;
export const NAV_SORT_MAX = 999_999;
export const NAV_DIRECTIONS = ['up', 'down'] as const;
export type NavDirection = (typeof NAV_DIRECTIONS)[number];

/** A page of the buyer site (`/…`) or an absolute http(s) address. */
const navUrl = z
  .string({ message: '请输入导航链接' })
  .trim()
  .min(1, '请输入导航链接')
  .max(NAV_URL_MAX, `导航链接最多${NAV_URL_MAX}个字符`)
  .regex(/^(\/[^\s"'<>]*|https?:\/\/[^\s"'<>]+)$/i, '导航链接须以 / 或 http(s):// 开头');

/** A picture the console uploaded (`/files/…`) or an absolute http(s) address; empty for none. */
const navImage = z
  .string()
  .trim()
  .max(500, '图片地址最多500个字符')
  .regex(/^$|^\/files\/[\w\-./]+$|^https?:\/\/[^\s"'<>]+$/i, '导航图片须为上传的图片或 http(s) 地址');

export const navigationFields = z.object({
  name: z.string({ message: '请输入导航名称' }).trim().min(1, '请输入导航名称').max(NAV_NAME_MAX, `导航名称最多${NAV_NAME_MAX}个字`),
  url: navUrl,
  client_type: z.enum(NAV_CLIENT_TYPES, { message: '客户端类型只能是PC或MOBILE' }),
  image: navImage.default(''),
  sort: z.coerce.number({ message: '排序须为整数' }).int('排序须为整数').min(0, '排序须在0到999999之间').max(NAV_SORT_MAX, '排序须在0到999999之间').default(0),
  /** 1: shown on the buyer site */
  show: flag.default(1),
  /** 1: opens in a new window */
  new_window: flag.default(0),
});
export const navigationBody = navigationFields.refine((nav) => nav.client_type === 'PC' || nav.image !== '', { message: '移动端导航请上传图片', path: ['image'] });
export type NavigationInput = z.output<typeof navigationBody>;
export type NavigationBodyInput = z.input<typeof navigationBody>;

export interface NavigationRow {
  navigation_id: number;
  name: string;
  url: string;
  client_type: NavClientType;
  image: string;
  sort: number;
  show: 0 | 1;
  new_window: 0 | 1;
  create_time: number;
}

/** GET admin/shops/navigations: one client's entries in menu order. */
export const navigationQuery = listQuery({ client_type: z.enum(NAV_CLIENT_TYPES, { message: '客户端类型只能是PC或MOBILE' }).default('PC') }, { by: ['sort'], default: 'sort', order: 'asc' });
export type NavigationQuery = z.output<typeof navigationQuery>;

export const navigationParams = z.object({ id: idOf('导航id格式有误') });
/** PUT admin/shops/navigations/{id}/{up|down} */
export const navigationMoveParams = navigationParams.extend({ direction: z.enum(NAV_DIRECTIONS, { message: '排序方式只能是 up 或 down' }) });

/** [U] `/admin/shops/navigations` (DOMAIN §2.22), guarded by the menu screen's route name. */
export const navigationEndpoints = defineEndpoints('navigations', {
  list: endpoint({ method: 'GET', path: 'admin/shops/navigations', permission: 'pcSiteMenu', query: navigationQuery, response: returns<Page<NavigationRow>>() }),
  get: endpoint({ method: 'GET', path: 'admin/shops/navigations/:id', permission: 'pcSiteMenu', params: navigationParams, response: returns<NavigationRow>() }),
  create: endpoint({ method: 'POST', path: 'admin/shops/navigations', permission: 'pcSiteMenu', body: navigationBody, response: returns<NavigationRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/shops/navigations/:id', permission: 'pcSiteMenu', params: navigationParams, body: navigationBody, response: returns<NavigationRow>() }),
  move: endpoint({ method: 'PUT', path: 'admin/shops/navigations/:id/:direction', permission: 'pcSiteMenu', params: navigationMoveParams }),
  remove: endpoint({ method: 'DELETE', path: 'admin/shops/navigations/:id', permission: 'pcSiteMenu', params: navigationParams }),
});
