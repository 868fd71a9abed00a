import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import type { Transaction } from '../db/sql.js';
import { systemLogs } from '../modules/system-logs/tables.js';

/** Names whose values are credentials: never in the audit log or a log line. */
const SECRET_KEY = /pass|token|sms_code|secret|captcha|_key$|signature/i;
const MAX_PARAMS_LENGTH = 2000;

/** A request URL for a log line: the value of every credential in its query replaced by ***. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return SECRET_KEY.test(decoded) ? `${name}=***` : pair;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

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

declare module 'fastify' {
  interface FastifyRequest {
    /** the route's system-log line was written inside the write's own transaction */
    auditLogged?: boolean;
    /**
     * What the write acted on, named in its log line (新增管理员「张三」) so the keyword search finds
     * it: set by a handler whose record is gone when the line is written (a delete), otherwise
     * read from the row the handler answers or the body it was given (`noteAuditSubject`).
     */
    auditSubject?: string;
  }
}

/**
 * The fields that name a record, most telling first: a number for orders, bills and after-sales
 * (whose rows also carry a shop's and a member's name), then the record's own name.
 */
const NAME_KEYS = ['sn', 'order_sn', 'service_sn', 'username', 'role_name', 'goods_name', 'shop_name', 'uname', 'title', 'name'] as const;

/** Whether `value` is one record (it carries an id; a settings document's `title` names no subject) and no background job's answer. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value) || 'task_id' in value) return false;
  return Object.keys(value).some((key) => key === 'id' || key.endsWith('_id'));
}

function nameIn(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of NAME_KEYS) {
    const name = record[key];
    if (typeof name === 'string' && name.trim()) return name.trim();
  }
  return undefined;
}

/**
 * After the handler, unless it named the subject itself: the record it answers, by the record's
 * name or (an answer of just the new id) the name the body gave it.
 */
export function noteAuditSubject(req: FastifyRequest, result: unknown): void {
  if (!req.routeSpec?.log || req.auditSubject !== undefined || !isRecord(result)) return;
  req.auditSubject = nameIn(result) ?? nameIn(req.body);
}

/** The route's text with its subject, unless the text (a function of the request) names it already. */
function logText(req: FastifyRequest, log: NonNullable<NonNullable<FastifyRequest['routeSpec']>['log']>): { zh: string; en: string } {
  const text = typeof log === 'function' ? log(req) : log;
  // written inside the handler's transaction, before any answer: the body names what it edits
  const subject = req.auditSubject ?? (isRecord(req.body) ? nameIn(req.body) : undefined);
  return subject && !text.zh.includes(subject) ? { zh: `${text.zh}「${subject}」`, en: `${text.en} "${subject}"` } : text;
}

function logRow(req: FastifyRequest) {
  const spec = req.routeSpec;
  if (!spec?.log || !req.admin) return undefined;
  const text = logText(req, spec.log);
  return {
    operatorId: req.admin.id,
    operatorName: req.admin.username,
    operateDetail: text.zh.slice(0, 200),
    operateDetailEn: text.en.slice(0, 200),
    operateIp: req.ip,
    level: spec.important ? 'important' : 'normal',
    method: req.method,
    url: req.url.split('?')[0].slice(0, 500),
    params: describeParams(req.params, req.query, req.body),
  };
}

/** Writes a request's system-log line (as its route describes it) inside the write's transaction. */
export type AuditInTransaction = (tx: Transaction) => Promise<void>;

/**
 * The write and its log line then commit or roll back together; the response hook skips the
 * request. For routes whose handler runs its write in one transaction it can hand this to.
 */
export function auditIn(req: FastifyRequest): AuditInTransaction {
  return async (tx) => {
    const row = logRow(req);
    if (!row) throw new Error(`${req.method} ${req.url}: no log description to write`);
    await tx.insert(systemLogs).values(row);
    req.auditLogged = true;
  };
}

/** Records every successful admin write (and sign-in) that its route describes: who, when, what, from where. */
export function registerAuditLog(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (req, reply) => {
    const row = logRow(req);
    if (!row || req.auditLogged || reply.statusCode >= 400) return;
    try {
      await ctx.db.insert(systemLogs).values(row);
    } catch (error) {
      // The operation itself already succeeded; a lost log line must not turn it into an error for the user.
      ctx.log.error({ err: error }, 'failed to write the system log');
    }
  });
}
