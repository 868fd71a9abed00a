import { z } from 'zod';
import { idListOf, idParam, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { pageFloor, type PageFloor } from './decor.js';

/**
 * Micro pages 微页面 (DOMAIN §2.22): the decorated pages of the buyer site, one list per client
 * (PC and mobile). Their floors are drawn in the separate decoration app; the console lists them,
 * names them, publishes them, chooses the home page and copies or deletes them. The page picker
 * (spec §2, §3, §4, §9) chooses among the published ones.
 */
export const PAGE_CLIENT_TYPES = ['PC', 'MOBILE'] as const;
export type PageClientType = (typeof PAGE_CLIENT_TYPES)[number];

/** The route name (permission) that manages each client's pages. */
export const PAGE_PERMISSION: Readonly<Record<PageClientType, 'pcPages' | 'mobilePages'>> = { PC: 'pcPages', MOBILE: 'mobilePages' };

export const PUBLISH_STATUSES = ['YES', 'NO'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

export const PAGE_NAME_MAX = 30;
export const PAGE_DESCRIPTION_MAX = 200;
/** A page's floors as the decoration app saves them: at most this many. */
export const PAGE_FLOORS_MAX = 100;

/** The page picker (spec §9): 1000px, 20 / 50 / 100 / 200 a page, 20 by default. */
export const PAGE_PICKER_WIDTH = 1000;
export const PAGE_PICKER_PAGE_SIZES = [20, 50, 100, 200] as const;

/** `GET {type}/pages` (spec §7): one client's pages, the home page first, then the newest. */
export const pageListQuery = listQuery({
  client_type: z.enum(PAGE_CLIENT_TYPES),
  keyword: z.string().trim().max(PAGE_NAME_MAX).optional(),
  publish_status: z.enum(PUBLISH_STATUSES).optional(),
});
export type PageListQuery = z.output<typeof pageListQuery>;

const pageName = z.string().trim().min(1, '请输入页面名称').max(PAGE_NAME_MAX, `页面名称最多${PAGE_NAME_MAX}个字符`);
const pageDescription = z.string().trim().max(PAGE_DESCRIPTION_MAX, `页面描述最多${PAGE_DESCRIPTION_MAX}个字符`);

export const pageCreateBody = z.object({
  client_type: z.enum(PAGE_CLIENT_TYPES),
  page_name: pageName,
  description: pageDescription.default(''),
});
export type PageCreateInput = z.infer<typeof pageCreateBody>;

export const pageUpdateBody = z.object({
  page_name: pageName,
  description: pageDescription.default(''),
  /** the floors, as the decoration app writes them; left as they are when absent */
  page_data: z.array(pageFloor).max(PAGE_FLOORS_MAX, `一个页面最多${PAGE_FLOORS_MAX}个楼层`).optional(),
});
export type PageUpdateInput = z.infer<typeof pageUpdateBody>;

/** The most pages one batch delete takes. */
export const PAGE_BATCH_MAX = 100;

/** `DELETE admin/pages/{ids}`: comma-joined ids. */
export const pageIdsParam = z.object({ ids: idListOf('请选择要删除的页面', PAGE_BATCH_MAX, `一次最多删除${PAGE_BATCH_MAX}个页面`) });

export interface PageRow {
  page_id: number;
  client_type: PageClientType;
  page_name: string;
  description: string;
  publish_status: PublishStatus;
  /** 1 = this client's home page */
  is_index: 0 | 1;
  create_time: number;
  update_time: number;
}

export interface PageDetail extends PageRow {
  page_data: PageFloor[];
}

/** Where a published page opens on the buyer site (PC, and the mobile site under /m). */
export function buyerPageUrl(buyerDomain: string, page: Pick<PageRow, 'page_id' | 'client_type' | 'is_index'>): string {
  const base = buyerDomain.replace(/\/+$/, '') + (page.client_type === 'MOBILE' ? '/m' : '');
  return page.is_index ? `${base}/` : `${base}/topic/${page.page_id}`;
}

/**
 * PC pages need pcPages, mobile pages mobilePages: each endpoint lets either in, and the server
 * then checks the one of the page's client.
 */
const PAGES_PERMISSION = ['pcPages', 'mobilePages'] as const;

export const pageEndpoints = defineEndpoints('pages', {
  list: endpoint({ method: 'GET', path: 'admin/pages', permission: PAGES_PERMISSION, query: pageListQuery, response: returns<Page<PageRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/pages', permission: PAGES_PERMISSION, body: pageCreateBody, response: returns<PageDetail>() }),
  detail: endpoint({ method: 'GET', path: 'admin/pages/:id', permission: PAGES_PERMISSION, params: idParam, response: returns<PageDetail>() }),
  update: endpoint({ method: 'PUT', path: 'admin/pages/:id', permission: PAGES_PERMISSION, params: idParam, body: pageUpdateBody, response: returns<PageDetail>() }),
  /** publishes a draft, or takes a published page back */
  publish: endpoint({ method: 'PUT', path: 'admin/pages/:id/publish', permission: PAGES_PERMISSION, params: idParam, response: returns<PageRow>() }),
  setIndex: endpoint({ method: 'PUT', path: 'admin/pages/:id/index', permission: PAGES_PERMISSION, params: idParam, response: returns<PageRow>() }),
  copy: endpoint({ method: 'PUT', path: 'admin/pages/:id/copy', permission: PAGES_PERMISSION, params: idParam, response: returns<PageDetail>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/pages/:ids', permission: PAGES_PERMISSION, params: pageIdsParam }),
});
