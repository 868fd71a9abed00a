import { z } from 'zod';
import { idOf } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { OPT_TYPES, floorTags, floorTitle, optValueProblem, textPickerResult, type FloorTag, type FloorTitle, type OptType, type TextPickerResult } from './pickers.js';
import type { PageClientType } from './pages.js';

/**
 * The decoration app 装修 (DOMAIN §2.22, spec §4): a micro page is a list of floors the operator
 * stacks and reorders. Floors store what the operator chose (ids, texts, colours); the server
 * resolves them against the catalogue when the page is shown, so a floor never shows goods that went
 * off sale or a shop that closed. The carousel is the client's focus pictures (at most 5 per client).
 */
export const FLOOR_TYPES = ['CAROUSEL', 'TITLE', 'TAGS', 'GOODS', 'TEXT_LINKS', 'SHOPS', 'CATEGORIES'] as const;
export type FloorType = (typeof FLOOR_TYPES)[number];

export const FLOOR_GOODS_MAX = 20;
export const FLOOR_LINKS_MAX = 10;
export const FLOOR_SHOPS_MAX = 10;
export const FLOOR_CATEGORIES_MAX = 12;
export const FLOOR_GOODS_COLUMNS = [4, 5] as const;
export const FLOOR_HEADING_MAX = 20;

/** Where the decoration app is served (by the same server) and the page the console opens in it. */
export const DECOR_BASE = '/decor/';
export const decorEditPath = (pageId: number): string => `${DECOR_BASE}pages/${pageId}`;
/** The buyer-facing render of a published page, public (PC, and the mobile site under /m). */
export const publicPagePath = (page: { page_id: number; client_type: PageClientType }): string => `${page.client_type === 'MOBILE' ? '/m' : ''}/topic/${page.page_id}`;

// Spec §4 decoration sync, DECOR_SYNC_INTERVAL_MS, DECOR_SYNC, DECOR_SYNC_TOKEN, DECOR_RECEIVED: in storage-keys.ts (no zod: the shell loads them before sign-in).

const floorKey = z.string().trim().min(1).max(40);
const ids = (max: number, message: string) => z.array(idOf()).max(max, message);

export const pageFloor = z.discriminatedUnion('type', [
  z.object({ key: floorKey, type: z.literal('CAROUSEL') }),
  z.object({ key: floorKey, type: z.literal('TITLE'), title: floorTitle }),
  z.object({ key: floorKey, type: z.literal('TAGS'), tags: floorTags }),
  z.object({
    key: floorKey,
    type: z.literal('GOODS'),
    heading: z.string().trim().max(FLOOR_HEADING_MAX, `楼层名称最多${FLOOR_HEADING_MAX}个字符`).default(''),
    columns: z.union([z.literal(4), z.literal(5)]).default(4),
    goods_ids: ids(FLOOR_GOODS_MAX, `一个商品楼层最多${FLOOR_GOODS_MAX}个商品`),
  }),
  z.object({ key: floorKey, type: z.literal('TEXT_LINKS'), links: z.array(textPickerResult).max(FLOOR_LINKS_MAX, `一个文本楼层最多${FLOOR_LINKS_MAX}个链接`) }),
  z.object({ key: floorKey, type: z.literal('SHOPS'), shop_ids: ids(FLOOR_SHOPS_MAX, `一个店铺楼层最多${FLOOR_SHOPS_MAX}个店铺`) }),
  z.object({ key: floorKey, type: z.literal('CATEGORIES'), category_ids: ids(FLOOR_CATEGORIES_MAX, `一个分类楼层最多${FLOOR_CATEGORIES_MAX}个分类`) }),
]);
export type PageFloor = z.output<typeof pageFloor>;

// ─── Focus pictures 焦点图 (the carousel) ───────────────────────────────────

export const FOCUS_PICTURES_MAX = 5;
/** The image picker's actions plus TOPIC (a micro page's id). */
export const FOCUS_OPERATION_TYPES = [...OPT_TYPES, 'TOPIC'] as const;
export type FocusOperationType = (typeof FOCUS_OPERATION_TYPES)[number];

export const focusClientQuery = z.object({ client_type: z.enum(['PC', 'MOBILE'], { message: '客户端类型只能是PC或MOBILE' }) });

