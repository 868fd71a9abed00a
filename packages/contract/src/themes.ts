import { z } from 'zod';
import { idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Shop themes (DOMAIN §2.13, `admin/shops/themes`): the page templates a shop's PC site and
 * WAP (mobile) site are drawn with. The mark names the template's files, so it is unique across
 * both types. Each type has exactly one default: approving a shop gives it the two defaults, and
 * there is no approval without them (店铺模版不存在,请设置店铺模版). A theme a shop uses stays.
 */
export const THEME_TYPES = ['PC', 'WAP'] as const;
export type ThemeType = (typeof THEME_TYPES)[number];
export const THEME_LIMITS = { name: 20, mark: 30, image: 500 } as const;

const themeFields = {
  name: z.string({ message: '请填写模版名称' }).trim().min(1, '请填写模版名称').max(THEME_LIMITS.name, `模版名称最多${THEME_LIMITS.name}个字符`),
  mark: z
    .string({ message: '请填写模版标识' })
    .trim()
    .min(1, '请填写模版标识')
    .max(THEME_LIMITS.mark, `模版标识最多${THEME_LIMITS.mark}个字符`)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '模版标识须以英文字母开头，只含字母、数字、下划线和短横线'),
  image: z.string({ message: '请上传模版图片' }).trim().min(1, '请上传模版图片').max(THEME_LIMITS.image, '模版图片地址过长'),
};

/** PUT admin/shops/themes/{id}: the type stays (shops and the default of the type hang on it). */
export const themeEditBody = z.object(themeFields);
export type ThemeEditInput = z.output<typeof themeEditBody>;

/** POST admin/shops/themes; the first theme of its type becomes the default whatever is_default says. */
export const themeBody = themeEditBody.extend({
  type: z.enum(THEME_TYPES, { message: '模版类型只能是PC或WAP' }),
  is_default: z.union([z.literal(0), z.literal(1)], { message: '是否默认只能是0或1' }).default(0),
});
export type ThemeInput = z.output<typeof themeBody>;

export interface ThemeRow {
  id: number;
  name: string;
  mark: string;
  image: string;
  type: ThemeType;
  is_default: 0 | 1;
  /** shops drawn with it: while any are, it cannot be deleted */
  shop_count: number;
  create_time: number;
}

/** A theme as the shop edit page offers it. */
export interface ThemeOption {
  id: number;
  name: string;
  type: ThemeType;
  is_default: 0 | 1;
}

export const themeParams = z.object({ id: idOf('模版id格式有误') });

/** GET admin/shops/themes?type */
export const themeQuery = listQuery({ type: z.enum(THEME_TYPES, { message: '模版类型只能是PC或WAP' }).optional() });
export type ThemeQuery = z.output<typeof themeQuery>;

export const themeEndpoints = defineEndpoints('themes', {
  list: endpoint({ method: 'GET', path: 'admin/shops/themes', permission: 'shopThemes', query: themeQuery, response: returns<Page<ThemeRow>>() }),
  /** every theme, for choosing a shop's: the shop editor need not hold the themes screen */
  options: endpoint({ method: 'GET', path: 'admin/shops/themes/options', permission: ['shopEdit', 'shopThemes'], response: returns<ThemeOption[]>() }),
  get: endpoint({ method: 'GET', path: 'admin/shops/themes/:id', permission: 'shopThemes', params: themeParams, response: returns<ThemeRow>() }),
  create: endpoint({ method: 'POST', path: 'admin/shops/themes', permission: 'shopThemes', body: themeBody, response: returns<ThemeRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/shops/themes/:id', permission: 'shopThemes', params: themeParams, body: themeEditBody, response: returns<ThemeRow>() }),
  makeDefault: endpoint({ method: 'PUT', path: 'admin/shops/themes/:id/default', permission: 'shopThemes', params: themeParams, response: returns<ThemeRow>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/shops/themes/:id', permission: 'shopThemes', params: themeParams }),
});
