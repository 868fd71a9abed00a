import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { CurrencyBodyInput, CurrencyRow, Page } from '@agora/contract';
import { parseOutboundAllow } from '../../platform/outbound.js';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { systemLogs } from '../system-logs/tables.js';
import { plainDecimal } from './rate-source.js';

/** A loopback rate source in the Frankfurter shape; the test sets what it answers. */
let source: http.Server;
let sourceRates: Record<string, string> = {};
let sourceBase = 'CNY';
const sourceRequests: string[] = [];

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  source = http.createServer((req, res) => {
    sourceRequests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/latest') {
      res.writeHead(404).end();
      return;
    }
    const wanted = (url.searchParams.get('to') ?? '').split(',');
    // Numbers written as the source writes them: the test checks they arrive digit for digit.
    const members = wanted.filter((code) => code in sourceRates).map((code) => `"${code}":${sourceRates[code]}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"amount":1.0,"base":"${sourceBase}","date":"2026-11-23","rates":{${members.join(',')}}}`);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  testDb = await createTestDatabase();
  // the rate source is played on 127.0.0.1, which the outbound policy refuses unless allowed
  t = await startTestApp(testDb, { exchangeRateUrl: `http://127.0.0.1:${(source.address() as AddressInfo).port}`, outboundAllow: parseOutboundAllow('127.0.0.1') });
  founder = await t.loginFounder();
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
  await new Promise((resolve) => source.close(resolve));
});

const base = '/api/admin/i18n/currencies';
const list = async (query = '', session = founder) => (await t.inject({ method: 'GET', url: `${base}/list?page_size=50${query}`, session })).json() as Page<CurrencyRow>;
const byCode = async (code: string) => (await list()).data.find((row) => row.currency_code === code) as CurrencyRow;
const add = (payload: CurrencyBodyInput, session = founder) => t.inject({ method: 'POST', url: base, session, payload });
const edit = (id: number, payload: CurrencyBodyInput, session = founder) => t.inject({ method: 'PUT', url: `${base}/${id}`, session, payload });
const bodyOf = (row: CurrencyRow): CurrencyBodyInput => ({
  currency_code: row.currency_code,
  currency_name: row.currency_name,
  currency_symbol: row.currency_symbol,
  rate: row.rate,
  sort: row.sort,
  enable: row.enable,
  auto_rate: row.auto_rate,
  is_default: row.is_default,
});
const lastLog = async () => (await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1))[0];

