import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { ArticleCategoryNode, ArticleDetail, ArticleRow, Page } from '@agora/contract';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { systemLogs } from '../system-logs/tables.js';
import { articles } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const CATS = '/api/admin/pages/article-categories';
const ARTS = '/api/admin/pages/articles';
const tree = async () => (await t.inject({ method: 'GET', url: `${CATS}/childrens`, session: founder })).json() as ArticleCategoryNode[];
const addCategory = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: CATS, session: founder, payload });
const categoryNamed = async (name: string) => (await tree()).flatMap((node) => [node, ...node.children]).find((node) => node.name === name)!;
const addArticle = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: ARTS, session: founder, payload });
const list = async (query = '') => (await t.inject({ method: 'GET', url: `${ARTS}?page_size=50${query}`, session: founder })).json() as Page<ArticleRow>;
const lastLog = async () => (await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1))[0];

describe('article categories', () => {
  it('starts with the built-in categories and fixed articles, which are protected', async () => {
    const builtIn = await categoryNamed('固定位置');
    expect(builtIn).toMatchObject({ allow_delete: 0, type: 'POSITION', article_count: 4 });
    const edit = await t.inject({ method: 'PUT', url: `${CATS}/${builtIn.id}`, session: founder, payload: { name: '改名', type: 'OTHER' } });
    expect(edit.json().message).toBe('特殊的文章分类，不能修改或删除');
    expect((await t.inject({ method: 'DELETE', url: `${CATS}/${builtIn.id}`, session: founder })).json().message).toBe('特殊的文章分类，不能修改或删除');
    const fixed = (await list(`&category_id=${builtIn.id}`)).data;
    expect(fixed.map((row) => row.show_position).sort()).toEqual(['CONTACT_INFORMATION', 'COOPERATION_AGREEMENT', 'GROUP_BUY_AGREEMENT', 'REGISTRATION_AGREEMENT']);
    const agreement = fixed.find((row) => row.show_position === 'REGISTRATION_AGREEMENT')!;
    expect((await t.inject({ method: 'DELETE', url: `${ARTS}/${agreement.id}`, session: founder })).json().message).toBe('固定位置的文章不能删除，只能编辑');
    const edited = await t.inject({ method: 'PUT', url: `${ARTS}/${agreement.id}`, session: founder, payload: { article_name: '注册协议', category_id: builtIn.id, content: '<p>新版协议</p>' } });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as ArticleDetail).content).toBe('<p>新版协议</p>');
  });

  it('keeps two levels, unique names, and no delete with children or articles', async () => {
    expect((await addCategory({ name: '购物指南', parent_id: (await categoryNamed('帮助中心')).id, type: 'HELP' })).statusCode).toBe(200);
    expect((await lastLog()).operateDetail).toBe('添加文章分类 购物指南');
    const guide = await categoryNamed('购物指南');
    expect((await addCategory({ name: '三级', parent_id: guide.id })).json().message).toBe('文章分类最多两级，上级分类只能是一级分类');
    expect((await addCategory({ name: '购物指南' })).json().message).toBe('文章分类名称已存在');
    const [a, b] = await Promise.all([addCategory({ name: '同时添加' }), addCategory({ name: '同时添加' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);

    expect((await addCategory({ name: '活动专区', type: 'PROMOTION' })).statusCode).toBe(200);
    const top = await categoryNamed('活动专区');
    expect((await addCategory({ name: '双十一', parent_id: top.id })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `${CATS}/${top.id}`, session: founder })).json().message).toBe('该分类下有子分类，不能删除');
    // A parent with children cannot move under another category (it would make a third level).
    expect((await t.inject({ method: 'PUT', url: `${CATS}/${top.id}`, session: founder, payload: { name: '活动专区', parent_id: guide.parent_id } })).json().message).toBe(
      '文章分类最多两级，上级分类只能是一级分类',
    );
    const child = await categoryNamed('双十一');
    expect((await addArticle({ article_name: '双十一规则', category_id: child.id })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `${CATS}/${child.id}`, session: founder })).json().message).toBe('该分类下有1篇文章，不能删除');
    // A top-level filter includes its children's articles.
    expect((await list(`&category_id=${top.id}`)).data.map((row) => row.article_name)).toEqual(['双十一规则']);
  });

  it('of a category delete and an article added to it at once, never both', async () => {
    expect((await addCategory({ name: '临时分类' })).statusCode).toBe(200);
    const temp = await categoryNamed('临时分类');
    const [removed, added] = await Promise.all([
      t.inject({ method: 'DELETE', url: `${CATS}/${temp.id}`, session: founder }),
      addArticle({ article_name: '临时文章', category_id: temp.id }),
    ]);
    expect([removed.statusCode, added.statusCode]).not.toEqual([200, 200]);
    const left = await t.ctx.db.select().from(articles).where(eq(articles.name, '临时文章'));
    if (removed.statusCode === 200) expect(left).toHaveLength(0);
    else expect(removed.json().message).toBe('该分类下有1篇文章，不能删除');
  });
});

