import { z } from 'zod';
import { idListOf, idOf, idOrZeroOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import type { OptType } from './pickers.js';

/** The media library 素材中心 (spec §2, §3, §5, §7 "Pages and media", §9). */

export const RESOURCE_GROUP_TYPES = ['IMAGE', 'VIDEO'] as const;
export type ResourceGroupType = (typeof RESOURCE_GROUP_TYPES)[number];

/** Page sizes of the library's grid (spec §9); the first is the default. */
export const MEDIA_PAGE_SIZES = [15, 30, 50, 100] as const;
/** The resource picker always pages by 15 (spec §9). */
export const RESOURCE_PICKER_PAGE_SIZE = 15;
/** Groups nest at most this deep (1 = a top-level group). */
export const RESOURCE_GROUP_MAX_DEPTH = 3;
/** The image picker uploads at most this many files (spec §9). */
export const IMAGE_PICKER_UPLOAD_LIMIT = 10;
/** How many resources one batch call may add or delete. */
export const RESOURCE_BATCH_MAX = 100;
export const MEDIA_DIALOG_WIDTH = 1000;
export const IMAGE_PICKER_WIDTH = 805;

/**
 * The library belongs to the platform, and any admin who edits something with a picture
 * needs it: brand logos, category images, shop and member pictures, level icons, the site's
 * logo, goods, decoration pages and articles. So holding any one of these pages grants it;
 * an admin who only reads logs or money never sees it.
 */
export const MEDIA_PERMISSIONS = [
  'goodsList',
  'categoryList',
  'brandList',
  'shopEdit',
  'shopAdd',
  'memberEdit',
  'memberLevelAdd',
  'memberLevelEdit',
  'systemSettings',
  'pcPages',
  'mobilePages',
  'pcSiteMenu',
  'articleList',
  'addArticle',
] as const;

/**
 * The image picker's own message of spec §5 (its action rules are the shared ones of
 * pickers.ts); `media.msg.<key>` translates it.
 */
export const MEDIA_MSG = {
  uploadLimit: '文件数量超过限制！',
} as const;
export type MediaMsgKey = keyof typeof MEDIA_MSG;

const groupType = z.enum(RESOURCE_GROUP_TYPES);
/** A group, or 0: ungrouped (a resource, a list) or the top level (a group's parent). */
const groupId = idOrZeroOf('分组id格式有误');

/** GET seller/shops/resource: one kind's resources, newest first. */
export const resourceListQuery = listQuery({
  page_size: z.coerce
    .number()
    .int()
    .refine((size) => (MEDIA_PAGE_SIZES as readonly number[]).includes(size), { message: `page_size: ${MEDIA_PAGE_SIZES.join('/')}` })
    .default(MEDIA_PAGE_SIZES[0]),
  resource_name: z.string().trim().max(100).optional(),
  /** 0 = ungrouped; a group includes its subgroups; absent = every resource of the type */
  group_id: groupId.optional(),
  group_type: groupType.optional(),
});
export type ResourceListQuery = z.output<typeof resourceListQuery>;

const groupIdParam = z.object({ id: idOf('分组id格式有误') });

export const resourceGroupTreeQuery = z.object({ group_type: groupType });

export const resourceGroupName = z.string().trim().min(1, '请输入分组名称').max(20, '分组名称不能超过20个字');

export const resourceGroupBody = z.object({
  group_name: resourceGroupName,
  group_type: groupType,
  /** 0 = a top-level group */
  parent_id: groupId.default(0),
});
export type ResourceGroupInput = z.output<typeof resourceGroupBody>;

export const resourceGroupRenameBody = z.object({ group_name: resourceGroupName });

/** One resource just uploaded through `POST admin/uploaders` (or the stream), to be kept in the library. */
export const resourceItem = z.object({
  resource_name: z.string().trim().min(1).max(100),
  resource_url: z.string().trim().min(1).max(500),
  group_id: groupId.default(0),
});
export type ResourceItem = z.output<typeof resourceItem>;

export const resourceBatchBody = z.array(resourceItem).min(1).max(RESOURCE_BATCH_MAX);

/** `ids=1,2` or `ids=1&ids=2` (the request client repeats array keys); resource ids are 64-bit. */
export const resourceDeleteQuery = z.object({
  ids: idListOf('ids: 请选择要删除的素材', RESOURCE_BATCH_MAX, `一次最多删除${RESOURCE_BATCH_MAX}个素材`, true),
});

export interface Resource {
  id: number;
  resource_name: string;
  group_id: number;
  group_type: ResourceGroupType;
  resource_url: string;
  /** kB */
  resource_storage: number;
  img_width: number | null;
  img_height: number | null;
  /** seconds */
  video_duration: number | null;
  create_time: number;
}

export interface ResourceGroupNode {
  group_id: number;
  group_name: string;
  group_type: ResourceGroupType;
  parent_id: number;
  depth: number;
  create_time: number;
  /** resources in this group and every group below it */
  resource_count: number;
  children: ResourceGroupNode[];
}

/** What GET seller/shops/resource-group/tree-list answers. */
export interface ResourceGroupTree {
  /** every resource of the type */
  total: number;
  /** resources in no group (group_id 0) */
  ungrouped: number;
  groups: ResourceGroupNode[];
}

// ─── Image picker (spec §3, §4, §5) ────────────────────────────────────────

/** What clicking a picture does on the buyer site: one of the shared action types (pickers.ts). */
export interface ImageOperation {
  opt_type: OptType;
  opt_value: string;
}

/**
 * The library belongs to the platform, under the paths the console has always called (spec §7
 * "Pages and media"); every admin who edits something with a picture needs it (MEDIA_PERMISSIONS:
 * holding any one of those pages is enough), to read as well as to upload, group and tidy up.
 */
export const mediaEndpoints = defineEndpoints('media', {
  list: endpoint({ method: 'GET', path: 'seller/shops/resource', permission: MEDIA_PERMISSIONS, query: resourceListQuery, response: returns<Page<Resource>>() }),
  groupTree: endpoint({
    method: 'GET',
    path: 'seller/shops/resource-group/tree-list',
    permission: MEDIA_PERMISSIONS,
    query: resourceGroupTreeQuery,
    response: returns<ResourceGroupTree>(),
  }),
  createGroup: endpoint({ method: 'POST', path: 'seller/shops/resource-group', permission: MEDIA_PERMISSIONS, body: resourceGroupBody, response: returns<ResourceGroupNode>() }),
  renameGroup: endpoint({
    method: 'PUT',
    path: 'seller/shops/resource-group/:id',
    permission: MEDIA_PERMISSIONS,
    params: groupIdParam,
    body: resourceGroupRenameBody,
  }),
  deleteGroup: endpoint({ method: 'DELETE', path: 'seller/shops/resource-group/:id', permission: MEDIA_PERMISSIONS, params: groupIdParam }),
  add: endpoint({ method: 'POST', path: 'seller/shops/resource/batch', permission: MEDIA_PERMISSIONS, body: resourceBatchBody, response: returns<Resource[]>() }),
  remove: endpoint({ method: 'DELETE', path: 'seller/shops/resource/batch', permission: MEDIA_PERMISSIONS, query: resourceDeleteQuery }),
});