describe('currencies', () => {
  it('starts with the yuan as the default at rate 1', async () => {
    const current = await t.inject({ method: 'GET', url: `${base}/default`, session: founder });
    expect(current.json()).toMatchObject({ currency_code: 'CNY', currency_name: '人民币', currency_symbol: '￥', rate: '1', is_default: 1, enable: 1 });
  });

  it('keeps rates as exact decimals and refuses taken codes and names with their message', async () => {
    const usd = await add({ currency_code: 'usd', currency_name: '美元', currency_symbol: '$', rate: '0.138270010', sort: 1 });
    expect(usd.json()).toMatchObject({ currency_code: 'USD', rate: '0.13827001', is_default: 0 });
    expect((await lastLog()).operateDetail).toBe('添加币种 usd');
    const eur = await add({ currency_code: 'EUR', currency_name: '欧元', currency_symbol: '€', rate: '0.1295', sort: 2 });
    expect(eur.statusCode).toBe(200);
    expect((await add({ currency_code: 'USD', currency_name: '美金', currency_symbol: '$', rate: '0.2' })).json().message).toBe('币种代码已存在');
    const sameName = await add({ currency_code: 'USN', currency_name: '美元', currency_symbol: '$', rate: '0.2' });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().message).toBe('币种名称已存在');
    expect((await add({ currency_code: 'JPY', currency_name: '日元', currency_symbol: '¥', rate: '0.123456789' })).json().message).toMatch(/8位小数/);
    expect((await add({ currency_code: 'JPY', currency_name: '日元', currency_symbol: '¥', rate: '0' })).json().message).toBe('汇率须大于0');
    expect((await list()).data.map((row) => row.currency_code)).toEqual(['CNY', 'USD', 'EUR']);
    expect((await list('&keyword=美')).data.map((row) => row.currency_code)).toEqual(['USD']);
  });

  it('never lets the default be disabled, deleted, re-rated or un-defaulted', async () => {
    const cny = await byCode('CNY');
    const disable = await t.inject({ method: 'PUT', url: `${base}/enable/${cny.id}?enable=0`, session: founder });
    expect(disable.json().message).toBe('默认币种不能禁用');
    const remove = await t.inject({ method: 'DELETE', url: `${base}/${cny.id}`, session: founder });
    expect(remove.json().message).toBe('默认币种不能删除，请先设置其他默认币种');
    expect((await edit(cny.id, { ...bodyOf(cny), rate: '2' })).json().message).toBe('默认币种的汇率固定为1');
    expect((await edit(cny.id, { ...bodyOf(cny), enable: 0 })).json().message).toBe('默认币种不能禁用');
    expect((await edit(cny.id, { ...bodyOf(cny), is_default: 0 })).json().message).toBe('必须保留一个默认币种，请将其他币种设为默认');
    const renamed = await edit(cny.id, { ...bodyOf(cny), currency_name: '人民币元' });
    expect(renamed.json()).toMatchObject({ currency_name: '人民币元', is_default: 1, rate: '1' });
    expect(await byCode('CNY')).toMatchObject({ is_default: 1, enable: 1 });
  });

  it('making another currency the default rebases every rate on it and frees the old default', async () => {
    const rated = await edit((await byCode('USD')).id, { ...bodyOf(await byCode('USD')), rate: '0.125' });
    expect(rated.json().rate).toBe('0.125');
    const usd = await byCode('USD');
    const stale = await edit(usd.id, { ...bodyOf(usd), rate: '0.126', is_default: 1 });
    expect(stale.json().message).toBe('该币种的汇率已变化，请刷新后再设为默认币种（设为默认时不能同时修改汇率）');
    const made = await edit(usd.id, { ...bodyOf(usd), is_default: 1 });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ is_default: 1, rate: '1' });
    const cny = await byCode('CNY');
    // 1 ÷ 0.125 and 0.1295 ÷ 0.125, exactly
    expect(cny).toMatchObject({ is_default: 0, rate: '8' });
    expect((await byCode('EUR')).rate).toBe('1.036');
    expect((await t.inject({ method: 'GET', url: `${base}/default`, session: founder })).json().currency_code).toBe('USD');
    const disabled = await t.inject({ method: 'PUT', url: `${base}/enable/${cny.id}?enable=0`, session: founder });
    expect(disabled.json()).toMatchObject({ enable: 0 });
    expect((await lastLog()).operateDetail).toBe('禁用币种');
    expect((await list('&enable=0')).data.map((row) => row.currency_code)).toEqual(['CNY']);
    // back: CNY the default again, rates as they were
    await t.inject({ method: 'PUT', url: `${base}/enable/${cny.id}?enable=1`, session: founder });
    const back = await edit(cny.id, { ...bodyOf(await byCode('CNY')), is_default: 1 });
    expect(back.statusCode).toBe(200);
    expect((await byCode('USD')).rate).toBe('0.125');
    expect((await byCode('EUR')).rate).toBe('0.1295');
  });

  it('deletes an ordinary currency, logged in the same transaction', async () => {
    const eur = await byCode('EUR');
    const before = (await lastLog()).id;
    expect((await t.inject({ method: 'DELETE', url: `${base}/${eur.id}`, session: founder })).statusCode).toBe(200);
    const logs = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(3);
    expect(logs.filter((log) => log.id > before).map((log) => log.operateDetail)).toEqual(['删除币种']);
    expect((await t.inject({ method: 'DELETE', url: `${base}/${eur.id}`, session: founder })).json().message).toBe('币种不存在');
  });

  it('of two operators making different currencies the default from the same list, exactly one wins', async () => {
    const gbp = (await add({ currency_code: 'GBP', currency_name: '英镑', currency_symbol: '£', rate: '0.11' })).json() as CurrencyRow;
    const usd = await byCode('USD');
    const [a, b] = await Promise.all([edit(usd.id, { ...bodyOf(usd), is_default: 1 }), edit(gbp.id, { ...bodyOf(gbp), is_default: 1 })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json().message).toBe('该币种的汇率已变化，请刷新后再设为默认币种（设为默认时不能同时修改汇率）');
    const rows = (await list()).data;
    const defaults = rows.filter((row) => row.is_default === 1);
    expect(defaults).toHaveLength(1);
    expect(defaults[0].currency_code).toBe(a.statusCode === 200 ? 'USD' : 'GBP');
    const cny = rows.find((row) => row.currency_code === 'CNY') as CurrencyRow;
    expect(cny.rate).toBe(defaults[0].currency_code === 'USD' ? '8' : '9.09090909');
    expect((await edit(cny.id, { ...bodyOf(cny), is_default: 1 })).statusCode).toBe(200);
  });

  it('of a delete and a make-default of one currency at once, exactly one wins', async () => {
    const hkd = (await add({ currency_code: 'HKD', currency_name: '港币', currency_symbol: 'HK$', rate: '1.08' })).json() as CurrencyRow;
    const [removed, made] = await Promise.all([
      t.inject({ method: 'DELETE', url: `${base}/${hkd.id}`, session: founder }),
      edit(hkd.id, { ...bodyOf(hkd), is_default: 1 }),
    ]);
    expect([removed.statusCode, made.statusCode].filter((code) => code === 200)).toHaveLength(1);
    const rows = (await list()).data;
    expect(rows.filter((row) => row.is_default === 1)).toHaveLength(1);
    if (made.statusCode === 200) {
      expect(removed.json().message).toBe('默认币种不能删除，请先设置其他默认币种');
      const cny = rows.find((row) => row.currency_code === 'CNY') as CurrencyRow;
      await edit(cny.id, { ...bodyOf(cny), is_default: 1 });
    } else {
      expect(made.json().message).toBe('币种不存在');
      expect(rows.some((row) => row.currency_code === 'HKD')).toBe(false);
    }
  });
});

