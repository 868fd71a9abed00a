import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  SMS_SIGNATURE_HEADERS,
  type DataDictRow,
  type GoodsSearchHit,
  type LanguageRow,
  type Page,
  type PluginConfig,
  type TranslationFailureRow,
  type TranslationTaskRow,
} from '@agora/contract';
import { parseOutboundAllow } from '../../platform/outbound.js';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { exportAndRead } from '../../test/exports.js';
import { planWithoutSeqScan } from '../../test/plans.js';
import { i18nDataEntries, translationFailures, translationTasks } from './tables.js';
import { smsSignature } from '../plugins/drivers.js';
import { goods } from '../goods/tables.js';
import { logiCompanies } from '../express/tables.js';

let t: TestApp;
let founder: Session;
// The test's gateway listens on 127.0.0.1, which the outbound policy refuses unless OUTBOUND_ALLOW lists it.
withTestApp(
  (app, session) => {
    t = app;
    founder = session;
  },
  { outboundAllow: parseOutboundAllow('127.0.0.1') },
);

/**
 * The translation platform behind the HTTP plugin, as contract TRANSLATION_BATCH describes it: it
 * checks every request's signature, answers `<target>:<text>` for each text, and refuses a call
 * holding a text with 坏 while `refuseBad` is on (so an item can fail and later succeed).
 */
const SECRET = 'translate-secret-42';
const calls: { source: string; target: string; texts: string[] }[] = [];
let refuseBad = true;
let platform: http.Server;
let platformUrl = '';