describe('articles', () => {
  it('stores only safe HTML: no script, no event handler, no javascript: link', async () => {
    const help = await categoryNamed('帮助中心');
    const created = await addArticle({
      article_name: '如何下单',
      category_id: help.id,
      content:
        '<h2>步骤</h2><p onclick="steal()">选好商品<script>alert(1)</script></p><img src="https://cdn.example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">点我</a><a href="https://example.com" target="_blank">帮助</a><iframe src="https://evil.example"></iframe>',
    });
    expect(created.statusCode).toBe(200);
    const content = (created.json() as ArticleDetail).content;
    expect(content).not.toMatch(/script|onerror|onclick|javascript:|iframe|alert/i);
    expect(content).toContain('<h2>步骤</h2>');
    expect(content).toContain('<img src="https://cdn.example.com/a.png" />');
    expect(content).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">帮助</a>');
    const fetched = (await t.inject({ method: 'GET', url: `${ARTS}/${created.json().id}`, session: founder })).json() as ArticleDetail;
    expect(fetched.content).toBe(content);
    expect(fetched.category_name).toBe('帮助中心');
  });

  it('validates names, categories and links, searches by name, and deletes ordinary articles', async () => {
    const help = await categoryNamed('帮助中心');
    expect((await addArticle({ article_name: '', category_id: help.id })).json().message).toBe('请填写文章名称');
    expect((await addArticle({ article_name: '一'.repeat(21), category_id: help.id })).json().message).toBe('文章名称最多20个字符');
    expect((await addArticle({ article_name: '外链', category_id: help.id, outside_url: 'ftp://x' })).json().message).toBe('外链地址须以http://或https://开头');
    expect((await addArticle({ article_name: '无分类', category_id: 999999 })).json().message).toBe('所选文章分类不存在，请重新选择');
    const made = await addArticle({ article_name: '退货须知', category_id: help.id, sort: 3 });
    expect((await list('&name=退货')).data.map((row) => row.article_name)).toEqual(['退货须知']);
    expect((await t.inject({ method: 'DELETE', url: `${ARTS}/${made.json().id}`, session: founder })).statusCode).toBe(200);
    expect((await lastLog()).operateDetail).toBe('删除文章');
    expect((await list('&name=退货')).data).toHaveLength(0);
    expect((await t.inject({ method: 'GET', url: `${ARTS}/${made.json().id}`, session: founder })).json().message).toBe('文章不存在');
  });

  it('needs the screen permissions', async () => {
    const { session } = await t.adminWithPermissions(founder, ['articleCategory']);
    expect((await t.inject({ method: 'GET', url: ARTS, session })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `${CATS}/childrens`, session })).statusCode).toBe(200);
  });
});
