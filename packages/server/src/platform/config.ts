import fs from 'node:fs';
import path from 'node:path';
import { ERRORS, PASSWORD_PATTERN, UPLOAD_STREAM_MAX_MB, formatMessage, type ErrorCode } from '@agora/contract';
import { DEMO_PASSWORD } from '../seed/demo-team.js';
import { s3ConfigFromEnv, type S3Config } from './s3-storage.js';
import { rateLimitsFromEnv, trustProxyFromEnv, type RateLimits } from './rate-limit.js';
import { REPO_ROOT } from './paths.js';
import { parseOutboundAllow, type OutboundAllow } from './outbound.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  captchaFixedCode: string | undefined;
  /**
   * NODE_ENV=production: no demo data whatever SEED_DEMO says, no published password for the
   * founder, a warning for any admin who still has one (docs/operations.md)
   */
  production: boolean;
  /** the founder's first password (ADMIN_PASSWORD); in production only when given: a first start refuses without it */
  adminPassword: string | undefined;
  webDist: string;
  /** the built decoration app (packages/decor/dist), served under /decor/ and for the public pages */
  decorDist: string;
  /** the origin the console opens the decoration app on (DECOR_ORIGIN), when not its own */
  decorOrigin: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  /** where the local storage driver keeps files; null = a throw-away directory (tests without DATA_DIR) */
  uploadsDir: string | null;
  /** size of the demo marketplace written on a fresh database */
  demoSize: 'full' | 'small';
  /** the largest video `POST admin/uploaders/stream` takes, in MB */
  streamUploadMaxMb: number;
  /** how long a request body may take to arrive before the connection is closed, plus a second per 64 KB it announces */
  bodyTimeoutMs: number;
  /** an S3-compatible bucket for uploads (S3_*), or null for the local disk */
  s3: S3Config | null;
  /** requests per client address per minute on the limited routes (RATE_LIMIT_*; platform/rate-limit.ts) */
  rateLimits: RateLimits;
  /** which proxies' X-Forwarded-For names the client (TRUST_PROXY; platform/rate-limit.ts) */
  trustProxy: false | string[];
  /**
   * Whether this instance runs background jobs and scheduled tasks (BACKGROUND_WORK=0 makes a
   * request-only instance). Tests leave it off and drive the runner and the scheduler by hand.
   */
  backgroundWork: boolean;
  /** the exchange-rate source the currency sync asks (a Frankfurter-style `GET {url}/latest?from&to`) */
  exchangeRateUrl: string;
  /**
   * How long an instance trusts its copy of the rules operators edit that input validation reads
   * (countries' mobile patterns) before it compares their signature in the database again
   * (INPUT_RULES_REFRESH_MS): an edit on another instance is enforced here within this time.
   */
  inputRulesTtlMs: number;
  /** the WeChat official account API the service-message templates are synced from (empty id or secret: not configured) */
  wechat: { apiUrl: string; appId: string; appSecret: string };
  /** the hosts and networks outbound requests may reach although not public (OUTBOUND_ALLOW; platform/outbound.ts) */
  outboundAllow: OutboundAllow;
  /** the bearer token `GET /metrics` asks for (METRICS_TOKEN); unset, the endpoint is off */
  metricsToken: string | undefined;
  /**
   * How long a stopping instance answers 503 on /readyz before it closes its port (SHUTDOWN_GRACE_MS):
   * long enough for a load balancer's probe to see it. 5 s in production, none in development.
   */
  shutdownGraceMs: number;
}

export const DEFAULT_ADMIN_PASSWORD = 'admin123';
/** Passwords anyone can read in the README and the demo: never an operator's own. */
export const PUBLISHED_PASSWORDS: readonly string[] = [DEFAULT_ADMIN_PASSWORD, DEMO_PASSWORD];

/**
 * What an operator is refused on a terminal (a start, a command): one line, Chinese then English,
 * from the contract's message table. Printed as it is, without a stack: the operator fixes the
 * environment, not the code.
 */
export class OperatorRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(operatorLine(ERRORS[code], params));
    this.name = 'OperatorRefusal';
  }
}

/** A bilingual text as one terminal line. */
export function operatorLine(text: { zh: string; en: string }, params: Record<string, string | number> = {}): string {
  return `${formatMessage(text.zh, params)} / ${formatMessage(text.en, params)}`;
}

