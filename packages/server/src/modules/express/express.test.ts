import { describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import type { LogiCompanyBodyInput, LogiCompanyRow, Page } from '@agora/contract';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { systemLogs } from '../system-logs/tables.js';
import { shipments } from '../orders/tables.js';
import { logiCompanies } from './tables.js';
import { carrierUsed } from './service.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const base = '/api/admin/systems/logi-companies';
const add = (payload: LogiCompanyBodyInput, session = founder) => t.inject({ method: 'POST', url: base, session, payload });
const edit = (id: number, payload: LogiCompanyBodyInput) => t.inject({ method: 'PUT', url: `${base}/${id}`, session: founder, payload });
const list = async (query = '') => (await t.inject({ method: 'GET', url: `${base}?page_size=50${query}`, session: founder })).json() as Page<LogiCompanyRow>;
const lastLog = async () => (await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1))[0];

const SF: LogiCompanyBodyInput = { name: '顺丰速运', code: 'shunfeng', kdcode: 'SF', is_waybill: 1, form_items: [{ name: '月结账号', code: 'MonthCode' }] };

describe('logistics companies', () => {
  it('adds a carrier with its waybill fields, logged in the same transaction', async () => {
    const created = await add(SF);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: '顺丰速运', code: 'shunfeng', kdcode: 'SF', is_waybill: 1, disabled: 'OPEN', used: 0, form_items: [{ name: '月结账号', code: 'MonthCode' }] });
    expect((await lastLog()).operateDetail).toBe('添加物流公司 顺丰速运');
    const fetched = await t.inject({ method: 'GET', url: `${base}/${created.json().logi_id}`, session: founder });
    expect(fetched.json().name).toBe('顺丰速运');
  });

  it('refuses a taken name, code or KDN code with its message, never a 500', async () => {
    expect((await add({ ...SF, code: 'sf2', kdcode: 'SF2' })).json()).toMatchObject({ message: '物流公司名称已存在' });
    expect((await add({ ...SF, name: '顺丰快运', kdcode: 'SF2' })).json()).toMatchObject({ message: '物流公司代码已存在' });
    expect((await add({ ...SF, name: '顺丰快运', code: 'sf2' })).json()).toMatchObject({ message: '快递鸟代码已被其他物流公司使用' });
    expect((await add({ name: '中通快递', code: 'zhongtong', is_waybill: 1 })).json()).toMatchObject({ message: '支持电子面单时请填写快递鸟代码' });
    expect((await add({ name: '中通快递', code: 'zto', form_items: [{ name: 'a', code: 'A' }, { name: 'b', code: 'A' }] })).json().message).toBe('面单字段代码不能重复');
    // Without waybills the KDN code may stay empty, for any number of carriers.
    expect((await add({ name: '德邦快递', code: 'debang' })).statusCode).toBe(200);
    expect((await add({ name: '安能物流', code: 'anneng' })).statusCode).toBe(200);
  });

  it('of two operators adding the same name at once, exactly one wins', async () => {
    const [a, b] = await Promise.all([add({ name: '极兔速递', code: 'jt1' }), add({ name: '极兔速递', code: 'jt2' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((a.statusCode === 400 ? a : b).json().message).toBe('物流公司名称已存在');
    expect((await list('&keyword=极兔')).data).toHaveLength(1);
  });

  it('enables and disables, and filters by state', async () => {
    const debang = (await list('&keyword=德邦')).data[0];
    const closed = await t.inject({ method: 'POST', url: `${base}/${debang.logi_id}?disabled=CLOSE`, session: founder });
    expect(closed.json().disabled).toBe('CLOSE');
    expect((await lastLog()).operateDetail).toBe('禁用物流公司');
    expect((await list('&disabled=CLOSE')).data.map((row) => row.name)).toEqual(['德邦快递']);
    const bad = await t.inject({ method: 'POST', url: `${base}/${debang.logi_id}?disabled=MAYBE`, session: founder });
    expect(bad.json().message).toBe('状态只能是OPEN或CLOSE');
  });

  it('a carrier shipments name can be neither deleted nor renamed; an unused one is deleted', async () => {
    const sf = (await list('&keyword=顺丰')).data[0];
    await t.ctx.db.insert(shipments).values([
      { orderId: 1, logiName: '顺丰速运', shipNo: 'SF1', shippedAt: new Date() },
      { orderId: 2, logiName: '顺丰速运', shipNo: 'SF2', shippedAt: new Date() },
    ]);
    expect((await list('&keyword=顺丰')).data[0].used).toBe(1);
    const removed = await t.inject({ method: 'DELETE', url: `${base}/${sf.logi_id}`, session: founder });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toBe('该物流公司已有2条发货记录，不能删除');
    expect((await edit(sf.logi_id, { ...SF, name: '顺丰' })).json().message).toBe('该物流公司已有发货记录，不能修改名称');
    const recoded = await edit(sf.logi_id, { ...SF, code: 'SF-EXPRESS' });
    expect(recoded.json()).toMatchObject({ name: '顺丰速运', code: 'SF-EXPRESS' });

    const anneng = (await list('&keyword=安能')).data[0];
    expect((await t.inject({ method: 'DELETE', url: `${base}/${anneng.logi_id}`, session: founder })).statusCode).toBe(200);
    expect((await lastLog()).operateDetail).toBe('删除物流公司');
    expect((await t.inject({ method: 'DELETE', url: `${base}/${anneng.logi_id}`, session: founder })).json().message).toBe('物流公司不存在');
  });

  it('answers only to the express settings permission', async () => {
    const { session: other } = await t.adminWithPermissions(founder, ['currency']);
    expect((await t.inject({ method: 'GET', url: base, session: other })).statusCode).toBe(403);
    expect((await add({ name: '天天快递', code: 'tt' }, other)).statusCode).toBe(403);
    const { session: allowed } = await t.adminWithPermissions(founder, ['expressSettings']);
    expect((await add({ name: '天天快递', code: 'tt' }, allowed)).statusCode).toBe(200);
  });

  it('tells whether a carrier is used by one probe of the shipments index, however many shipments there are', { timeout: 120_000 }, async () => {
    // shipments as a busy platform holds them: several carriers, each in long runs
    await t.ctx.db.execute(sql`
      insert into shipments (order_id, logi_name, ship_no, shipped_at)
      select i, (array['中通快递','圆通速递','申通快递','韵达快递','京东物流','邮政EMS'])[1 + i / 10000], 'N' || i, now()
      from generate_series(0, 59999) as i`);
    await t.ctx.db.execute(sql`analyze shipments`);
    const read = t.ctx.db.select({ id: logiCompanies.id, used: carrierUsed }).from(logiCompanies).orderBy(desc(logiCompanies.id)).limit(10);
    const plan = ((await t.ctx.db.execute(sql`explain ${read}`)).rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    expect(plan).not.toMatch(/Seq Scan on shipments/);
    expect(plan).toMatch(/Index Only Scan using shipments_logi_name_idx/);
    const zto = await add({ name: '中通快递', code: 'zto' });
    const unused = await add({ name: '中通', code: 'zt' });
    const rows = (await list()).data;
    expect(rows.find((row) => row.logi_id === zto.json().logi_id)?.used).toBe(1);
    // a name that only begins another carrier's is not that carrier
    expect(rows.find((row) => row.logi_id === unused.json().logi_id)?.used).toBe(0);
    expect((await edit(unused.json().logi_id, { name: '中通速递', code: 'zt' })).statusCode).toBe(200);
    expect((await edit(zto.json().logi_id, { name: '中通快运', code: 'zto' })).json().message).toBe('该物流公司已有发货记录，不能修改名称');
  });
});