export const focusPictureBody = z
  .object({
    client_type: z.enum(['PC', 'MOBILE'], { message: '客户端类型只能是PC或MOBILE' }),
    pic_url: z
      .string({ message: '请上传图片' })
      .trim()
      .min(1, '请上传图片')
      .max(500, '图片地址最多500个字符')
      .regex(/^\/files\/[\w\-./]+$|^https?:\/\/[^\s"'<>]+$/i, '图片须为上传的图片或 http(s) 地址'),
    operation_type: z.enum(FOCUS_OPERATION_TYPES, { message: '操作类型有误' }).default('NONE'),
    operation_param: z.string().trim().max(200, '操作参数最多200个字符').default(''),
  })
  .superRefine((pic, issues) => {
    const problem = pic.operation_type === 'TOPIC' ? optValueProblem('GOODS', pic.operation_param) : optValueProblem(pic.operation_type, pic.operation_param);
    if (problem) issues.addIssue({ code: 'custom', message: problem, path: ['operation_param'] });
  });
export type FocusPictureInput = z.output<typeof focusPictureBody>;

export interface FocusPicture {
  id: number;
  client_type: PageClientType;
  pic_url: string;
  operation_type: FocusOperationType;
  operation_param: string;
  /** where clicking it leads on the buyer site ('' for none) */
  operation_url: string;
}

/** Where an action leads on the buyer site. */
export function operationUrl(type: FocusOperationType | OptType, param: string): string {
  switch (type) {
    case 'URL':
      return param;
    case 'GOODS':
      return `/goods/${param}`;
    case 'SHOP':
      return `/shop/${param}`;
    case 'CATEGORY':
      return `/goods-list?category=${encodeURIComponent(param)}`;
    case 'KEYWORD':
      return `/goods-list?keyword=${encodeURIComponent(param)}`;
    case 'TOPIC':
      return `/topic/${param}`;
    default:
      return '';
  }
}

// ─── The page as shown ──────────────────────────────────────────────────────

export interface ShownGoods {
  goods_id: number;
  goods_name: string;
  thumbnail: string;
  /** yuan */
  price: number;
}
export interface ShownShop {
  shop_id: number;
  shop_name: string;
  logo: string;
}
export interface ShownCategory {
  category_id: number;
  name: string;
  image: string;
}

/** A floor resolved against the catalogue: what the buyer sees (and the editor's live preview). */
export type ShownFloor =
  | { key: string; type: 'CAROUSEL'; pictures: FocusPicture[] }
  | { key: string; type: 'TITLE'; title: FloorTitle }
  | { key: string; type: 'TAGS'; tags: FloorTag[] }
  | { key: string; type: 'GOODS'; heading: string; columns: 4 | 5; goods: ShownGoods[] }
  | { key: string; type: 'TEXT_LINKS'; links: TextPickerResult[] }
  | { key: string; type: 'SHOPS'; shops: ShownShop[] }
  | { key: string; type: 'CATEGORIES'; categories: ShownCategory[] };

export interface ShownNavigation {
  name: string;
  url: string;
  image: string;
  new_window: 0 | 1;
}

export interface ShownPage {
  page_id: number;
  page_name: string;
  client_type: PageClientType;
  floors: ShownFloor[];
  /** the client's site menu (shown entries, in order) */
  navigations: ShownNavigation[];
}

export const previewBody = z.object({
  client_type: z.enum(['PC', 'MOBILE']),
  page_data: z.array(pageFloor).max(100),
});

const CLIENT_PERMISSIONS = ['pcPages', 'mobilePages'] as const;

export const decorEndpoints = defineEndpoints('decor', {
  /** a published page as buyers see it: public, with validators (ETag); a draft is not found */
  shown: endpoint({ method: 'GET', path: 'base/pages/:id', permission: 'public', params: z.object({ id: idOf('页面id格式有误') }), response: returns<ShownPage>() }),
  /** the editor's live preview of floors not yet saved, resolved the same way */
  preview: endpoint({ method: 'POST', path: 'admin/pages/preview', permission: CLIENT_PERMISSIONS, body: previewBody, response: returns<ShownFloor[]>() }),
  focusList: endpoint({ method: 'GET', path: 'admin/focus-pictures', permission: CLIENT_PERMISSIONS, query: focusClientQuery, response: returns<FocusPicture[]>() }),
  focusCreate: endpoint({ method: 'POST', path: 'admin/focus-pictures', permission: CLIENT_PERMISSIONS, body: focusPictureBody, response: returns<FocusPicture>() }),
  focusUpdate: endpoint({ method: 'PUT', path: 'admin/focus-pictures/:id', permission: CLIENT_PERMISSIONS, params: z.object({ id: idOf('焦点图id格式有误') }), body: focusPictureBody, response: returns<FocusPicture>() }),
  focusRemove: endpoint({ method: 'DELETE', path: 'admin/focus-pictures/:id', permission: CLIENT_PERMISSIONS, params: z.object({ id: idOf('焦点图id格式有误') }) }),
});
