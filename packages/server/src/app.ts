import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifyCompress from '@fastify/compress';
import helmet from 'helmet';
import { ALL_ENDPOINTS, DECOR_BASE, ERRORS } from '@agora/contract';
import type { Config } from './platform/config.js';
import type { Database } from './db/client.js';
import type { AppContext } from './platform/context.js';
import { AppError } from './platform/errors.js';
import { duplicateRefusal } from './platform/unique.js';
import { registerBodyDeadline } from './platform/timeouts.js';
import { checkEndpointCoverage, registerRoutes, requestLanguage } from './platform/http.js';
import { registerApiReference } from './platform/openapi.js';
import { registerRateLimits } from './platform/rate-limit.js';
import { redactUrl, registerAuditLog } from './platform/audit.js';
import { webCacheControl } from './platform/web-assets.js';
import { TokenService } from './platform/tokens.js';
import { Lifecycle } from './platform/lifecycle.js';
import { registerHealthRoutes } from './platform/health.js';
import { registerMetrics } from './platform/metrics.js';
import { FILES_PREFIX, LOCAL_FILES_NOT_SHARED, localDiskDriver, type StorageDriver } from './platform/storage.js';
import { s3Driver } from './platform/s3-storage.js';
import { syncTranslations } from './platform/i18n.js';
import { ensureDefaultCurrency, ensureFounder } from './seed/base.js';
import { baseRoutes } from './modules/base/routes.js';
import { sessionRoutes } from './modules/session/routes.js';
import { adminRoutes, roleRoutes } from './modules/admins/routes.js';
import { systemLogRoutes } from './modules/system-logs/routes.js';
import { verificationRoutes } from './modules/verification/routes.js';
import { goodsRoutes } from './modules/goods/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { shopRoutes } from './modules/shops/routes.js';
import { financeRoutes } from './modules/finance/routes.js';
import { statisticsRoutes } from './modules/statistics/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { regionRoutes } from './modules/regions/routes.js';
import { oauth2Routes } from './modules/oauth2/routes.js';
import { chatRoutes } from './modules/chat/routes.js';
import { navigationRoutes } from './modules/navigation/routes.js';
import { menuRoutes } from './modules/menus/routes.js';
import { connectRoutes } from './modules/connect/routes.js';
import { themeRoutes } from './modules/themes/routes.js';
import { contractRoutes } from './modules/contracts/routes.js';
import { liveRoutes } from './modules/live/routes.js';
import { ensureConnectSettings } from './modules/connect/service.js';
import { pageRoutes } from './modules/pages/routes.js';
import { currencyRoutes } from './modules/currencies/routes.js';
import { i18nRoutes } from './modules/i18n/routes.js';
import { expressRoutes } from './modules/express/routes.js';
import { paymentRoutes } from './modules/payment/routes.js';
import { pluginRoutes } from './modules/plugins/routes.js';
import { noticeRoutes } from './modules/notice/routes.js';
import { smsRoutes } from './modules/sms/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { ensureMessageTemplates } from './modules/messages/templates.js';
import { ensureWechatNotices } from './modules/messages/wechat.js';
import { ensurePlugins } from './modules/plugins/service.js';
import { syncMenus } from './modules/menus/service.js';
import { pluginSmsDriver, pluginStorageDriver } from './modules/plugins/drivers.js';
import { afterSaleRoutes } from './modules/aftersales/routes.js';
import { ensurePaymentMethods } from './modules/payment/service.js';
import { ensureArticleBuiltIns } from './modules/articles/builtins.js';
import { registerRealtimeSocket } from './modules/chat/socket.js';
import { inProcessRealtime, postgresRealtime } from './platform/realtime.js';
import { loadReferenceData } from './modules/regions/loader.js';
import { mobilePatternRules, reloadMobilePatterns } from './modules/regions/mobile-patterns.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { UPLOAD_MAX_BYTES } from './modules/uploads/service.js';
import { JobRunner } from './platform/jobs.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { promotionRoutes } from './modules/promotions/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { distributionRoutes } from './modules/distribution/routes.js';
import { saleRoutes } from './modules/sale/routes.js';
import { articleRoutes } from './modules/articles/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { Scheduler } from './platform/scheduler.js';
// Job kinds and scheduled tasks register themselves when their module is loaded.
import './platform/housekeeping.js';
import './modules/dashboard/jobs.js';
import './modules/members/jobs.js';
import './modules/orders/jobs.js';
import './modules/distribution/jobs.js';
import './modules/promotions/jobs.js';
import './modules/currencies/jobs.js';
import './modules/goods/jobs.js';
import './modules/shops/jobs.js';
import './modules/messages/jobs.js';
import './modules/finance/jobs.js';
import './modules/system-logs/jobs.js';
import './modules/statistics/jobs.js';
import './modules/sms/jobs.js';
import './modules/contracts/jobs.js';
import './modules/search/goods-index.js';

