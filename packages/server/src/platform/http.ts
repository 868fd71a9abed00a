import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTE_BY_NAME, type AnyEndpoint, type BodyOf, type ParamsOf, type Permission, type QueryOf, type RouteName, type Returns, type ResponseOf } from '@agora/contract';
import type { ZodType } from 'zod';
import { z } from 'zod';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { authenticate, type AuthedAdmin } from './auth.js';
import { rateLimitHook, type RateLimitKind } from './rate-limit.js';
import { noteAuditSubject } from './audit.js';

export type { Permission };

export interface HandlerContext<Q, B, P> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: Q;
  body: B;
  params: P;
  admin: AuthedAdmin;
  ctx: AppContext;
}

/**
 * A system-log line in the console's two languages: the list shows the one its reader uses
 * (`{ zh: '删除品牌', en: 'Delete brands' }`).
 */
export interface LogText {
  zh: string;
  en: string;
}

/** The console language of a request (its `language` header, as the web client sends it). */
export const requestLanguage = (req: FastifyRequest): 'zh' | 'en' => {
  const header = req.headers.language;
  return (Array.isArray(header) ? header[0] : header)?.toLowerCase().startsWith('en') ? 'en' : 'zh';
};

export interface RouteSpec<Q = unknown, B = unknown, P = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** path below /api/ */
  url: string;
  permission: Permission;
  /** the session must have passed a second-step check in the last minutes: always, or when the predicate says so */
  twoStep?: boolean | TwoStepPredicate;
  /** what the system log says this call did, in both languages; every admin write must have one */
  log?: LogText | ((req: FastifyRequest) => LogText);
  /** a POST that only reads (the spec made it a POST): it changes nothing, so there is nothing to log */
  readOnly?: true;
  important?: boolean;
  /** the query's fields may come as a JSON body too (the body's win): a POST the spec sends with a query */
  queryFromBody?: true;
  /** requests per client address are limited with the others of this kind (platform/rate-limit.ts), refused with 429 before anything else */
  rateLimit?: RateLimitKind;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  params?: ZodType<P>;
  handler(context: HandlerContext<Q, B, P>): Promise<unknown>;
  /** the contract entry this route answers */
  endpoint?: AnyEndpoint;
}

/** An endpoint with a declared response must answer it; one without answers `{}` whatever the handler returns. */
type HandlerResult<E extends AnyEndpoint> = E['response'] extends Returns<unknown> ? ResponseOf<E> : unknown;

/** Whether this request of a `twoStep: 'conditional'` endpoint needs the second step. */
export type TwoStepPredicate = (ctx: AppContext, req: FastifyRequest) => Promise<boolean>;

export interface RouteImpl<E extends AnyEndpoint> {
  /**
   * The contract entry declares the second step. A `'conditional'` entry's route gives the
   * predicate here; a boolean states what the route expects the entry to declare (an export's
   * `contents` decides it), checked like the predicate: a disagreement stops the server.
   */
  twoStep?: boolean | TwoStepPredicate;
  log?: RouteSpec['log'];
  readOnly?: true;
  important?: boolean;
  queryFromBody?: true;
  rateLimit?: RateLimitKind;
  handler(context: HandlerContext<QueryOf<E>, BodyOf<E>, ParamsOf<E>>): Promise<HandlerResult<E>> | HandlerResult<E>;
}

/** The server's side of a contract endpoint: its path, method, permission and schemas come from the entry. */
export function route<E extends AnyEndpoint>(endpoint: E, impl: RouteImpl<E>): RouteSpec<QueryOf<E>, BodyOf<E>, ParamsOf<E>> {
  const answersEmpty = endpoint.response === undefined && !endpoint.binary;
  return {
    method: endpoint.method,
    url: endpoint.path,
    permission: endpoint.permission,
    query: endpoint.query as ZodType<QueryOf<E>> | undefined,
    body: (endpoint.multipart ? undefined : endpoint.body) as ZodType<BodyOf<E>> | undefined,
    params: endpoint.params as ZodType<ParamsOf<E>> | undefined,
    twoStep: twoStepOf(endpoint, impl),
    log: impl.log,
    readOnly: impl.readOnly,
    important: impl.important,
    queryFromBody: impl.queryFromBody,
    rateLimit: impl.rateLimit,
    endpoint,
    async handler(context) {
      const result = await impl.handler(context);
      return answersEmpty && !context.reply.sent ? {} : result;
    },
  };
}

/**
 * What the server enforces: the contract entry's declaration, with the route's predicate for a
 * conditional one. A route that disagrees with its entry (a predicate on an entry that is not
 * conditional, none on one that is, an export of records on an entry without the step) throws,
 * so the server does not start with a second step the contract does not show.
 */
export function twoStepOf(endpoint: AnyEndpoint, impl: Pick<RouteImpl<AnyEndpoint>, 'twoStep'>): RouteSpec['twoStep'] {
  const declared = endpoint.twoStep;
  const given = impl.twoStep;
  const where = `${endpoint.method} ${endpoint.path}`;
  if (declared === 'conditional') {
    if (typeof given !== 'function') throw new Error(`${where}: the contract declares a conditional second step; its route must give the predicate`);
    return given;
  }
  if (typeof given === 'function') throw new Error(`${where}: its route decides a second step the contract entry does not declare 'conditional'`);
  if (given !== undefined && given !== (declared === true)) throw new Error(`${where}: its route expects twoStep ${given}, the contract entry declares ${declared ?? 'none'}`);
  return declared === true ? true : undefined;
}

/**
 * Every contract endpoint has exactly one route and every route's endpoint is in the contract:
 * a missing or stray handler stops the server at start-up.
 */
