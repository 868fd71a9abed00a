import { z } from 'zod';
import { idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Articles (DOMAIN §2.23, `/operations/article-manage/*`): two levels of categories, the built-in
 * ones (allow_delete 0) neither edited nor deleted; articles with rich text that the server
 * sanitises; the fixed-position articles (agreements, contact) edited but never deleted.
 */
export const ARTICLE_LIMITS = { categoryName: 20, articleName: 20, sortMax: 999_999, content: 200_000, url: 255 } as const;

export const ARTICLE_CATEGORY_TYPES = ['HELP', 'NOTICE', 'POSITION', 'PROMOTION', 'OTHER'] as const;
export type ArticleCategoryType = (typeof ARTICLE_CATEGORY_TYPES)[number];
export const ARTICLE_CATEGORY_TYPE_LABELS: Record<ArticleCategoryType, { zh: string; en: string }> = {
  HELP: { zh: '帮助中心', en: 'Help' },
  NOTICE: { zh: '商城公告', en: 'Notices' },
  POSITION: { zh: '固定位置', en: 'Fixed positions' },
  PROMOTION: { zh: '促销活动', en: 'Promotions' },
  OTHER: { zh: '其他', en: 'Other' },
};

/** Where a fixed article is shown; an ordinary article has none (OTHER). */
export const ARTICLE_POSITIONS = ['REGISTRATION_AGREEMENT', 'COOPERATION_AGREEMENT', 'CONTACT_INFORMATION', 'GROUP_BUY_AGREEMENT', 'OTHER'] as const;
export type ArticlePosition = (typeof ARTICLE_POSITIONS)[number];
export const ARTICLE_POSITION_LABELS: Record<ArticlePosition, { zh: string; en: string }> = {
  REGISTRATION_AGREEMENT: { zh: '注册协议', en: 'Registration agreement' },
  COOPERATION_AGREEMENT: { zh: '入驻协议', en: 'Seller join agreement' },
  CONTACT_INFORMATION: { zh: '联系方式', en: 'Contact information' },
  GROUP_BUY_AGREEMENT: { zh: '团购活动协议', en: 'Group-buy agreement' },
  OTHER: { zh: '普通文章', en: 'Ordinary' },
};

const sort = z.coerce
  .number({ message: '排序必须是0到999999之间的整数' })
  .int('排序必须是0到999999之间的整数')
  .min(0, '排序必须是0到999999之间的整数')
  .max(ARTICLE_LIMITS.sortMax, '排序必须是0到999999之间的整数');

/** POST / PUT admin/pages/article-categories */
export const articleCategoryBody = z.object({
  name: z.string({ message: '请填写分类名称' }).trim().min(1, '请填写分类名称').max(ARTICLE_LIMITS.categoryName, `分类名称最多${ARTICLE_LIMITS.categoryName}个字符`),
  /** 0: a top-level category */
  parent_id: z.coerce.number().int().min(0).default(0),
  sort: sort.default(0),
  type: z.enum(ARTICLE_CATEGORY_TYPES, { message: '分类类型有误' }).default('OTHER'),
});
export type ArticleCategoryInput = z.output<typeof articleCategoryBody>;

export interface ArticleCategoryNode {
  id: number;
  name: string;
  parent_id: number;
  sort: number;
  type: ArticleCategoryType;
  /** 0: built in (特殊的文章分类), neither edited nor deleted */
  allow_delete: 0 | 1;
  article_count: number;
  children: ArticleCategoryNode[];
}

export const articleCategoryParams = z.object({ id: idOf('文章分类id格式有误') });

/** POST / PUT admin/pages/articles. The content is rich text; the server keeps only safe HTML of it. */
export const articleBody = z.object({
  article_name: z.string({ message: '请填写文章名称' }).trim().min(1, '请填写文章名称').max(ARTICLE_LIMITS.articleName, `文章名称最多${ARTICLE_LIMITS.articleName}个字符`),
  category_id: idOf('请选择文章分类'),
  sort: sort.default(0),
  outside_url: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.url, `外链地址最多${ARTICLE_LIMITS.url}个字符`)
    .refine((url) => url === '' || /^https?:\/\/[^\s]+$/i.test(url), '外链地址须以http://或https://开头')
    .default(''),
  content: z.string().max(ARTICLE_LIMITS.content, '文章内容过长').default(''),
});
export type ArticleInput = z.output<typeof articleBody>;
export type ArticleBodyInput = z.input<typeof articleBody>;

export interface ArticleRow {
  id: number;
  article_name: string;
  category_id: number;
  category_name: string;
  sort: number;
  outside_url: string;
  show_position: ArticlePosition;
  create_time: number;
  modify_time: number;
}

export interface ArticleDetail extends ArticleRow {
  content: string;
}

/** GET admin/pages/articles?name&category_id (a top-level category includes its children's articles) */
export const articleListQuery = listQuery({
  name: z.string().trim().max(ARTICLE_LIMITS.articleName).optional(),
  category_id: idOf('文章分类id格式有误').optional(),
});
export type ArticleListQuery = z.output<typeof articleListQuery>;

export const articleParams = z.object({ id: idOf('文章id格式有误') });

export const articleCategoryEndpoints = defineEndpoints('articleCategories', {
  tree: endpoint({ method: 'GET', path: 'admin/pages/article-categories/childrens', permission: ['articleCategory', 'articleList', 'addArticle'], response: returns<ArticleCategoryNode[]>() }),
  create: endpoint({ method: 'POST', path: 'admin/pages/article-categories', permission: 'articleCategory', body: articleCategoryBody }),
  update: endpoint({ method: 'PUT', path: 'admin/pages/article-categories/:id', permission: 'articleCategory', params: articleCategoryParams, body: articleCategoryBody }),
  remove: endpoint({ method: 'DELETE', path: 'admin/pages/article-categories/:id', permission: 'articleCategory', params: articleCategoryParams }),
});

export const articleEndpoints = defineEndpoints('articles', {
  list: endpoint({ method: 'GET', path: 'admin/pages/articles', permission: 'articleList', query: articleListQuery, response: returns<Page<ArticleRow>>() }),
  get: endpoint({ method: 'GET', path: 'admin/pages/articles/:id', permission: ['articleList', 'addArticle'], params: articleParams, response: returns<ArticleDetail>() }),
  create: endpoint({ method: 'POST', path: 'admin/pages/articles', permission: 'addArticle', body: articleBody, response: returns<ArticleDetail>() }),
  update: endpoint({ method: 'PUT', path: 'admin/pages/articles/:id', permission: ['addArticle', 'articleList'], params: articleParams, body: articleBody, response: returns<ArticleDetail>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/pages/articles/:id', permission: 'articleList', params: articleParams }),
});
