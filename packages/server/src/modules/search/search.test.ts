import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { CustomWordRow, GoodsIndexStatus, GoodsSearchHit, HotKeywordRow, Page, SearchHistoryRow, SearchTipRow, SensitiveWordRow } from '@agora/contract';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase, FOUNDER_PASSWORD, startTestApp, testConfig, TestApp, type Session, type TestDatabase } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { planWithoutSeqScan } from '../../test/plans.js';
import { jobs } from '../../db/tables.js';
import { systemLogs } from '../system-logs/tables.js';
import { goods } from '../goods/tables.js';
import { goodsAsks, goodsComments } from '../sale/tables.js';
import { goodsSearchDocs, searchKeywords } from './tables.js';
import { REINDEX_KIND } from './goods-index.js';

let testDb: TestDatabase;
let t: TestApp;
/** a second instance on the same database: on PostgreSQL its own pool, on PGlite a second app over the one connection */
let other: TestApp;
let founder: Session;
let otherFounder: Session;
let sharedDatabase: Database | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  if (process.env.DATABASE_URL) other = await startTestApp(testDb);
  else {
    sharedDatabase = (t as unknown as { database: Database }).database;
    const built = await buildApp(testConfig(), sharedDatabase);
    await built.app.ready();
    other = new TestApp(built.app, built.ctx, { ...sharedDatabase, close: async () => undefined });
  }
  founder = await t.verifiedSession(await t.loginFounder());
  otherFounder = await other.login('admin', FOUNDER_PASSWORD);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await testDb?.drop();
});

const get = async <T>(url: string, session = founder, app = t) => (await app.inject({ method: 'GET', url, session })).json() as T;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, session = founder, app = t) => app.inject({ method, url, session, payload: payload as never });
const lastLog = async () => (await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1))[0];

