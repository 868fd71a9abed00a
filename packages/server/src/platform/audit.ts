import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { systemLogs } from '../modules/system-logs/tables.js';

const SECRET_KEY = /pass|passwprd|token|sms_code|secret|captcha/i;
const MAX_PARAMS_LENGTH = 2000;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, SECRET_KEY.test(key) ? '***' : redact(inner)]),
    );
  }
  return value;
}

export function describeParams(params: unknown, query: unknown, body: unknown): string {
  const parts: Record<string, unknown> = {};
  for (const [name, value] of Object.entries({ params, query, body })) {
    if (value && typeof value === 'object' && Object.keys(value).length > 0) parts[name] = redact(value);
  }
  const text = Object.keys(parts).length ? JSON.stringify(parts) : '';
  return text.length > MAX_PARAMS_LENGTH ? `${text.slice(0, MAX_PARAMS_LENGTH)}…` : text;
}

/** Records every successful admin write (and sign-in) that its route describes: who, when, what, from where. */
export function registerAuditLog(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (req, reply) => {
    const spec = req.routeSpec;
    if (!spec?.log || !req.admin || reply.statusCode >= 400) return;
    try {
      await ctx.db.insert(systemLogs).values({
        operatorId: req.admin.id,
        operatorName: req.admin.username,
        operateDetail: typeof spec.log === 'function' ? spec.log(req) : spec.log,
        operateIp: req.ip,
        level: spec.important ? 'important' : 'normal',
        method: req.method,
        url: req.url.split('?')[0].slice(0, 500),
        params: describeParams(req.params, req.query, req.body),
      });
    } catch (error) {
      // The operation itself already succeeded; a lost log line must not turn it into an error for the user.
      ctx.log.error({ err: error }, 'failed to write the system log');
    }
  });
}