export const MODULE_ROUTES = [baseRoutes, sessionRoutes, adminRoutes, roleRoutes, systemLogRoutes, verificationRoutes, goodsRoutes, dashboardRoutes, uploadRoutes, shopRoutes, settingsRoutes, memberRoutes, mediaRoutes, regionRoutes, chatRoutes, pageRoutes, taskRoutes, promotionRoutes, orderRoutes, afterSaleRoutes, currencyRoutes, i18nRoutes, expressRoutes, paymentRoutes, pluginRoutes, noticeRoutes, smsRoutes, distributionRoutes, saleRoutes, financeRoutes, statisticsRoutes, articleRoutes, searchRoutes, oauth2Routes, navigationRoutes, menuRoutes, connectRoutes, messageRoutes, themeRoutes, contractRoutes, liveRoutes];

/**
 * The decoration app's documents: a window the console opened keeps its opener even on another
 * origin (same-origin COOP would cut it off, and with it the session sync of spec §4).
 */
const DECOR_DOCUMENT_HEADERS = { 'Cross-Origin-Opener-Policy': 'unsafe-none' } as const;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the server: platform services, then every module's routes, then the SPA. */
export interface BuildOptions {
  /** where log lines go instead of stdout (a test reads them) */
  logStream?: NodeJS.WritableStream;
  /** the process's lifecycle (main.ts); without one the app is ready at once (tests, tools) */
  lifecycle?: Lifecycle;
}