describe('exchange rates from the rate source', () => {
  it('reads a plain decimal out of any number the source writes', () => {
    expect(plainDecimal('1.5e-3')).toBe('0.0015');
    expect(plainDecimal('2E+2')).toBe('200');
    expect(plainDecimal('0.13827')).toBe('0.13827');
    expect(plainDecimal('7')).toBe('7');
  });

  it('the rate tool asks the source against the default and saves nothing', async () => {
    sourceRates = { USD: '0.138270015' };
    const rate = await t.inject({ method: 'GET', url: `${base}/rate?currency_code=usd`, session: founder });
    expect(rate.statusCode).toBe(200);
    expect(rate.json()).toEqual({ base_code: 'CNY', currency_code: 'USD', rate: '0.13827002', rate_date: '2026-11-23' });
    expect(sourceRequests.at(-1)).toBe('/latest?from=CNY&to=USD');
    expect((await byCode('USD')).rate).toBe('0.125');
    const none = await t.inject({ method: 'GET', url: `${base}/rate?currency_code=XAU`, session: founder });
    expect(none.json().message).toBe('汇率来源没有XAU的汇率');
  });

  it('update-rate brings only the auto-sync currencies to the source, digit for digit', async () => {
    const usd = await byCode('USD');
    const gbp = await byCode('GBP');
    const on = await t.inject({ method: 'PUT', url: `${base}/auto-rate/${usd.id}`, session: founder, payload: { auto_rate: 1 } });
    expect(on.json().auto_rate).toBe(1);
    sourceRates = { USD: '0.1382701', GBP: '0.105' };
    const synced = await t.inject({ method: 'PUT', url: `${base}/update-rate`, session: founder });
    expect(synced.json()).toEqual({ updated: [{ currency_code: 'USD', rate: '0.1382701' }], missing: [] });
    expect((await lastLog()).operateDetail).toBe('同步汇率');
    expect((await byCode('USD')).rate).toBe('0.1382701');
    expect((await byCode('GBP')).rate).toBe(gbp.rate);
    const cny = await byCode('CNY');
    expect((await t.inject({ method: 'PUT', url: `${base}/auto-rate/${cny.id}`, session: founder, payload: { auto_rate: 1 } })).json().message).toBe('默认币种的汇率固定为1');
  });

  it('the scheduled task syncs on its own, and a failing source changes nothing', async () => {
    sourceRates = { USD: '1.4e-1' };
    await t.ctx.scheduler.ensureTasks();
    const [outcome] = (await t.ctx.scheduler.runDueTasks(new Date(Date.now() + 2 * 3_600_000))).filter((o) => o.name === 'currencies.auto-rate');
    expect(outcome).toMatchObject({ status: 'ok', result: 'updated 1' });
    expect((await byCode('USD')).rate).toBe('0.14');
    sourceBase = 'EUR';
    const refused = await t.inject({ method: 'PUT', url: `${base}/update-rate`, session: founder });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/^汇率来源暂不可用/);
    expect((await byCode('USD')).rate).toBe('0.14');
    sourceBase = 'CNY';
  });

  it('checks the permissions of the screens', async () => {
    const { session: viewer } = await t.adminWithPermissions(founder, ['exchangeRate']);
    expect((await t.inject({ method: 'GET', url: `${base}/list`, session: viewer })).statusCode).toBe(200);
    expect((await add({ currency_code: 'KRW', currency_name: '韩元', currency_symbol: '₩', rate: '190' }, viewer)).statusCode).toBe(403);
    const { session: other } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await t.inject({ method: 'GET', url: `${base}/list`, session: other })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: `${base}/update-rate`, session: other })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `${base}/default`, session: other })).statusCode).toBe(200);
  });
});