describe('hot keywords', () => {
  it('adds, orders by sort, edits, refuses a taken name and deletes', async () => {
    expect((await send('POST', '/api/admin/pages/hot-keywords', { hot_name: '手机', sort: 2 })).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/pages/hot-keywords', { hot_name: '耳机', sort: 1 })).statusCode).toBe(200);
    expect((await lastLog()).operateDetail).toBe('添加热门关键字 耳机');
    expect((await send('POST', '/api/admin/pages/hot-keywords', { hot_name: '手机' })).json().message).toBe('热门关键字已存在');
    expect((await send('POST', '/api/admin/pages/hot-keywords', { hot_name: '平板', sort: 1_000_000 })).json().message).toBe('排序必须是0到999999之间的整数');
    const rows = (await get<Page<HotKeywordRow>>('/api/admin/pages/hot-keywords')).data;
    expect(rows.map((row) => row.hot_name)).toEqual(['耳机', '手机']);
    expect((await send('PUT', `/api/admin/pages/hot-keywords/${rows[0].id}`, { hot_name: '手机' })).json().message).toBe('热门关键字已存在');
    expect((await send('PUT', `/api/admin/pages/hot-keywords/${rows[0].id}`, { hot_name: '蓝牙耳机', sort: 5 })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/pages/hot-keywords/${rows[1].id}`)).statusCode).toBe(200);
    expect((await get<Page<HotKeywordRow>>('/api/admin/pages/hot-keywords')).data.map((row) => row.hot_name)).toEqual(['蓝牙耳机']);
  });
});

describe('custom words and the dictionary key', () => {
  it('keeps the key write-only and serves the dictionary only for it', async () => {
    expect((await send('POST', '/api/admin/goodssearch/custom-words', { name: '华为Mate' })).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/goodssearch/custom-words', { name: '华为Mate' })).json().message).toBe('自定义分词已存在');
    expect((await get<Page<CustomWordRow>>('/api/admin/goodssearch/custom-words?keywords=华为')).data.map((row) => row.name)).toEqual(['华为Mate']);
    expect(await get('/api/admin/goodssearch/custom-words/secret-key')).toEqual({ is_set: 0, masked: '' });
    expect((await t.inject({ method: 'GET', url: '/api/base/goodssearch/custom-words?secret_key=anything' })).statusCode).toBe(403);
    expect((await send('PUT', '/api/admin/goodssearch/custom-words/secret-key', { secret_key: 'short' })).json().message).toBe('秘钥至少8个字符');
    const saved = await send('PUT', '/api/admin/goodssearch/custom-words/secret-key', { secret_key: 'ik-dict-2026-a1b2' });
    expect(saved.json()).toEqual({ is_set: 1, masked: '••••••a1b2' });
    expect(JSON.stringify(await get('/api/admin/goodssearch/custom-words/secret-key'))).not.toContain('ik-dict');
    expect((await t.inject({ method: 'GET', url: '/api/base/goodssearch/custom-words?secret_key=wrong-key-0000' })).statusCode).toBe(403);
    const dict = await t.inject({ method: 'GET', url: '/api/base/goodssearch/custom-words?secret_key=ik-dict-2026-a1b2' });
    expect(dict.statusCode).toBe(200);
    expect(dict.body).toBe('华为Mate');
    const [word] = (await get<Page<CustomWordRow>>('/api/admin/goodssearch/custom-words')).data;
    expect((await send('DELETE', `/api/admin/goodssearch/custom-words/${word.id}`)).statusCode).toBe(200);
  });
});

describe('search tips', () => {
  it('limits words to 30 characters and sort to 0–999999, edits words and sort separately', async () => {
    expect((await send('POST', '/api/admin/goodssearch/goods-words', { words: '一'.repeat(31) })).json().message).toBe('提示词最多30个字符');
    expect((await send('POST', '/api/admin/goodssearch/goods-words', { words: '降噪', sort: -1 })).json().message).toBe('排序必须是0到999999之间的整数');
    expect((await send('POST', '/api/admin/goodssearch/goods-words', { words: '降噪', sort: 9 })).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/goodssearch/goods-words', { words: '降噪' })).json().message).toBe('提示词已存在');
    const [tip] = (await get<Page<SearchTipRow>>('/api/admin/goodssearch/goods-words?keyword=降噪')).data;
    expect(tip).toMatchObject({ words: '降噪', type: 'CUSTOM', sort: 9 });
    expect((await send('PUT', `/api/admin/goodssearch/goods-words/${tip.id}/words`, { words: '主动降噪' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/admin/goodssearch/goods-words/${tip.id}/sort`, { sort: 999_999 })).statusCode).toBe(200);
    expect((await get<Page<SearchTipRow>>('/api/admin/goodssearch/goods-words?keyword=降噪')).data[0]).toMatchObject({ words: '主动降噪', sort: 999_999 });
    expect((await send('DELETE', `/api/admin/goodssearch/goods-words/${tip.id}`)).statusCode).toBe(200);
  });
});