/** How a request appears in a log line: method and URL with its credentials redacted, never headers. */
const requestSerializer = (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) });

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: { req: requestSerializer }, ...(options.logStream ? { stream: options.logStream } : {}) },
    // Each request is logged once it is answered (below): a refusal or failure at info, a success only at debug.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  const tokens = await TokenService.create(database.db, {
    secret: config.jwtSecret,
    accessTtl: config.accessTokenTtl,
    refreshTtl: config.refreshTokenTtl,
  });
  // Uploads live in the configured S3-compatible bucket, or beside the database; an in-memory
  // database or a test run without DATA_DIR gets a throw-away directory.
  const uploadsTemp = !config.s3 && (database.inMemory || !config.uploadsDir) ? fs.mkdtempSync(path.join(os.tmpdir(), 'agora-uploads-')) : null;
  const localDisk = config.s3 ? null : localDiskDriver(uploadsTemp ?? config.uploadsDir!);
  // S3_* in the environment fixes the bucket; otherwise the storage-solution screen chooses (local disk until S3 is opened there).
  const pluginStorage = localDisk ? pluginStorageDriver(database.db, localDisk, app.log, config.outboundAllow) : null;
  const storage: StorageDriver = pluginStorage ?? s3Driver(config.s3!);
  if (uploadsTemp) app.addHook('onClose', async () => fs.rmSync(uploadsTemp, { recursive: true, force: true }));
  // The runner and the scheduler take the context they belong to, so it is completed after them.
  const base: Omit<AppContext, 'jobs' | 'scheduler'> = {
    db: database.db,
    lifecycle: options.lifecycle ?? new Lifecycle('ready'),
    dbKind: database.kind,
    config,
    tokens,
    sms: pluginSmsDriver(database.db, app.log, config),
    storage,
    log: app.log,
    realtime:
      database.kind === 'postgres' && database.url
        ? await postgresRealtime(database.db, database.url, (error) => app.log.error({ err: error }, 'realtime listener'))
        : inProcessRealtime(),
  };
  const ctx = base as AppContext;
  ctx.jobs = new JobRunner(ctx, { exclusiveDatabase: database.kind === 'pglite' });
  ctx.scheduler = new Scheduler(ctx, ctx.jobs.instanceId);
  app.addHook('onClose', () => ctx.realtime.close());
  // Before the database closes: a running job stops at its next check and returns to the queue.
  app.addHook('onClose', async () => {
    await ctx.scheduler.stop();
    await ctx.jobs.stop();
  });

  await syncTranslations(database.db);
  await loadReferenceData(database.db);
  ctx.inputRules = () => mobilePatternRules(ctx);
  await reloadMobilePatterns(ctx);
  await ensureFounder(ctx);
  await ensureDefaultCurrency(ctx);
  await ensurePaymentMethods(ctx.db);
  await ensurePlugins(ctx.db);
  await syncMenus(ctx.db);
  await ensureConnectSettings(ctx.db);
  await pluginStorage?.refresh();
  if (database.kind === 'postgres' && storage.name === 'local') app.log.warn({ uploadsDir: localDisk!.root }, `${LOCAL_FILES_NOT_SHARED.zh} / ${LOCAL_FILES_NOT_SHARED.en}`);
  const stopWatchingStorage = pluginStorage?.watch();
  if (stopWatchingStorage) app.addHook('onClose', async () => stopWatchingStorage());
  await ensureArticleBuiltIns(ctx);
  await ensureMessageTemplates(ctx.db);
  await ensureWechatNotices(ctx.db);

  app.setErrorHandler((error, req, reply) => {
    const lang = requestLanguage(req);
    // Two requests that passed a name check together: the database refused the second, which hears what the check says.
    const refusal = error instanceof AppError ? error : duplicateRefusal(error);
    if (refusal) {
      return reply.status(refusal.status).send({ code: refusal.code, message: refusal.localized(lang) });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: 'VALIDATION', message: `${ERRORS.VALIDATION[lang]}: ${(error as Error).message}` });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: ERRORS.INTERNAL[lang] });
  });

  registerBodyDeadline(app, config.bodyTimeoutMs);
  app.addHook('onResponse', async (req, reply) => {
    const level = reply.statusCode >= 400 ? 'info' : 'debug';
    req.log[level]({ req, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request answered');
  });
  // Outside /api/ and the contract, and before the plugins below: compression and the rate limits attach to the
  // routes added after them and leave these alone (a probe or a scrape costs no brotli); the request histogram's
  // hook sees every route.
  registerHealthRoutes(app, ctx);
  registerMetrics(app, ctx, database);

  // Security headers on every answer. Styles may be inline (antd writes its CSS at run time); scripts
  // come only from our own files (no eval); pictures may come from any https host (sellers' descriptions)
  // and the upload bucket; only our own pages may frame the console (the decoration editor).
  const bucket = config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
  // One middleware built at start, applied on every request (@fastify/helmet built it anew for each
  // request, parsing the policy every time: about 3% of a list request's CPU under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...bucket],
        mediaSrc: ["'self'", 'blob:', 'https:', ...bucket],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...bucket],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HTTPS and its HSTS are the reverse proxy's to decide; stored files may be shown by the buyer site.
    strictTransportSecurity: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // The console opens the decoration app in a window it then talks to (spec §4): its popups keep
    // their opener; the decoration app's documents opt out of isolation (DECOR_DOCUMENT_HEADERS).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (error) => done(error as Error | undefined)));
  // API answers of 1 KB or more go out compressed as the browser accepts (a list page of orders
  // shrinks about 8×, the translations 5×), brotli at a quality cheap enough to run per request.
  // The console's assets were compressed at build time and are left as they are; request bodies
  // are never inflated (a small compressed body could expand past every limit).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  await registerRateLimits(app, config.rateLimits, config.trustProxy);
  registerAuditLog(app, ctx);
  await registerRealtimeSocket(app, ctx);
  checkEndpointCoverage(MODULE_ROUTES.flat(), ALL_ENDPOINTS);
  for (const routes of MODULE_ROUTES) registerRoutes(app, ctx, routes);
  registerApiReference(app, ctx, MODULE_ROUTES.flat());

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: ERRORS.NOT_FOUND[requestLanguage(req)] });
    }
    // History mode: every /admin/ path that is not a file is the SPA's to route.
    if (req.url.startsWith('/admin') && fs.existsSync(path.join(config.webDist, 'index.html'))) {
      return reply.header('Cache-Control', webCacheControl('index.html')).type('text/html').sendFile('index.html', config.webDist);
    }
    // The decoration app routes its own paths too.
    if (req.url.startsWith(DECOR_BASE.slice(0, -1))) return sendDecorIndex(reply);
    return reply.status(404).send('Not found');
  });

  if (fs.existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/admin/',
      wildcard: true,
      index: ['index.html'],
      // The build wrote .br and .gz beside each asset: sent as the browser accepts, never compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => res.header('Cache-Control', webCacheControl(filePath)),
    });
  }
  // Stored files never change under a key, so browsers may keep them. (Objects in a bucket are served by it.)
  if (localDisk) {
    fs.mkdirSync(localDisk.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: localDisk.root,
      prefix: FILES_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      maxAge: '30d',
      immutable: true,
      // Served from our own origin: never sniffed, never a page that runs scripts.
      setHeaders: (res) => {
        res.header('X-Content-Type-Options', 'nosniff');
        res.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      },
    });
  }
  const decorIndex = path.join(config.decorDist, 'index.html');
  function sendDecorIndex(reply: FastifyReply) {
    if (!fs.existsSync(decorIndex)) return reply.status(404).send('Not found');
    return reply.headers(DECOR_DOCUMENT_HEADERS).header('Cache-Control', webCacheControl('index.html')).type('text/html').send(fs.createReadStream(decorIndex));
  }
  if (fs.existsSync(config.decorDist)) {
    await app.register(fastifyStatic, {
      root: config.decorDist,
      prefix: DECOR_BASE,
      decorateReply: false,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', webCacheControl(filePath));
        if (filePath.endsWith('.html')) for (const [name, value] of Object.entries(DECOR_DOCUMENT_HEADERS)) res.header(name, value);
      },
    });
  }
  // A published micro page as buyers see it (the promote link): the decoration app draws it, read-only and without a login.
  app.get('/topic/:id', (_req, reply) => sendDecorIndex(reply));
  app.get('/m/topic/:id', (_req, reply) => sendDecorIndex(reply));
  app.get('/', (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin', (_req, reply) => reply.redirect('/admin/'));
  return { app, ctx };
}

/** Starts this instance's job runner and scheduler (main.ts, after the demo seed). */
export async function startBackgroundWork(ctx: AppContext): Promise<void> {
  await ctx.jobs.start();
  await ctx.scheduler.start();
}
