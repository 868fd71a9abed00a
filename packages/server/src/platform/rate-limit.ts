import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { AppError } from './errors.js';

/**
 * The kinds of request limited per client address. A route joins one with `rateLimit: kind` in its
 * `route()` impl; every route of a kind shares one count (a client that alternates between the two
 * SMS-sending endpoints spends one budget).
 */
export const RATE_LIMIT_KINDS = ['captcha', 'login', 'refresh', 'sms', 'findPassword', 'upload'] as const;
export type RateLimitKind = (typeof RATE_LIMIT_KINDS)[number];

/** Requests per client address per minute, per kind. */
export type RateLimits = Record<RateLimitKind, number>;

const WINDOW_MS = 60_000;

/**
 * What an honest operator never reaches from one address in a minute: a sign-in page fetches a
 * captcha on load and after each failed try, a console renews its token every half hour per tab,
 * the media library uploads a batch of pictures one request each. The counts are per instance
 * (docs/security.md says why that is enough).
 */
export const RATE_LIMIT_DEFAULTS: RateLimits = {
  captcha: 30,
  login: 20,
  refresh: 60,
  sms: 5,
  findPassword: 10,
  upload: 120,
};

/** `findPassword` → `RATE_LIMIT_FIND_PASSWORD` */
export const rateLimitEnvName = (kind: RateLimitKind) => `RATE_LIMIT_${kind.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;

/** The limits, each overridable by its RATE_LIMIT_* variable (a positive integer: requests per minute per address). */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimits {
  const limits = { ...RATE_LIMIT_DEFAULTS };
  for (const kind of RATE_LIMIT_KINDS) {
    const name = rateLimitEnvName(kind);
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer (requests per minute per address), got "${raw}"`);
    limits[kind] = value;
  }
  return limits;
}

type RateLimitHook = ReturnType<FastifyInstance['rateLimit']>;
const hooksByApp = new WeakMap<FastifyInstance, Map<RateLimitKind, RateLimitHook>>();

/**
 * Registers @fastify/rate-limit without a global limit and builds one limiter per kind. A refused
 * request is an AppError, so the error handler answers it in the API's shape `{ code, message }`
 * (with `Retry-After`), before its body is read.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits, trustProxy: false | string[]): Promise<void> {
  if (!trustProxy) warnOfUntrustedProxy(app);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => new AppError(429, 'RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  hooksByApp.set(app, new Map(RATE_LIMIT_KINDS.map((kind) => [kind, app.rateLimit({ max: limits[kind], timeWindow: WINDOW_MS })])));
}

export const UNTRUSTED_PROXY = {
  zh: '请求经代理转发（带 X-Forwarded-For），但未设置 TRUST_PROXY：所有客户端都按代理的地址计数，一个人就能让所有人的登录被限流。请把代理的地址写进 TRUST_PROXY（见 docs/security.md）',
  en: "Requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client counts as the proxy's address, so one client can rate-limit everyone's sign-in. List the proxy's address in TRUST_PROXY (see docs/security.md)",
};

/**
 * Behind a proxy nobody declared, every operator shares the proxy's address and its limits: said
 * once per instance, at the first request that shows it, where whoever runs the server looks.
 */
function warnOfUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (req, _reply, done) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn(`${UNTRUSTED_PROXY.zh} / ${UNTRUSTED_PROXY.en}`);
    }
    done();
  });
}

/** The limiter of `kind` for a route of `app` (registerRateLimits first). */
export function rateLimitHook(app: FastifyInstance, kind: RateLimitKind): RateLimitHook {
  const hook = hooksByApp.get(app)?.get(kind);
  if (!hook) throw new Error(`rate limit ${kind}: registerRateLimits(app) must run before the routes are registered`);
  return hook;
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For names the client, whose address the limits and the
 * sign-in throttle count. Unset or `0`: none, the connection's address is the client. Otherwise a
 * comma list of the proxies' addresses or CIDR ranges (`10.0.0.5`, `172.16.0.0/12`); `1` stands
 * for any loopback or private-network proxy. The client is the first address, read from the right,
 * that is not a trusted proxy: entries a client wrote into its own X-Forwarded-For stay to the left
 * of the address its proxy appended and are never taken. Never "trust everything": the leftmost
 * entry is whatever the client wrote.
 */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv): false | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === '0') return false;
  if (raw === '1') return ['loopback', 'linklocal', 'uniquelocal'];
  return raw.split(',').map((entry) => entry.trim()).filter(Boolean);
}
