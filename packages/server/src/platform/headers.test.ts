import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../test/harness.js';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

describe('security headers', () => {
  it('come with every answer: a CSP without eval that only our own pages may frame, no sniffing, same-origin framing', async () => {
    for (const url of ['/api/base/lang/codes', '/api/no/such/route', '/admin/login']) {
      const { headers } = await t.inject({ method: 'GET', url });
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});