beforeAll(async () => {
  // Changing a credential asks for the second step (docs/roles.md); these tests are about what comes after it.
  founder = await t.verifiedSession(founder);
  platform = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += String(chunk)));
    req.on('end', () => {
      const header = (name: string) => String(req.headers[name] ?? '');
      if (header(SMS_SIGNATURE_HEADERS.appKey) !== 'agora' || header(SMS_SIGNATURE_HEADERS.signature) !== smsSignature(SECRET, header(SMS_SIGNATURE_HEADERS.timestamp), header(SMS_SIGNATURE_HEADERS.nonce), raw)) {
        res.writeHead(401).end('bad signature');
        return;
      }
      const body = JSON.parse(raw) as { source: string; target: string; texts: string[] };
      calls.push(body);
      if (refuseBad && body.texts.some((text) => text.includes('坏'))) return void res.writeHead(422).end('untranslatable text');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translations: body.texts.map((text) => `${body.target}:${text}`) }));
    });
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/translate`;
});
afterAll(() => new Promise((resolve) => platform?.close(resolve)));

const get = async <T>(url: string) => {
  const response = await t.inject({ method: 'GET', url, session: founder });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const send = (method: 'POST' | 'PUT', url: string, payload?: unknown) => t.inject({ method, url, session: founder, payload: payload as object });
const runJobs = async () => {
  while (await t.ctx.jobs.runNext());
};
const english = async () => (await get<LanguageRow[]>('/api/admin/i18n/lang-code')).find((language) => language.code === 'en-US')!;
const tasks = (query = '') => get<Page<TranslationTaskRow>>(`/api/admin/i18n/task/list?${query}`);
const failures = (query = '') => get<Page<TranslationFailureRow>>(`/api/admin/i18n/task/re-translate/list?${query}`);
const dict = (query: string) => get<Page<DataDictRow>>(`/api/admin/i18n/data-dict?${query}`);

describe('machine translation', () => {
  it('refuses tasks until the HTTP platform is open; its secret is never answered', async () => {
    const en = await english();
    const closed = await send('POST', `/api/admin/i18n/task/${en.id}/create`, { scope: 'GOODS' });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe('请先在机器翻译平台中开启HTTP翻译平台');

    const saved = await send('PUT', '/api/admin/i18n/translate-platforms/httpTranslationPlugin', { config: { url: platformUrl, app_key: 'agora' }, secrets: { app_secret: SECRET } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await send('PUT', '/api/admin/i18n/translate-platforms/httpTranslationPlugin/open')).statusCode).toBe(200);
    const listed = await get<PluginConfig[]>('/api/admin/i18n/translate-platforms');
    expect(listed.find((plugin) => plugin.open === 1)).toMatchObject({ plugin_id: 'httpTranslationPlugin', secrets_set: ['app_secret'] });
    expect(JSON.stringify(listed)).not.toContain(SECRET);

    // The default language is the source, never a target.
    const zh = (await get<LanguageRow[]>('/api/admin/i18n/lang-code')).find((language) => language.code === 'zh-CN')!;
    expect((await send('POST', `/api/admin/i18n/task/${zh.id}/create`, { scope: 'GOODS' })).json().message).toBe('默认语言是翻译的原文，不能作为翻译目标');
    expect((await send('POST', `/api/admin/i18n/task/${en.id}/create`, { scope: 'NOPE' })).json().message).toBe('请选择翻译范围');
  });

  it('translates the goods names a language lacks as a job; one bad text fails alone and is listed; buyers search in English', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx, '蓝牙耳机');
    const names = ['降噪蓝牙耳机', '运动蓝牙耳机', '坏掉的蓝牙耳机'];
    const rows: (typeof goods.$inferSelect)[] = [];
    for (const goodsName of names) rows.push(await insertGoods(t.ctx, shop, category, { goodsName }));
    const en = await english();

    // Two operators start the same task at once: exactly one is created.
    const both = await Promise.all([0, 1].map(() => send('POST', `/api/admin/i18n/task/${en.id}/create`, { scope: 'GOODS' })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((response) => response.statusCode === 400)!.json().message).toBe('该语言和范围已有翻译任务在进行中');
    const created = both.find((response) => response.statusCode === 200)!.json() as TranslationTaskRow;
    expect(created).toMatchObject({ lang: 'en-US', scope: 'GOODS', status: 'WAIT', operator: 'admin' });

    calls.length = 0;
    await runJobs();
    const [done] = (await tasks('scope=GOODS')).data;
    expect(done).toMatchObject({ id: created.id, status: 'DONE', total: 3, success_count: 2, fail_count: 1, progress: 100 });
    // One signed call for the batch, refused for the bad text, then each item alone.
    expect(calls[0]).toMatchObject({ source: 'zh-CN', target: 'en-US', texts: names });
    expect(calls).toHaveLength(4);

    const goodsDict = await dict('group_sn=GOODS');
    expect(goodsDict.data.map((row) => row.texts['en-US'])).toEqual(['en-US:降噪蓝牙耳机', 'en-US:运动蓝牙耳机', undefined]);
    expect(goodsDict.data[0]).toMatchObject({ source: '降噪蓝牙耳机', data_key: rows[0].id, machine: ['en-US'], texts: { 'zh-CN': '降噪蓝牙耳机' } });

    const failed = await failures(`task_id=${created.id}`);
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({ lang: 'en-US', scope: 'GOODS', source: '坏掉的蓝牙耳机' });
    // the status only: what the platform wrote stays in the server's debug log
    expect(failed.data[0].reason).toContain('翻译平台调用失败：HTTP 422');
    expect(failed.data[0].reason).not.toContain('untranslatable');

    // The buyers' goods search answers the names in the language asked, the source name where none exists.
    await get('/api/admin/goods/search');
    await runJobs();
    const hits = (lang?: string) =>
      t.inject({ method: 'GET', url: '/api/base/goods/search', query: { keyword: '蓝牙耳机', ...(lang ? { lang } : {}) } }).then((response) => (response.json() as Page<GoodsSearchHit>).data);
    const inEnglish = await hits('en-US');
    expect(inEnglish.find((hit) => hit.goods_id === rows[0].id)!.goods_name).toBe('en-US:降噪蓝牙耳机');
    expect(inEnglish.find((hit) => hit.goods_id === rows[2].id)!.goods_name).toBe('坏掉的蓝牙耳机');
    expect((await hits()).find((hit) => hit.goods_id === rows[0].id)!.goods_name).toBe('降噪蓝牙耳机');

    // Translate again: two operators at once, exactly one takes the failure; the retry succeeds and the failure is gone.
    refuseBad = false;
    const ids = [failed.data[0].id];
    const retries = await Promise.all([0, 1].map(() => send('POST', '/api/admin/i18n/task/re-translate/create', { ids })));
    expect(retries.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(retries.find((response) => response.statusCode === 400)!.json().message).toBe('所选失败记录已在重新翻译或已不存在，请刷新后重试');
    const [retry] = retries.find((response) => response.statusCode === 200)!.json() as TranslationTaskRow[];
    expect(retry).toMatchObject({ scope: 'RETRY', lang: 'en-US', total: 1 });
    expect((await failures()).data).toHaveLength(0);
    await runJobs();
    expect((await tasks('scope=RETRY')).data[0]).toMatchObject({ status: 'DONE', success_count: 1, fail_count: 0 });
    expect((await dict('group_sn=GOODS')).data[2].texts['en-US']).toBe('en-US:坏掉的蓝牙耳机');

    // An operator's text stays the operator's: a later task finds nothing missing, a rename drops only machine texts.
    const [first, second] = (await dict('group_sn=GOODS')).data;
    const edited = await send('PUT', `/api/admin/i18n/data-dict/${first.id}`, { texts: { 'en-US': 'ANC Bluetooth earphones' } });
    expect(edited.json()).toMatchObject({ texts: { 'en-US': 'ANC Bluetooth earphones' }, machine: [] });
    await t.ctx.db.update(goods).set({ goodsName: '运动耳机Pro' }).where(eq(goods.id, second.data_key));
    await t.ctx.db.update(goods).set({ goodsName: '降噪耳机Pro' }).where(eq(goods.id, first.data_key));
    expect((await send('POST', '/api/admin/i18n/data-dict/sync')).json()).toMatchObject({ changed: 3 });
    const renamed = (await dict('group_sn=GOODS')).data;
    expect(renamed[0]).toMatchObject({ source: '降噪耳机Pro', texts: { 'en-US': 'ANC Bluetooth earphones' } });
    expect(renamed[1]).toMatchObject({ source: '运动耳机Pro', machine: [] });
    expect(renamed[1].texts['en-US']).toBeUndefined();
    expect((await send('POST', `/api/admin/i18n/task/${en.id}/create`, { scope: 'GOODS' })).statusCode).toBe(200);
    await runJobs();
    expect((await tasks('scope=GOODS')).data[0]).toMatchObject({ status: 'DONE', total: 1, success_count: 1 });
    expect((await dict('group_sn=GOODS')).data[1].texts['en-US']).toBe('en-US:运动耳机Pro');

    // One goods item on demand: its texts are replaced, nothing else is asked.
    calls.length = 0;
    const one = await send('POST', '/api/admin/i18n/goods/translate', { goods_id: first.data_key });
    expect(one.json()).toEqual({ goods_id: first.data_key, texts: { 'en-US': 'en-US:降噪耳机Pro' } });
    expect(calls).toEqual([{ source: 'zh-CN', target: 'en-US', texts: ['降噪耳机Pro'] }]);
    expect((await send('POST', '/api/admin/i18n/goods/translate', { goods_id: 99999 })).statusCode).toBe(404);
  });

  it('translates categories, logistics companies and the operators\' own UI keys; the console serves them', async () => {
    await insertCategory(t.ctx, '家用电器');
    await t.ctx.db.insert(logiCompanies).values({ name: '顺丰速运', code: 'SF' });
    const added = await send('POST', '/api/admin/i18n/ui-dict', { key: 'custom.banner.title', texts: { 'zh-CN': '双十一大促' } });
    expect(added.statusCode, added.body).toBe(200);
    const en = await english();
    for (const scope of ['CATEGORY', 'EXPRESS', 'UI']) expect((await send('POST', `/api/admin/i18n/task/${en.id}/create`, { scope })).statusCode).toBe(200);
    await runJobs();
    const done = (await tasks()).data.filter((task) => ['CATEGORY', 'EXPRESS', 'UI'].includes(task.scope));
    expect(done.map((task) => [task.scope, task.status, task.fail_count])).toEqual([
      ['UI', 'DONE', 0],
      ['EXPRESS', 'DONE', 0],
      ['CATEGORY', 'DONE', 0],
    ]);
    expect((await dict('group_sn=EXPRESS')).data[0].texts['en-US']).toBe('en-US:顺丰速运');
    expect((await dict('group_sn=CATEGORY&keyword=家用')).data[0].texts['en-US']).toBe('en-US:家用电器');
    const served = (await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'en-US' } })).json() as { custom: { banner: { title: string } } };
    expect(served.custom.banner.title).toBe('en-US:双十一大促');
    // The shipped keys all had English already: nothing of theirs was sent.
    expect(done[0].total).toBe(1);
  });

  it('a request the platform refuses (a wrong secret) fails the items with its answer, writing no text', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx, '杂货');
    await insertGoods(t.ctx, shop, category, { goodsName: '坏签名测试' });
    await send('PUT', '/api/admin/i18n/translate-platforms/httpTranslationPlugin', { config: { url: platformUrl, app_key: 'agora' }, secrets: { app_secret: 'wrong-secret' } });
    const en = await english();
    expect((await send('POST', `/api/admin/i18n/task/${en.id}/create`, { scope: 'GOODS' })).statusCode).toBe(200);
    await runJobs();
    expect((await tasks('scope=GOODS')).data[0]).toMatchObject({ status: 'DONE', fail_count: 1, success_count: 0 });
    expect((await failures()).data[0].reason).toContain('HTTP 401');
    expect((await failures()).data[0].reason).not.toContain('bad signature');
  });
});

describe('UI dictionary export', () => {
  it('writes key × language as xlsx with the list\'s filters, behind the second step', async () => {
    const { record, rows } = await exportAndRead(t, founder, 'admin/i18n/ui-dict/export', { kind: 'router', keyword: 'route.langCode' });
    expect(rows).toEqual([
      ['词条键', '类型', 'zh-CN', 'en-US', '新增'],
      ['route.langCode', '菜单标题', '语言管理', 'Languages'],
    ]);
    expect(record).toMatchObject({ status: 'done' });
  });
});

describe('list plans', () => {
  it('reads an index for the lists\' filters: tasks by language or scope, failures by status or task, entries by group', async () => {
    const db = t.ctx.db;
    const plans = await Promise.all([
      planWithoutSeqScan(db, db.select().from(translationTasks).where(eq(translationTasks.lang, 'en-US')).orderBy(desc(translationTasks.id)).limit(20)),
      planWithoutSeqScan(db, db.select().from(translationTasks).where(eq(translationTasks.scope, 'GOODS')).orderBy(desc(translationTasks.id)).limit(20)),
      planWithoutSeqScan(db, db.select().from(translationFailures).where(eq(translationFailures.status, 'FAILED')).orderBy(desc(translationFailures.id)).limit(20)),
      planWithoutSeqScan(db, db.select().from(translationFailures).where(and(eq(translationFailures.status, 'FAILED'), eq(translationFailures.taskId, 5))).orderBy(desc(translationFailures.id)).limit(20)),
      planWithoutSeqScan(db, db.select().from(i18nDataEntries).where(eq(i18nDataEntries.groupSn, 'GOODS')).orderBy(desc(i18nDataEntries.id)).limit(20)),
    ]);
    expect(plans[0]).toContain('translation_tasks_lang_idx');
    expect(plans[1]).toContain('translation_tasks_scope_idx');
    expect(plans[2]).toContain('translation_failures_status_idx');
    expect(plans[3]).toMatch(/translation_failures_(task|status)_idx/);
    expect(plans[4]).toContain('i18n_data_entries_group_idx');
    for (const plan of plans) expect(plan).not.toContain('Seq Scan');
  });
});