describe('sensitive words', () => {
  async function commentAndAsk() {
    const shop = await insertShop(t.ctx);
    const product = await insertGoods(t.ctx, shop, await insertCategory(t.ctx));
    const base = { goodsId: product.id, goodsName: product.goodsName, memberId: 7, memberName: 'buyer7', shopId: shop.id, shopName: shop.shopName };
    const [comment] = await t.ctx.db.insert(goodsComments).values({ ...base, content: '还行', grade: 'good', orderSn: 'S1', skuId: 1 } as never).returning();
    const [ask] = await t.ctx.db.insert(goodsAsks).values({ ...base, content: '能用吗' } as never).returning();
    return { comment, ask };
  }

  it('masks a new word in replies and answers at once on every instance, and stops after the soft delete', async () => {
    // The other instance reads the (empty) list first, so it holds a compiled list that must go stale.
    const first = await commentAndAsk();
    await send('PUT', `/api/admin/members/comments/${first.comment.id}/reply`, { content: '谢谢支持' }, otherFounder, other);

    expect((await send('POST', '/api/admin/sensitive-words', { word_name: '傻瓜' })).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/sensitive-words', { word_name: '傻瓜蛋' })).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/sensitive-words', { word_name: '傻瓜' })).json().message).toBe('敏感词已存在');
    expect((await lastLog()).operateDetail).toBe('添加敏感词 傻瓜蛋');

    const { comment, ask } = await commentAndAsk();
    const replied = await send('PUT', `/api/admin/members/comments/${comment.id}/reply`, { content: '别说傻瓜蛋，也别说傻瓜' }, otherFounder, other);
    expect(replied.statusCode).toBe(200);
    expect((await t.ctx.db.select().from(goodsComments).where(eq(goodsComments.id, comment.id)))[0].replyContent).toBe('别说***，也别说**');
    expect((await send('PUT', `/api/admin/members/asks/${ask.id}/reply`, { content: '不是傻瓜机' }, otherFounder, other)).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(goodsAsks).where(eq(goodsAsks.id, ask.id)))[0].replyContent).toBe('不是**机');

    const words = (await get<Page<SensitiveWordRow>>('/api/admin/sensitive-words')).data;
    const fool = words.find((row) => row.word_name === '傻瓜')!;
    expect((await get<SensitiveWordRow>(`/api/admin/sensitive-words/${fool.id}`)).word_name).toBe('傻瓜');
    expect((await send('DELETE', `/api/admin/sensitive-words/${fool.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/sensitive-words/${fool.id}`)).json().message).toBe('敏感词不存在');
    expect((await get<Page<SensitiveWordRow>>('/api/admin/sensitive-words')).data.map((row) => row.word_name)).toEqual(['傻瓜蛋']);
    const later = await commentAndAsk();
    await send('PUT', `/api/admin/members/asks/${later.ask.id}/reply`, { content: '傻瓜蛋和傻瓜' }, otherFounder, other);
    expect((await t.ctx.db.select().from(goodsAsks).where(eq(goodsAsks.id, later.ask.id)))[0].replyContent).toBe('***和傻瓜');
    // A deleted word may be added again.
    expect((await send('POST', '/api/admin/sensitive-words', { word_name: '傻瓜' })).statusCode).toBe(200);
  });
});