/** Why a password an operator gives for an administrator (ADMIN_PASSWORD, the reset command) is refused, if it is. */
export function adminPasswordRefusal(password: string): 'PASSWORD_PUBLISHED' | 'PASSWORD_RULE_BROKEN' | undefined {
  if (PUBLISHED_PASSWORDS.includes(password)) return 'PASSWORD_PUBLISHED';
  if (!PASSWORD_PATTERN.test(password)) return 'PASSWORD_RULE_BROKEN';
  return undefined;
}

/**
 * Where data lives without DATA_DIR: `data` at the repository's root. An install from before that
 * default kept its database in packages/server/data (where `npm start` runs); while the root holds
 * no database and that one exists, it stays in use, so an upgrade never starts on an empty console.
 */
export function defaultDataDir(root = REPO_ROOT): string {
  const current = path.join(root, 'data');
  const legacy = path.join(root, 'packages', 'server', 'data');
  return !fs.existsSync(path.join(current, 'pglite')) && fs.existsSync(path.join(legacy, 'pglite')) ? legacy : current;
}
/** DATA_DIR as given (relative to the working directory), else the default. */
const dataDirOf = (env: NodeJS.ProcessEnv) => (env.DATA_DIR ? path.resolve(env.DATA_DIR) : defaultDataDir());

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be ${min === 1 ? 'a positive integer' : `an integer of at least ${min}`}, got "${raw}"`);
  return value;
}

/** DECOR_ORIGIN as an origin (scheme, host and port, no path), or undefined when unset. */
function decorOriginOf(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // refused below
  }
  throw new Error(`DECOR_ORIGIN must be an http(s) origin, got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const captchaFixedCode = env.CAPTCHA_FIXED_CODE || undefined;
  // A fixed captcha answer exists for automated tests; in production it would open the door to scripted logins.
  if (captchaFixedCode && env.NODE_ENV === 'production') {
    throw new Error('CAPTCHA_FIXED_CODE must not be set when NODE_ENV=production');
  }
  const production = env.NODE_ENV === 'production';
  // Development keeps the README's default; production has none to fall back on.
  const adminPassword = env.ADMIN_PASSWORD || (production ? undefined : DEFAULT_ADMIN_PASSWORD);
  const refusal = production && adminPassword !== undefined ? adminPasswordRefusal(adminPassword) : undefined;
  if (refusal) throw new OperatorRefusal(refusal, { name: 'ADMIN_PASSWORD' });
  return {
    port: intEnv(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: dataDirOf(env),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtl: intEnv(env, 'ACCESS_TOKEN_TTL', 30 * 60),
    refreshTokenTtl: intEnv(env, 'REFRESH_TOKEN_TTL', 7 * 24 * 3600),
    captchaFixedCode,
    production,
    adminPassword,
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'packages', 'web', 'dist')),
    decorDist: path.resolve(env.DECOR_DIST || path.join(REPO_ROOT, 'packages', 'decor', 'dist')),
    decorOrigin: decorOriginOf(env.DECOR_ORIGIN),
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: env.SEED_DEMO !== '0' && !production,
    demoSize: env.DEMO_SIZE === 'small' ? 'small' : 'full',
    streamUploadMaxMb: intEnv(env, 'UPLOAD_STREAM_MAX_MB', UPLOAD_STREAM_MAX_MB),
    bodyTimeoutMs: intEnv(env, 'BODY_TIMEOUT_SECONDS', 30) * 1000,
    s3: s3ConfigFromEnv(env),
    rateLimits: rateLimitsFromEnv(env),
    trustProxy: trustProxyFromEnv(env),
    backgroundWork: env.BACKGROUND_WORK !== '0',
    inputRulesTtlMs: intEnv(env, 'INPUT_RULES_REFRESH_MS', 1000),
    exchangeRateUrl: (env.EXCHANGE_RATE_URL || 'https://api.frankfurter.app').replace(/\/+$/, ''),
    wechat: { apiUrl: (env.WECHAT_API_URL || 'https://api.weixin.qq.com').replace(/\/+$/, ''), appId: env.WECHAT_APP_ID ?? '', appSecret: env.WECHAT_APP_SECRET ?? '' },
    outboundAllow: parseOutboundAllow(env.OUTBOUND_ALLOW),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownGraceMs: intEnv(env, 'SHUTDOWN_GRACE_MS', env.NODE_ENV === 'production' ? 5000 : 0, 0),
    uploadsDir: env.UPLOADS_DIR
      ? path.resolve(env.UPLOADS_DIR)
      : env.DATA_DIR || env.NODE_ENV !== 'test'
        ? path.join(dataDirOf(env), 'uploads')
        : null,
  };
}
