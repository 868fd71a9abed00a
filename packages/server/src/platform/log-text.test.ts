import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MODULE_ROUTES } from '../app.js';
import type { LogText, RouteSpec } from './http.js';

const ROUTES = MODULE_ROUTES.flat() as RouteSpec<any, any, any>[];
const CHINESE = /[\u3400-\u9fff\uff00-\uffef]/;

/** A request with nothing in it, and one with everything a log line may read: a line must come out of both. */
const REQUESTS = [
  { params: {}, query: {}, body: {}, headers: {} },
  { params: { status: 'AUDIT_PASS', opera_type: 'open', plugin_id: 'alipay' }, query: { status: 'PASS', disabled: 'CLOSE', enable: '0', type: '1', pass: '1' }, body: { name: 'SF Express', currency_code: 'USD', publish: 1, status: 1, auto_rate: 1, audit_result: 'PASS' }, headers: {} },
] as unknown as FastifyRequest[];

describe('system-log lines', () => {
  it('every route that writes a log line says it in Chinese and in English', () => {
    const texts: [string, LogText][] = [];
    for (const spec of ROUTES) {
      if (!spec.log) continue;
      const where = `${spec.method} ${spec.url}`;
      if (typeof spec.log === 'function') for (const req of REQUESTS) texts.push([where, spec.log(req)]);
      else texts.push([where, spec.log]);
    }
    expect(texts.length).toBeGreaterThan(100);
    for (const [where, text] of texts) {
      expect(text.zh.trim(), where).not.toBe('');
      expect(CHINESE.test(text.zh), `${where}: ${text.zh}`).toBe(true);
      expect(text.en.trim(), where).not.toBe('');
      expect(CHINESE.test(text.en), `${where}: ${text.en}`).toBe(false);
    }
  });
});