export function checkEndpointCoverage(specs: readonly RouteSpec<any, any, any>[], endpoints: readonly AnyEndpoint[]): void {
  const known = new Set(endpoints);
  const seen = new Set<AnyEndpoint>();
  for (const spec of specs) {
    if (!spec.endpoint) continue;
    if (!known.has(spec.endpoint)) throw new Error(`${spec.method} ${spec.url}: its endpoint ${spec.endpoint.id || '(unnamed)'} is not in the contract's ENDPOINTS`);
    if (seen.has(spec.endpoint)) throw new Error(`${spec.endpoint.id}: two handlers`);
    seen.add(spec.endpoint);
  }
  const missing = endpoints.filter((endpoint) => !seen.has(endpoint)).map((endpoint) => endpoint.id);
  if (missing.length > 0) throw new Error(`endpoints without a handler: ${missing.join(', ')}`);
}

/** Identity helper that keeps the generic parameters inferred from the schemas. */
export function defineRoute<Q = unknown, B = unknown, P = unknown>(spec: RouteSpec<Q, B, P>): RouteSpec<Q, B, P> {
  return spec;
}

/** For a route whose permission depends on what the call does: the admin must hold one of `names`. */
export function assertPermitted(admin: AuthedAdmin, ...names: RouteName[]): void {
  if (!admin.founder && !names.some((name) => admin.permissions.has(name))) throw new AppError(403, 'NO_PERMISSION');
}

export function permissionNames(permission: Permission): RouteName[] {
  if (permission === 'public' || permission === 'signed-in') return [];
  return typeof permission === 'string' ? [permission] : [...permission];
}

/** How deep a request's data may nest: far beyond any form of the console, far below what could exhaust a stack. */
export const MAX_INPUT_DEPTH = 32;

/**
 * What every route refuses before its schema sees the input: data nested deeper than
 * MAX_INPUT_DEPTH (nothing legitimate is, and the audit log must be able to describe what it keeps)
 * and a NUL character in any key or string (PostgreSQL cannot store one).
 */
export function checkInput(...inputs: unknown[]): void {
  const pending: { value: unknown; depth: number }[] = inputs.map((value) => ({ value, depth: 0 }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\0')) throw new AppError(400, 'INPUT_NUL');
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) throw new AppError(400, 'INPUT_TOO_DEEP', { max: MAX_INPUT_DEPTH });
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\0')) throw new AppError(400, 'INPUT_NUL');
        pending.push({ value: inner, depth: depth + 1 });
      }
    }
  }
}

export function parse<T>(schema: ZodType<T> | undefined, value: unknown): T {
  if (!schema) return value as T;
  // An absent body or query is `{}` to an object schema; a schema that takes none (`body.optional()`) gets none.
  const result = schema.safeParse(value ?? (schema.safeParse(undefined).success ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  // Our own messages are written for people (Chinese); zod's defaults get the field name in front.
  const message = /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : `${field ? `${field}: ` : ''}${issue.message}`;
  throw new AppError(400, 'VALIDATION', {}, message);
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AuthedAdmin;
    routeSpec?: RouteSpec<any, any, any>;
  }
}

export function registerRoutes(app: FastifyInstance, ctx: AppContext, specs: RouteSpec<any, any, any>[]): void {
  for (const spec of specs) {
    for (const name of permissionNames(spec.permission)) {
      if (!ROUTE_BY_NAME.has(name)) throw new Error(`${spec.method} ${spec.url}: unknown permission ${name}`);
    }
    if (spec.method !== 'GET' && spec.permission !== 'public' && !spec.log && !spec.readOnly) {
      throw new Error(`${spec.method} ${spec.url}: an admin write needs a log description`);
    }
    app.route({
      method: spec.method,
      url: `/api/${spec.url}`,
      ...(spec.rateLimit ? { onRequest: rateLimitHook(app, spec.rateLimit) } : {}),
      handler: async (req, reply) => {
        req.routeSpec = spec;
        let admin: AuthedAdmin | undefined;
        if (spec.permission !== 'public') {
          admin = await authenticate(ctx, req);
          req.admin = admin;
          const needed = permissionNames(spec.permission);
          if (needed.length > 0) assertPermitted(admin, ...needed);
          const twoStep = typeof spec.twoStep === 'function' ? await spec.twoStep(ctx, req) : spec.twoStep;
          if (twoStep && !(admin.twoStepUntil && admin.twoStepUntil.getTime() > Date.now())) {
            throw new AppError(428, 'TWO_STEP_REQUIRED');
          }
        }
        checkInput(req.params, req.query, req.body);
        // Only input to parse needs the rules (their freshness is a database read): a call without
        // any, the login page's GET base/startup, answers while the demo holds the embedded database.
        const installInputRules = spec.params || spec.query || spec.body ? await ctx.inputRules?.() : undefined;
        installInputRules?.();
        const params = parse(spec.params, req.params);
        const query = parse(spec.query, spec.queryFromBody ? queryWithBody(req) : req.query);
        const body = parse(spec.body, req.body);
        const result = await spec.handler({ req, reply, query, body, params, admin: admin as AuthedAdmin, ctx });
        noteAuditSubject(req, result);
        // A handler that returns its reply gets `undefined` here (the reply is a thenable the await
        // adopts); once its headers are out, or its client has gone, there is nothing more to send.
        if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
        return result === undefined ? reply.status(200).send({}) : result;
      },
    });
  }
}

/** The query's fields with a JSON body's laid over them (`queryFromBody`). */
export function queryWithBody(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  return { ...(req.query as Record<string, unknown>), ...(typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}) };
}

export const emptyBody = z.object({}).passthrough();