describe('goods index and search', () => {
  it('re-indexes as a job with progress, searches the index and records the keywords', async () => {
    const shop = await insertShop(t.ctx, { shopName: '声学旗舰店' });
    const category = await insertCategory(t.ctx, '无线耳机');
    const onSale = [];
    for (let i = 0; i < 5; i++) onSale.push(await insertGoods(t.ctx, shop, category, { goodsName: `降噪蓝牙耳机 ${i}号` }));
    const offShelf = await insertGoods(t.ctx, shop, category, { goodsName: '降噪蓝牙耳机 下架款', marketEnable: 0 });

    const before = await get<GoodsIndexStatus>('/api/admin/goods/search/status');
    expect(before.task).toBeNull();
    const [a, b] = await Promise.all([get<{ task_id: number }>('/api/admin/goods/search'), get<{ task_id: number }>('/api/admin/goods/search')]);
    expect(a.task_id).toBe(b.task_id);
    expect((await t.ctx.db.select().from(jobs).where(eq(jobs.kind, REINDEX_KIND))).length).toBe(1);
    expect((await lastLog()).operateDetail).toBe('重建商品索引');
    expect((await get<GoodsIndexStatus>('/api/admin/goods/search/status')).task).toMatchObject({ id: a.task_id, status: 'queued' });

    await t.ctx.jobs.runNext();
    const after = await get<GoodsIndexStatus>('/api/admin/goods/search/status');
    expect(after.task).toMatchObject({ id: a.task_id, status: 'done', progress: 100 });
    expect(after.task!.message).toMatch(/^索引完成，共 \d+ 个商品$/);
    expect(after.indexed).toBe(after.searchable);
    expect(after.last_built).not.toBeNull();
    // The category of searchable goods became a system search tip with its goods count.
    expect((await get<Page<SearchTipRow>>('/api/admin/goodssearch/goods-words?type=SYSTEM&keyword=无线耳机')).data[0]).toMatchObject({ words: '无线耳机', goods_num: 5 });

    const hits = (await t.inject({ method: 'GET', url: '/api/base/goods/search?keyword=降噪蓝牙' })).json() as Page<GoodsSearchHit>;
    expect(hits.data_total).toBe(5);
    expect(hits.data.map((hit) => hit.goods_id).sort()).toEqual(onSale.map((row) => row.id).sort());
    expect(hits.data[0]).toMatchObject({ shop_name: '声学旗舰店', price: 99 });
    // By shop name and category too; off-shelf goods are not found.
    expect(((await t.inject({ method: 'GET', url: '/api/base/goods/search?keyword=声学旗舰' })).json() as Page<GoodsSearchHit>).data_total).toBe(5);
    expect(((await t.inject({ method: 'GET', url: `/api/base/goods/search?keyword=${encodeURIComponent('下架款')}` })).json() as Page<GoodsSearchHit>).data_total).toBe(0);
    // Taken off sale after the index: no longer found, and gone from the index at the next build.
    await t.ctx.db.update(goods).set({ marketEnable: 0 }).where(eq(goods.id, onSale[0].id));
    expect(((await t.inject({ method: 'GET', url: '/api/base/goods/search?keyword=降噪蓝牙' })).json() as Page<GoodsSearchHit>).data_total).toBe(4);

    const history = (await get<Page<SearchHistoryRow>>('/api/admin/goodssearch/keywords?sort=count')).data;
    expect(history.find((row) => row.keyword === '降噪蓝牙')).toMatchObject({ count: 2 });
    expect(history[0].keyword).toBe('降噪蓝牙');
    expect((await t.inject({ method: 'GET', url: '/api/base/goods/search?keyword=' })).json().message).toBe('请填写搜索关键字');

    // Stop: a queued re-index is cancelled at once and the index stays as it was.
    const second = await get<{ task_id: number }>('/api/admin/goods/search');
    expect(second.task_id).not.toBe(a.task_id);
    expect((await send('DELETE', `/api/admin/goods/search/${second.task_id}`)).statusCode).toBe(200);
    expect((await get<GoodsIndexStatus>('/api/admin/goods/search/status')).task).toMatchObject({ id: second.task_id, status: 'cancelled' });
    expect((await t.ctx.db.select().from(goodsSearchDocs).where(eq(goodsSearchDocs.goodsId, onSale[0].id))).length).toBe(1);
    expect((await send('DELETE', '/api/admin/goods/search/999999')).json().message).toBe('索引任务不存在');

    // A third build drops what is no longer on sale.
    await get('/api/admin/goods/search');
    await t.ctx.jobs.runNext();
    expect((await t.ctx.db.select().from(goodsSearchDocs).where(eq(goodsSearchDocs.goodsId, onSale[0].id))).length).toBe(0);
    expect((await t.ctx.db.select().from(goodsSearchDocs).where(eq(goodsSearchDocs.goodsId, offShelf.id))).length).toBe(0);
  });

  it('reads the index, not every row, for a keyword and for the history sorts', async () => {
    const plan = await planWithoutSeqScan(t.ctx.db, t.ctx.db.select().from(goodsSearchDocs).where(eq(goodsSearchDocs.document, 'x')));
    expect(plan).not.toMatch(/Seq Scan/);
    const keyword = await planWithoutSeqScan(t.ctx.db, t.ctx.db.select().from(searchKeywords).orderBy(desc(searchKeywords.count), desc(searchKeywords.id)).limit(20));
    expect(keyword).toContain('search_keywords_count_idx');
  });

  it('needs the screen permissions', async () => {
    const { session } = await t.adminWithPermissions(founder, ['hotKeyword']);
    for (const url of ['/api/admin/goods/search/status', '/api/admin/sensitive-words', '/api/admin/goodssearch/keywords', '/api/admin/goodssearch/goods-words', '/api/admin/goodssearch/custom-words']) {
      expect((await t.inject({ method: 'GET', url, session })).statusCode).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: '/api/admin/pages/hot-keywords', session })).statusCode).toBe(200);
  });
});
