import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { ContractRow, Page } from '@agora/contract';
import { multipart, png } from '../../test/files.js';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { insertShop } from '../../test/marketplace-fixtures.js';
import { notificationsSent } from '../sale/tables.js';
import { systemLogs } from '../system-logs/tables.js';
import { shopContracts } from './tables.js';
import { addDays, platformDay } from '../../platform/time.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const base = '/api/admin/shops/contracts';
const today = platformDay(new Date());
const day = (offset: number) => addDays(today, offset);
const contract = (shopId: number, no: string, from: number, to: number, extra: object = {}) => ({
  shop_id: shopId, contract_no: no, start_date: day(from), end_date: day(to), file_url: '/files/contract/x.pdf', file_name: '合同.pdf', ...extra,
});
const create = (payload: object, session = founder) => t.inject({ method: 'POST', url: base, session, payload });
const list = async (query: Record<string, string> = {}) => {
  const response = await t.inject({ method: 'GET', url: base, session: founder, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<ContractRow>;
};
const terminate = (id: number, reason: string) => t.inject({ method: 'PUT', url: `${base}/${id}/terminate`, session: founder, payload: { reason } });

describe('shop contracts', () => {
  let shopA: number;
  let shopB: number;

  it('adds contracts whose state follows their days, filters and sorts the list by end day', async () => {
    shopA = (await insertShop(t.ctx)).id;
    shopB = (await insertShop(t.ctx)).id;
    const made = await Promise.all([
      create(contract(shopA, 'ht-a-old', -400, -35)),
      create(contract(shopA, 'HT-A-NOW', -34, 200)),
      create(contract(shopA, 'HT-A-NEXT', 201, 500)),
      create(contract(shopB, 'HT-B-SOON', -300, 10, { remark: '续签中' })),
    ]);
    expect(made.map((response) => response.statusCode), made.map((r) => r.body).join()).toEqual([200, 200, 200, 200]);
    expect(made[0].json()).toMatchObject({ contract_no: 'HT-A-OLD', state: 'EXPIRED', days_left: -35 });
    expect(made[1].json()).toMatchObject({ state: 'ACTIVE', shop_id: shopA });
    expect(made[2].json()).toMatchObject({ state: 'PENDING' });
    expect(made[3].json()).toMatchObject({ state: 'EXPIRING', days_left: 10, remark: '续签中' });

    const all = await list();
    expect(all.data.map((row) => row.contract_no)).toEqual(['HT-A-OLD', 'HT-B-SOON', 'HT-A-NOW', 'HT-A-NEXT']);
    expect((await list({ sort: 'end_date', order: 'desc' })).data[0].contract_no).toBe('HT-A-NEXT');
    for (const [state, nos] of [['EXPIRED', ['HT-A-OLD']], ['ACTIVE', ['HT-A-NOW']], ['PENDING', ['HT-A-NEXT']], ['EXPIRING', ['HT-B-SOON']], ['TERMINATED', []]] as const) {
      expect((await list({ state })).data.map((row) => row.contract_no), state).toEqual(nos);
    }
    expect((await list({ shop_id: String(shopB) })).data.map((row) => row.shop_name)).toEqual([expect.stringMatching(/^测试店铺/)]);
    expect((await list({ contract_no: 'ht-a-now' })).data).toHaveLength(1);
    expect((await list({ end_from: day(0), end_to: day(300) })).data.map((row) => row.contract_no)).toEqual(['HT-B-SOON', 'HT-A-NOW']);
  });

  it('refuses a clashing number (also two at once), a period overlapping the shop’s contract, and bad input', async () => {
    const taken = await create(contract(shopB, 'Ht-A-Now', 600, 700));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('合同编号已存在');
    const racing = await Promise.all([create(contract(shopB, 'HT-RACE', 800, 900)), create(contract((await insertShop(t.ctx)).id, 'HT-RACE', 800, 900))]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(racing.find((response) => response.statusCode === 400)?.json().message).toBe('合同编号已存在');

    const overlap = await create(contract(shopA, 'HT-A-OVER', 150, 250));
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe('该店铺在此期间已有合同（HT-A-NOW），同一店铺同一时间只能有一份合同');
    const backwards = await create(contract(shopA, 'HT-BACK', 10, 5));
    expect(backwards.json().message).toBe('合同结束日期不能早于开始日期');
    const noFile = await create({ ...contract(shopA, 'HT-NOFILE', 1000, 1100), file_url: '' });
    expect(noFile.json().message).toBe('请上传合同文件');
    const noShop = await create(contract(999_999, 'HT-NOSHOP', 1000, 1100));
    expect(noShop.json().message).toBe('店铺不存在');
  });

  it('gives one shop exactly one of two overlapping contracts added at once', async () => {
    const shop = (await insertShop(t.ctx)).id;
    const results = await Promise.all([create(contract(shop, 'HT-TWIN-1', 0, 365)), create(contract(shop, 'HT-TWIN-2', 100, 465))]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((response) => response.statusCode === 400)?.json().message).toMatch(/^该店铺在此期间已有合同（HT-TWIN-[12]）/);
    expect(await t.ctx.db.select().from(shopContracts).where(eq(shopContracts.shopId, shop))).toHaveLength(1);
  });

  it('terminates a contract once, with a reason, audited and told to the shop; its period is free again', async () => {
    const [now] = (await list({ contract_no: 'HT-A-NOW' })).data;
    expect((await terminate(now.id, '  ')).json().message).toBe('请填写终止原因');
    const both = await Promise.all([terminate(now.id, '店铺严重违规'), terminate(now.id, '店铺严重违规')]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((response) => response.statusCode === 400)?.json().message).toBe('已终止的合同不能终止');
    const ended = (await t.inject({ method: 'GET', url: `${base}/${now.id}`, session: founder })).json() as ContractRow;
    expect(ended).toMatchObject({ state: 'TERMINATED', terminate_reason: '店铺严重违规', terminated_by: 'admin' });
    expect(ended.terminate_time).toBeGreaterThan(0);
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('终止店铺合同');
    const [told] = await t.ctx.db.select().from(notificationsSent).where(and(eq(notificationsSent.receiverType, 'SHOP'), eq(notificationsSent.receiverId, shopA)));
    expect(told.content).toBe('您的店铺合同HT-A-NOW已被平台终止，原因：店铺严重违规');

    const edit = await t.inject({ method: 'PUT', url: `${base}/${now.id}`, session: founder, payload: { ...contract(shopA, 'HT-A-NOW', -34, 300) } });
    expect(edit.json().message).toBe('已终止的合同不能编辑');
    const expired = (await list({ contract_no: 'HT-A-OLD' })).data[0];
    expect((await terminate(expired.id, '补录')).json().message).toBe('已过期的合同不能终止');
    const replacement = await create(contract(shopA, 'HT-A-NEW', 0, 200));
    expect(replacement.statusCode, replacement.body).toBe(200);
    const current = await t.inject({ method: 'GET', url: `/api/admin/shops/${shopA}/contract`, session: founder });
    expect(current.json()).toMatchObject({ contract_no: 'HT-A-NEW', state: 'ACTIVE' });
  });

  it('edits a contract in force, refusing an overlap with the shop’s next one', async () => {
    const [next] = (await list({ contract_no: 'HT-A-NEW' })).data;
    const overlapping = await t.inject({ method: 'PUT', url: `${base}/${next.id}`, session: founder, payload: contract(shopA, 'HT-A-NEW', 0, 250) });
    expect(overlapping.json().message).toBe('该店铺在此期间已有合同（HT-A-NEXT），同一店铺同一时间只能有一份合同');
    const edited = await t.inject({ method: 'PUT', url: `${base}/${next.id}`, session: founder, payload: contract(shopA, 'HT-A-NEW2', 0, 199, { remark: '改期' }) });
    expect(edited.json()).toMatchObject({ contract_no: 'HT-A-NEW2', end_date: day(199), remark: '改期', shop_id: shopA });
  });

  it('tells a shop once, by the daily task, that its contract ends within 30 days', async () => {
    const [soon] = (await list({ contract_no: 'HT-B-SOON' })).data;
    await t.ctx.scheduler.ensureTasks();
    const ticks = await t.ctx.scheduler.runDueTasks(new Date());
    expect(ticks.find((tick) => tick.name === 'contracts.expiry-notice')?.result).toBe('提醒 1 份合同即将到期');
    const letters = () => t.ctx.db.select().from(notificationsSent).where(and(eq(notificationsSent.receiverType, 'SHOP'), eq(notificationsSent.receiverId, shopB)));
    expect((await letters()).map((row) => row.content)).toEqual([`您的店铺合同HT-B-SOON将于${day(10)}到期（剩余10天），请及时联系平台续签。`]);
    const again = await t.ctx.scheduler.runDueTasks(new Date(Date.now() + 86_400_000 + 60_000));
    expect(again.find((tick) => tick.name === 'contracts.expiry-notice')?.result).toBe('提醒 0 份合同即将到期');
    expect(await letters()).toHaveLength(1);
    expect((await t.inject({ method: 'GET', url: `${base}/${soon.id}`, session: founder })).json().expiry_notice_time).toBeGreaterThan(0);
  });

  it('takes the signed file as a real PDF or picture only', async () => {
    const send = (name: string, bytes: Buffer) => {
      const { payload, headers } = multipart(name, bytes);
      return t.inject({ method: 'POST', url: `${base}/files`, session: founder, payload, headers });
    };
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const stored = await send('签约合同.pdf', pdf);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ name: '签约合同.pdf', ext: 'pdf', size: pdf.length });
    expect(stored.json().url).toMatch(/^\/files\/contract\/\d{6}\/[0-9a-f]{24}\.pdf$/);
    expect((await send('扫描件.png', png(20, 20))).statusCode).toBe(200);
    expect((await send('假合同.pdf', png(20, 20))).json().message).toBe('文件内容与扩展名不符，请上传真实的PDF文件');
    expect((await send('合同.docx', pdf)).json().message).toBe('不支持的文件格式，仅支持：pdf, jpg, jpeg, png');
    expect((await send('大合同.png', png(20, 20, { padTo: 10 * 1024 * 1024 + 10 }))).json().message).toBe('合同文件大小不能超过10MB');
  });

  it('needs the contracts permission; a shop editor sees the shop’s contract', async () => {
    const editor = (await t.adminWithPermissions(founder, ['shop', 'shopList', 'shopEdit'])).session;
    expect((await t.inject({ method: 'GET', url: base, session: editor })).statusCode).toBe(403);
    expect((await create(contract(shopB, 'HT-NOPE', 2000, 2100), editor)).statusCode).toBe(403);
    const ofShop = await t.inject({ method: 'GET', url: `/api/admin/shops/${shopB}/contract`, session: editor });
    expect(ofShop.statusCode).toBe(200);
    expect(ofShop.json()).toMatchObject({ contract_no: 'HT-B-SOON', state: 'EXPIRING' });
    const none = await t.inject({ method: 'GET', url: `/api/admin/shops/${(await insertShop(t.ctx)).id}/contract`, session: editor });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });
});
