import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../test/harness.js';
import { brands } from '../modules/goods/tables.js';
import { MAX_INPUT_DEPTH } from './http.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

/** A brand body whose `extra` is `{"a":{"a":…1}}`, `depth` objects deep, as JSON text (too deep for JSON.stringify). */
const deepBrand = (name: string, depth: number) =>
  `{"name":"${name}","logo":"/files/brand/a.png","extra":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;

describe('input every route refuses before its schema', () => {
  it('answers 400 to a NUL character in a body, a query or a sign-in field, and writes nothing', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/admin/goods/brands', session: founder, payload: { name: 'a\u0000b', logo: '/files/brand/a.png' } });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ code: 'INPUT_NUL', message: '请求中含有不允许的空字符' });
    expect(await t.ctx.db.select().from(brands).where(eq(brands.name, 'a\u0000b')).catch(() => [])).toHaveLength(0);

    const keyed = await t.inject({ method: 'POST', url: '/api/admin/goods/brands', session: founder, payload: { name: '正常', logo: '', ['x\u0000']: 1 } });
    expect(keyed.json().code).toBe('INPUT_NUL');

    const searched = await t.inject({ method: 'GET', url: '/api/admin/members?keyword=a%00b', session: founder });
    expect(searched.statusCode).toBe(400);
    expect(searched.json().code).toBe('INPUT_NUL');

    const signIn = await t.inject({ method: 'GET', url: '/api/admin/systems/admin-users/login?username=ad%00min&password=x&captcha=test&uuid=u1' });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().code).toBe('INPUT_NUL');
  });

  it('refuses a body nested deeper than the limit (10 000 levels included) and changes nothing; the limit itself passes', async () => {
    for (const depth of [MAX_INPUT_DEPTH + 1, 10_000]) {
      const response = await t.inject({ method: 'POST', url: '/api/admin/goods/brands', session: founder, headers: { 'content-type': 'application/json' }, payload: deepBrand(`深${depth}`, depth) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ code: 'INPUT_TOO_DEEP', message: `请求数据层级过深（最多${MAX_INPUT_DEPTH}层）` });
      expect(await t.ctx.db.select().from(brands).where(eq(brands.name, `深${depth}`))).toHaveLength(0);
    }
    // The body itself is one level: an extra field nested to the limit below it is within bounds (and ignored by the schema).
    const fine = await t.inject({ method: 'POST', url: '/api/admin/goods/brands', session: founder, headers: { 'content-type': 'application/json' }, payload: deepBrand('深度正好', MAX_INPUT_DEPTH - 1) });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
