import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PageDetail, PageRow } from '@agora/contract';
import { systemLogs } from '../system-logs/tables.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

let seq = 0;
async function create(client: 'PC' | 'MOBILE', extra: Record<string, unknown> = {}, session = founder): Promise<PageDetail> {
  seq += 1;
  const response = await t.inject({ method: 'POST', url: '/api/admin/pages', session, payload: { client_type: client, page_name: `专题${seq}`, ...extra } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const put = (url: string, session = founder, payload?: object) => t.inject({ method: 'PUT', url: `/api/admin/pages/${url}`, session, payload });
const list = async (query: string, session = founder) => {
  const response = await t.inject({ method: 'GET', url: `/api/admin/pages?${query}`, session });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: PageRow[]; data_total: number };
};
async function published(client: 'PC' | 'MOBILE'): Promise<PageDetail> {
  const page = await create(client);
  expect((await put(`${page.page_id}/publish`)).json().publish_status).toBe('YES');
  return page;
}

describe('micro pages', () => {
  it('creates a page unpublished with no floors, edits it, and lists it under its client only', async () => {
    const page = await create('PC', { page_name: '  双十一会场  ', description: '主会场' });
    expect(page).toMatchObject({ client_type: 'PC', page_name: '双十一会场', description: '主会场', publish_status: 'NO', is_index: 0, page_data: [] });

    const floors = [{ key: 'a', type: 'TITLE', title: { text: '双十一', start_color: '#f00', end_color: '#ff9c6e' } }, { key: 'b', type: 'CAROUSEL' }];
    const edited = await put(String(page.page_id), founder, { page_name: '双十一主会场', description: '', page_data: floors });
    expect(edited.json()).toMatchObject({ page_name: '双十一主会场', description: '', page_data: floors });
    // an edit without floors leaves them
    await put(String(page.page_id), founder, { page_name: '双十一主会场' });
    expect((await t.inject({ method: 'GET', url: `/api/admin/pages/${page.page_id}`, session: founder })).json().page_data).toEqual(floors);

    expect((await list('client_type=PC&keyword=主会场')).data.map((p) => p.page_id)).toContain(page.page_id);
    expect((await list('client_type=MOBILE&keyword=主会场')).data).toEqual([]);
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('编辑微页面');
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const empty = await t.inject({ method: 'POST', url: '/api/admin/pages', session: founder, payload: { client_type: 'PC', page_name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('请输入页面名称');
    const long = await t.inject({ method: 'POST', url: '/api/admin/pages', session: founder, payload: { client_type: 'PC', page_name: '名'.repeat(31) } });
    expect(long.json().message).toBe('页面名称最多30个字符');
    const client = await t.inject({ method: 'POST', url: '/api/admin/pages', session: founder, payload: { client_type: 'APP', page_name: '专题' } });
    expect(client.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/admin/pages', session: founder })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/admin/pages?client_type=PC&page_size=500', session: founder })).statusCode).toBe(400);
    expect((await put('999999/publish')).json()).toMatchObject({ code: 'PAGE_NOT_FOUND', message: '页面不存在：999999' });
  });

  it('refuses ids past the spec maximum or the column range with 400 and a message, never a 500', async () => {
    for (const id of ['99999999999999999999', '9223372036854775807', '2147483648', '0', 'abc']) {
      const detail = await t.inject({ method: 'GET', url: `/api/admin/pages/${id}`, session: founder });
      expect(detail.statusCode, id).toBe(400);
      expect(detail.json().message).toBe('id格式有误');
      expect((await put(`${id}/publish`)).statusCode, id).toBe(400);
      expect((await put(`${id}/index`)).statusCode, id).toBe(400);
      expect((await put(`${id}/copy`)).statusCode, id).toBe(400);
      expect((await put(id, founder, { page_name: '专题' })).statusCode, id).toBe(400);
    }
    const page = await create('PC');
    for (const ids of [`${page.page_id},99999999999999999999`, '99999999999999999999', `${page.page_id},,1`]) {
      const removal = await t.inject({ method: 'DELETE', url: `/api/admin/pages/${ids}`, session: founder });
      expect(removal.statusCode, ids).toBe(400);
      expect(removal.json().message).toBe('请选择要删除的页面');
    }
    expect((await t.inject({ method: 'GET', url: `/api/admin/pages/${page.page_id}`, session: founder })).statusCode).toBe(200);
  });

  it('pages by keyset cursors in the list order (home first, then the newest) exactly as by offset', async () => {
    for (let i = 0; i < 7; i++) await create('PC', { page_name: `游标${i}` });
    const home = await published('PC');
    await put(`${home.page_id}/index`);
    const byOffset = (await list('client_type=PC&page_size=200')).data.map((p) => p.page_id);
    expect(byOffset[0]).toBe(home.page_id);
    const walked: number[] = [];
    let cursor: string | undefined;
    const pages: { data: PageRow[]; next_cursor?: string; prev_cursor?: string }[] = [];
    for (let pageNo = 1; pageNo <= Math.ceil(byOffset.length / 3); pageNo++) {
      const response = await t.inject({ method: 'GET', url: '/api/admin/pages', session: founder, query: { client_type: 'PC', page_size: '3', page_no: String(pageNo), ...(cursor ? { cursor } : {}) } });
      const page = response.json() as (typeof pages)[number];
      pages.push(page);
      walked.push(...page.data.map((p) => p.page_id));
      cursor = page.next_cursor;
    }
    expect(walked).toEqual(byOffset);
    // and back from the third page to the second
    const back = await t.inject({ method: 'GET', url: '/api/admin/pages', session: founder, query: { client_type: 'PC', page_size: '3', page_no: '2', cursor: pages[2].prev_cursor! } });
    expect(back.json().data.map((p: PageRow) => p.page_id)).toEqual(byOffset.slice(3, 6));
  });

  it('the picker lists the published pages of a client, home first, paged', async () => {
    const draft = await create('MOBILE', { page_name: '拣选草稿' });
    const live = await published('MOBILE');
    const pickable = await list('client_type=MOBILE&publish_status=YES&page_size=200');
    const ids = pickable.data.map((p) => p.page_id);
    expect(ids).toContain(live.page_id);
    expect(ids).not.toContain(draft.page_id);
    expect(pickable.data.every((p) => p.publish_status === 'YES')).toBe(true);
    const firstPage = await list('client_type=MOBILE&page_size=1&page_no=1');
    expect(firstPage.data).toHaveLength(1);
    expect(firstPage.data_total).toBeGreaterThanOrEqual(2);
  });

  it('keeps exactly one home page per client: setting another moves the mark; a draft cannot become home', async () => {
    const first = await published('PC');
    const second = await published('PC');
    const draft = await create('PC');
    expect((await put(`${draft.page_id}/index`)).json()).toMatchObject({ code: 'PAGE_NOT_PUBLISHED', message: '页面未发布，不能设为首页' });

    expect((await put(`${first.page_id}/index`)).json().is_index).toBe(1);
    expect((await put(`${second.page_id}/index`)).json().is_index).toBe(1);
    const homes = (await list('client_type=PC&page_size=200')).data.filter((p) => p.is_index);
    expect(homes.map((p) => p.page_id)).toEqual([second.page_id]);
    // the home page comes first in the list
    expect((await list('client_type=PC&page_size=1')).data[0].page_id).toBe(second.page_id);
    // the other client keeps its own home page
    const mobileHome = await published('MOBILE');
    await put(`${mobileHome.page_id}/index`);
    expect((await list('client_type=PC&page_size=200')).data.filter((p) => p.is_index)).toHaveLength(1);

    // the home page cannot be unpublished or deleted
    expect((await put(`${second.page_id}/publish`)).json()).toMatchObject({ code: 'PAGE_INDEX_UNPUBLISH', message: '首页不能取消发布' });
    const removal = await t.inject({ method: 'DELETE', url: `/api/admin/pages/${first.page_id},${second.page_id}`, session: founder });
    expect(removal.statusCode).toBe(400);
    expect(removal.json().message).toBe(`首页不能删除：${second.page_name}`);
    // all or nothing: the ordinary page in that batch is still there
    expect((await t.inject({ method: 'GET', url: `/api/admin/pages/${first.page_id}`, session: founder })).statusCode).toBe(200);
  });

  it('two operators setting different home pages at once still leave one', async () => {
    const a = await published('PC');
    const b = await published('PC');
    const results = await Promise.all([put(`${a.page_id}/index`), put(`${b.page_id}/index`)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await list('client_type=PC&page_size=200')).data.filter((p) => p.is_index)).toHaveLength(1);
  });

  it('copies a page with its floors, unpublished and not home; deletes a batch', async () => {
    const page = await published('MOBILE');
    await put(String(page.page_id), founder, { page_name: page.page_name, page_data: [{ key: 'c', type: 'CAROUSEL' }] });
    await put(`${page.page_id}/index`);
    const copy = (await put(`${page.page_id}/copy`)).json() as PageDetail;
    expect(copy).toMatchObject({ client_type: 'MOBILE', page_name: `${page.page_name} 副本`, publish_status: 'NO', is_index: 0, page_data: [{ key: 'c', type: 'CAROUSEL' }] });
    expect(copy.page_id).not.toBe(page.page_id);
    const long = await create('MOBILE', { page_name: '长'.repeat(30) });
    expect((await put(`${long.page_id}/copy`)).json().page_name).toBe(`${'长'.repeat(27)} 副本`);

    const removal = await t.inject({ method: 'DELETE', url: `/api/admin/pages/${copy.page_id},${long.page_id}`, session: founder });
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/admin/pages/${copy.page_id}`, session: founder })).statusCode).toBe(404);
    const missing = await t.inject({ method: 'DELETE', url: `/api/admin/pages/${long.page_id}`, session: founder });
    expect(missing.json().code).toBe('PAGE_NOT_FOUND');
  });

  it('an operator of PC pages cannot read or change mobile pages, and the other way round', async () => {
    const { session: pcOnly } = await t.adminWithPermissions(founder, ['pcPages']);
    const mobile = await create('MOBILE');
    const pc = await create('PC', {}, pcOnly);
    expect((await t.inject({ method: 'GET', url: '/api/admin/pages?client_type=MOBILE', session: pcOnly })).json().code).toBe('NO_PERMISSION');
    expect((await t.inject({ method: 'POST', url: '/api/admin/pages', session: pcOnly, payload: { client_type: 'MOBILE', page_name: '越权' } })).json().code).toBe('NO_PERMISSION');
    expect((await put(`${mobile.page_id}/publish`, pcOnly)).json().code).toBe('NO_PERMISSION');
    expect((await t.inject({ method: 'DELETE', url: `/api/admin/pages/${pc.page_id},${mobile.page_id}`, session: pcOnly })).json().code).toBe('NO_PERMISSION');
    expect((await t.inject({ method: 'GET', url: `/api/admin/pages/${pc.page_id}`, session: pcOnly })).statusCode).toBe(200);
    expect((await put(`${pc.page_id}/publish`, pcOnly)).json().publish_status).toBe('YES');
  });
});
