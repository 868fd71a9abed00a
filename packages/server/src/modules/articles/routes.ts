import { articleCategoryEndpoints, articleEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { categoryTree, createArticle, createCategory, deleteArticle, deleteCategory, getArticle, listArticles, updateArticle, updateCategory } from './service.js';

const field = (name: string) => (req: { body: unknown }) => String((req.body as Record<string, unknown> | undefined)?.[name] ?? '');

export const articleRoutes = [
  route(articleCategoryEndpoints.tree, { handler: ({ ctx }) => categoryTree(ctx) }),
  route(articleCategoryEndpoints.create, { log: (req) => ({ zh: `添加文章分类 ${field('name')(req)}`, en: `Add article category ${field('name')(req)}` }), handler: ({ body, ctx, req }) => createCategory(ctx, body, auditIn(req)) }),
  route(articleCategoryEndpoints.update, { log: (req) => ({ zh: `编辑文章分类 ${field('name')(req)}`, en: `Edit article category ${field('name')(req)}` }), handler: ({ params, body, ctx, req }) => updateCategory(ctx, params.id, body, auditIn(req)) }),
  route(articleCategoryEndpoints.remove, { log: { zh: '删除文章分类', en: 'Delete an article category' }, handler: ({ params, ctx, req }) => deleteCategory(ctx, params.id, auditIn(req)) }),
  route(articleEndpoints.list, { handler: ({ query, ctx }) => listArticles(ctx, query) }),
  route(articleEndpoints.get, { handler: ({ params, ctx }) => getArticle(ctx, params.id) }),
  route(articleEndpoints.create, { log: (req) => ({ zh: `添加文章 ${field('article_name')(req)}`, en: `Add article ${field('article_name')(req)}` }), handler: ({ body, ctx, req }) => createArticle(ctx, body, auditIn(req)) }),
  route(articleEndpoints.update, { log: (req) => ({ zh: `编辑文章 ${field('article_name')(req)}`, en: `Edit article ${field('article_name')(req)}` }), handler: ({ params, body, ctx, req }) => updateArticle(ctx, params.id, body, auditIn(req)) }),
  route(articleEndpoints.remove, { log: { zh: '删除文章', en: 'Delete an article' }, handler: ({ params, ctx, req }) => deleteArticle(ctx, params.id, auditIn(req)) }),
];
