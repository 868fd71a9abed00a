import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { LangCode, LanguageRow, Page, UiDictRow } from '@agora/contract';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { syncTranslations } from '../../platform/i18n.js';
import { systemLogs } from '../system-logs/tables.js';

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

const dict = '/api/admin/i18n/ui-dict';
const langs = '/api/admin/i18n/lang-code';
const list = async (query: string, session = founder) => (await t.inject({ method: 'GET', url: `${dict}?page_size=20&${query}`, session })).json() as Page<UiDictRow>;
const entry = async (key: string) => (await list(`keyword=${encodeURIComponent(key)}`)).data.find((row) => row.key === key) as UiDictRow;
const edit = (id: number, texts: Record<string, string>, session = founder) => t.inject({ method: 'PUT', url: `${dict}/${id}`, session, payload: { texts } });
const add = (key: string, texts: Record<string, string>, session = founder) => t.inject({ method: 'POST', url: dict, session, payload: { key, texts } });
const served = async (lang: string) => (await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang } })).json() as { route: Record<string, string>; custom?: Record<string, Record<string, string>> };
const languageList = async () => (await t.inject({ method: 'GET', url: langs, session: founder })).json() as LanguageRow[];
const lastLog = async () => (await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1))[0];

describe('UI dictionary', () => {
  it('lists each key with the text of every language, filtered by kind and by key or text, paged on the server', async () => {
    const routes = await list('kind=router');
    expect(routes.data_total).toBeGreaterThan(100);
    expect(routes.data.every((row) => row.kind === 'router' && row.key.startsWith('route.'))).toBe(true);
    const dashboard = await entry('route.dashboard');
    expect(dashboard).toMatchObject({ kind: 'router', shipped: 1, texts: { 'zh-CN': '首页', 'en-US': 'Dashboard' }, edited: [] });
    const byText = await list('keyword=Dashboard&kind=router');
    expect(byText.data.map((row) => row.key)).toContain('route.dashboard');
    const ui = await list('kind=ui&page_no=2');
    expect(ui.data).toHaveLength(20);
    expect(ui.data.every((row) => row.kind === 'ui')).toBe(true);
  });

  it('serves an edited text at once, with a validator that changes with it, and keeps it over a start-up sync', async () => {
    const before = await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'zh-CN' } });
    expect(before.headers['cache-control']).toBe('no-cache');
    const etag = before.headers.etag as string;
    expect((await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'zh-CN' }, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const dashboard = await entry('route.dashboard');
    const saved = await edit(dashboard.id, { 'zh-CN': '工作台' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ texts: { 'zh-CN': '工作台', 'en-US': 'Dashboard' }, edited: ['zh-CN'] });
    expect(await lastLog()).toMatchObject({ operateDetail: `修改界面词条 #${dashboard.id}`, operateDetailEn: `Edit UI entry #${dashboard.id}` });

    const after = await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'zh-CN' }, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().route.dashboard).toBe('工作台');

    await syncTranslations(t.ctx.db);
    expect((await served('zh-CN')).route.dashboard).toBe('工作台');
    expect((await served('en-US')).route.dashboard).toBe('Dashboard');

    // An emptied text of a built-in key goes back to the build's and follows it again.
    expect((await edit(dashboard.id, { 'zh-CN': '' })).json()).toMatchObject({ texts: { 'zh-CN': '首页' }, edited: [] });
    expect((await served('zh-CN')).route.dashboard).toBe('首页');
  });

  it('adds a key once, refuses a taken one with the name-taken message, and deletes only operators\' keys', async () => {
    const created = await add('custom.banner.title', { 'zh-CN': '双十一大促', 'en-US': 'Singles Day sale' });
    expect(created.statusCode).toBe(200);
    const row = created.json() as UiDictRow;
    expect(row).toMatchObject({ kind: 'ui', shipped: 0, texts: { 'zh-CN': '双十一大促', 'en-US': 'Singles Day sale' } });
    expect((await served('en-US')).custom?.banner.title).toBe('Singles Day sale');

    const taken = await add('custom.banner.title', { 'zh-CN': '别的' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('词条键已存在');
    expect((await add('route.dashboard', { 'zh-CN': '首页' })).json().message).toBe('词条键已存在');
    expect((await add('custom.other', { 'en-US': 'Only English' })).json().message).toBe('请填写简体中文译文');
    expect((await add('custom.other', { 'zh-CN': '文', 'xx-XX': 'x' })).json().message).toBe('不支持的语言');
    expect((await add('not a key', { 'zh-CN': '文' })).statusCode).toBe(400);
    expect((await edit(row.id, { 'zh-CN': '' })).json().message).toBe('请填写简体中文译文');

    const dashboard = await entry('route.dashboard');
    const shipped = await t.inject({ method: 'DELETE', url: `${dict}/${dashboard.id}`, session: founder });
    expect(shipped.statusCode).toBe(400);
    expect(shipped.json().message).toBe('系统内置词条不能删除，可修改其译文');

    // Two operators delete the same key at once: exactly one succeeds, the other finds it gone.
    const answers = await Promise.all([1, 2].map(() => t.inject({ method: 'DELETE', url: `${dict}/${row.id}`, session: founder })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect((await served('en-US')).custom).toBeUndefined();
    expect(await lastLog()).toMatchObject({ operateDetail: `删除界面词条 #${row.id}` });
  });

  it('of two operators adding the same key at once, one gets it and the other the name-taken message', async () => {
    const answers = await Promise.all(['甲', '乙'].map((text) => add('custom.race', { 'zh-CN': text })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json().message).toBe('词条键已存在');
    expect((await list('keyword=custom.race')).data).toHaveLength(1);
  });
});

describe('languages', () => {
  it('keeps the default language locked on and takes a disabled language out of the switch', async () => {
    const [zh, en] = await languageList();
    expect(zh).toMatchObject({ code: 'zh-CN', enabled: 3 });
    expect(en).toMatchObject({ code: 'en-US', enabled: 1 });

    const locked = await t.inject({ method: 'PUT', url: `${langs}/${zh.id}/open`, session: founder, payload: { enabled: 0 } });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe('该语言已锁定，不能禁用');
    expect((await languageList())[0].enabled).toBe(3);

    const off = await t.inject({ method: 'PUT', url: `${langs}/${en.id}/open`, session: founder, payload: { enabled: 0 } });
    expect(off.json()).toMatchObject({ code: 'en-US', enabled: 0 });
    expect(await lastLog()).toMatchObject({ operateDetail: '禁用语言' });
    const codes = (await t.inject({ method: 'GET', url: '/api/base/lang/codes' })).json() as LangCode[];
    expect(codes.map((code) => code.code)).toEqual(['zh-CN']);
    expect((await t.inject({ method: 'GET', url: '/api/base/lang', query: { lang: 'en-US' } })).statusCode).toBe(400);

    await t.inject({ method: 'PUT', url: `${langs}/${en.id}/open`, session: founder, payload: { enabled: 1 } });
    expect(((await t.inject({ method: 'GET', url: '/api/base/lang/codes' })).json() as LangCode[]).map((code) => code.code)).toEqual(['zh-CN', 'en-US']);
    // A start-up sync leaves the operators' switches as they are.
    await syncTranslations(t.ctx.db);
    expect((await languageList()).map((row) => row.enabled)).toEqual([3, 1]);
  });

  it('orders the languages as given, refusing a list that is not today\'s', async () => {
    const [zh, en] = await languageList();
    const sorted = await t.inject({ method: 'PUT', url: `${langs}/sort`, session: founder, payload: { ids: [en.id, zh.id] } });
    expect((sorted.json() as LanguageRow[]).map((row) => row.code)).toEqual(['en-US', 'zh-CN']);
    expect(((await t.inject({ method: 'GET', url: '/api/base/lang/codes' })).json() as LangCode[]).map((code) => code.code)).toEqual(['en-US', 'zh-CN']);
    const stale = await t.inject({ method: 'PUT', url: `${langs}/sort`, session: founder, payload: { ids: [en.id] } });
    expect(stale.json().message).toBe('语言列表已变化，请刷新后重试');
    await t.inject({ method: 'PUT', url: `${langs}/sort`, session: founder, payload: { ids: [zh.id, en.id] } });
    expect((await languageList()).map((row) => row.code)).toEqual(['zh-CN', 'en-US']);
  });

  it('adds a language from the known list, switched off and last, with no texts; of two operators adding it, one gets it', async () => {
    const unknown = await t.inject({ method: 'POST', url: langs, session: founder, payload: { code: 'xx-XX' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('语言代码只能是zh-TW、ja-JP、ko-KR、fr-FR、de-DE之一');
    const answers = await Promise.all([1, 2].map(() => t.inject({ method: 'POST', url: langs, session: founder, payload: { code: 'ja-JP' } })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json().message).toBe('该语言已存在');
    const ja = answers.find((answer) => answer.statusCode === 200)!.json() as LanguageRow;
    expect(ja).toMatchObject({ code: 'ja-JP', lang: '日本語', enabled: 0, sort: 3 });
    expect(await lastLog()).toMatchObject({ operateDetail: '添加语言 ja-JP' });
    expect((await languageList()).map((row) => row.code)).toEqual(['zh-CN', 'en-US', 'ja-JP']);
    // Off: not offered, its texts not served.
    expect(((await t.inject({ method: 'GET', url: '/api/base/lang/codes' })).json() as LangCode[]).map((code) => code.code)).toEqual(['zh-CN', 'en-US']);

    // Translated through the dictionary, then switched on: offered, and its texts served (the console fills the rest from English).
    const dashboard = await entry('route.dashboard');
    expect((await edit(dashboard.id, { 'ja-JP': 'ダッシュボード' })).json()).toMatchObject({ texts: { 'ja-JP': 'ダッシュボード' }, edited: ['ja-JP'] });
    await t.inject({ method: 'PUT', url: `${langs}/${ja.id}/open`, session: founder, payload: { enabled: 1 } });
    expect(((await t.inject({ method: 'GET', url: '/api/base/lang/codes' })).json() as LangCode[]).map((code) => code.code)).toEqual(['zh-CN', 'en-US', 'ja-JP']);
    expect(await served('ja-JP')).toEqual({ route: { dashboard: 'ダッシュボード' } });
    // A start-up sync leaves an added language and its texts alone.
    await syncTranslations(t.ctx.db);
    expect((await languageList()).find((row) => row.code === 'ja-JP')).toMatchObject({ enabled: 1 });
    expect((await served('ja-JP')).route.dashboard).toBe('ダッシュボード');
    await t.inject({ method: 'PUT', url: `${langs}/${ja.id}/open`, session: founder, payload: { enabled: 0 } });
  });

  it('checks the permissions of the screens', async () => {
    const { session: dictOnly } = await t.adminWithPermissions(founder, ['uiDict']);
    expect((await t.inject({ method: 'GET', url: langs, session: dictOnly })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: `${langs}/sort`, session: dictOnly, payload: { ids: [1, 2] } })).statusCode).toBe(403);
    const { session: other } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await t.inject({ method: 'GET', url: dict, session: other })).statusCode).toBe(403);
    expect((await add('custom.denied', { 'zh-CN': '不行' }, other)).statusCode).toBe(403);
    expect((await edit(1, { 'zh-CN': '不行' }, other)).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `${dict}/1`, session: other })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: `${langs}/1/open`, session: other, payload: { enabled: 1 } })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: langs, session: dictOnly, payload: { code: 'fr-FR' } })).statusCode).toBe(403);
  });
});
