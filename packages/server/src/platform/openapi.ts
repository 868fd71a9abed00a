import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import { ALL_ENDPOINTS, DEFAULT_LANG, DEFAULT_STORAGE_DAYS, ERRORS, MSG, ROUTE_BY_NAME, STORAGE_KEYS, sessionEndpoints, type AnyEndpoint } from '@agora/contract';
import type { AppContext } from './context.js';
import { authenticate } from './auth.js';
import { AppError } from './errors.js';
import { permissionNames, type RouteSpec } from './http.js';
import { SERVER_ROOT } from './paths.js';

/**
 * The API reference (issue 28): an OpenAPI 3.1 document of every contract endpoint, built from
 * the endpoint table and its zod schemas, with what the server adds to each route (second step,
 * system-log text, rate limit). docs/api-reference.md describes it for integrators.
 */

type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PAGE = '/api/docs';

/** The answers' shapes, read from the contract's TypeScript types at build time (openapi-responses.ts). */
export interface ResponseSchemas {
  /** endpoint id → the schema of its answer (refs into `schemas`) */
  responses: Record<string, JsonSchema>;
  /** the contract's named types, as `#/components/schemas/<name>` */
  schemas: Record<string, JsonSchema>;
}

/** The reference page's own files (packages/server/api-docs, shipped beside dist/ as the migrations are). */
export const API_DOCS_DIR = path.join(SERVER_ROOT, 'api-docs');
export const RESPONSES_FILE = path.join(API_DOCS_DIR, 'responses.json');
export const ERROR_SCHEMA_NAME = 'Error';

/** The document's schema components: the contract's named types, the error shape, what zod schemas share or recurse into. */
const COMPONENT_REF = '#/components/schemas/';

const ERROR_RESPONSES = {
  400: { name: 'ValidationError', code: 'VALIDATION', text: '参数错误：输入不符合接口的 schema 或业务规则 · Invalid input: the schema or a business rule refused it' },
  401: { name: 'Unauthenticated', code: 'UNAUTHENTICATED', text: '缺少或无效的访问令牌 · No access token, or an invalid or expired one' },
  403: { name: 'Forbidden', code: 'NO_PERMISSION', text: '会话已失效，或角色没有该权限 · The session is no longer valid, or the role lacks the permission' },
  404: { name: 'NotFound', code: 'NOT_FOUND', text: '路径中的资源不存在 · The resource named in the path does not exist' },
  428: { name: 'TwoStepRequired', code: 'TWO_STEP_REQUIRED', text: '需要先通过二次验证 · The session must pass the second step first' },
  429: { name: 'RateLimited', code: 'RATE_LIMITED', text: '同一地址请求过于频繁（见 Retry-After） · Too many requests from this address (see Retry-After)' },
  500: { name: 'InternalError', code: 'INTERNAL', text: '服务器内部错误 · Internal server error' },
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** zh and en of a catalogue message, for an example; a code the catalogue lacks (yet) has none. */
function errorExample(code: string): Json | undefined {
  const entry = (ERRORS as Record<string, { zh: string; en: string } | undefined>)[code];
  if (!entry) return undefined;
  return { zh: { value: { code, message: entry.zh } }, en: { value: { code, message: entry.en } } };
}

/** `admin/goods/brands/:ids` → `/api/admin/goods/brands/{ids}` */
export const openApiPath = (endpointPath: string) => `/api/${endpointPath.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

/** `GET admin/goods/brands/:id` → `getAdminGoodsBrandsById`: follows the path, so it stays when an endpoint's key is renamed. */
export function operationId(method: string, endpointPath: string): string {
  const words = endpointPath.split('/').flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)));
  return method.toLowerCase() + words.filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

/** The area an endpoint is listed under: the first path segment after `admin/` (`base`, `seller`… for the others). */
export function tagOf(endpointPath: string): string {
  const segments = endpointPath.split('/');
  return (segments[0] === 'admin' ? segments[1] : segments[0]) ?? segments[0];
}

/**
 * JSON Schema (2020-12, OpenAPI 3.1's dialect) of one zod schema. What JSON Schema cannot say — a
 * transform's output, a date, a custom check — becomes an open schema saying so instead of failing
 * the whole document; shared or recursive parts (`$defs`) move to the document's components under
 * `prefix` so that every `$ref` resolves from the document's root.
 */
export function toJsonSchema(schema: ZodType, io: 'input' | 'output', prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const type = (zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
        if (type && UNREPRESENTABLE.has(type) && Object.keys(jsonSchema).length === 0) {
          jsonSchema.description = `不能用 JSON Schema 描述（${type}） · Not expressible in JSON Schema (${type})`;
        }
      },
    }) as JsonSchema;
  } catch (error) {
    return { description: `不能用 JSON Schema 描述 · Not expressible in JSON Schema: ${(error as Error).message}` };
  }
  const { $schema: _dialect, $defs, ...rest } = converted;
  const names = new Map<string, string>();
  for (const name of Object.keys(($defs as Record<string, unknown> | undefined) ?? {})) names.set(name, `${prefix}_${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`);
  // A recursive schema refers to its own root as "#": it becomes a component of its own.
  const selfName = `${prefix}_root`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    const out: Json = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') {
        if (inner === '#') out.$ref = `${COMPONENT_REF}${selfName}`;
        else if (inner.startsWith('#/$defs/')) out.$ref = `${COMPONENT_REF}${names.get(inner.slice('#/$defs/'.length)) ?? inner}`;
        else out.$ref = inner;
      } else out[key] = rewrite(inner);
    }
    return out;
  };
  for (const [name, definition] of Object.entries(($defs as Record<string, unknown> | undefined) ?? {})) components[names.get(name)!] = rewrite(definition) as JsonSchema;
  const root = rewrite(rest) as JsonSchema;
  if (JSON.stringify(rest).includes('"$ref":"#"')) {
    components[selfName] = root;
    return { $ref: `${COMPONENT_REF}${selfName}` };
  }
  return root;
}

/** zod kinds that have no JSON Schema; `unrepresentable: 'any'` turns them into `{}`, which we annotate. */
const UNREPRESENTABLE = new Set(['date', 'custom', 'transform', 'bigint', 'symbol', 'function', 'map', 'set', 'promise', 'nan', 'void', 'undefined']);

/** The facts of a route the contract entry does not hold. */
interface RouteFacts {
  twoStep: boolean | 'conditional';
  logText?: { zh: string; en: string };
  rateLimit?: string;
  queryFromBody: boolean;
}

function factsOf(spec: RouteSpec<any, any, any> | undefined): RouteFacts {
  return {
    // declared on the contract entry (the route only decides a conditional one, by the request)
    twoStep: spec?.endpoint?.twoStep ?? false,
    logText: spec?.log && typeof spec.log !== 'function' ? spec.log : undefined,
    rateLimit: spec?.rateLimit,
    queryFromBody: spec?.queryFromBody === true,
  };
}

function permissionText(endpoint: AnyEndpoint): { zh: string; en: string } {
  if (endpoint.permission === 'public') return { zh: '无需登录', en: 'no sign-in' };
  if (endpoint.permission === 'signed-in') return { zh: '任一已登录管理员', en: 'any signed-in administrator' };
  const titles = permissionNames(endpoint.permission).map((name) => ({ name, title: ROUTE_BY_NAME.get(name)?.title }));
  return {
    zh: `需要以下任一权限：${titles.map(({ name, title }) => `${title?.zh ?? name}（${name}）`).join('、')}`,
    en: `needs one of the permissions: ${titles.map(({ name, title }) => `${title?.en ?? name} (${name})`).join(', ')}`,
  };
}

/** The summary: what the system log says the call does; else the console page it serves and the endpoint's key. */
function summaryOf(endpoint: AnyEndpoint, facts: RouteFacts): string {
  if (facts.logText) return `${facts.logText.zh} · ${facts.logText.en}`;
  const [first] = permissionNames(endpoint.permission);
  const title = first ? ROUTE_BY_NAME.get(first)?.title : undefined;
  const key = endpoint.id.slice(endpoint.area.length + 1);
  return title ? `${title.zh} · ${title.en}: ${key}` : endpoint.id;
}

function descriptionOf(endpoint: AnyEndpoint, facts: RouteFacts): string {
  const permission = permissionText(endpoint);
  const lines = [`权限 · Permission: ${permission.zh} · ${permission.en}.`];
  if (facts.twoStep === true) lines.push('二次验证 · Second step: 必须在最近通过二次验证，否则 428 · the session must have passed the second step recently, else 428.');
  if (facts.twoStep === 'conditional') lines.push('二次验证 · Second step: 视请求内容而定（如审核通过），未通过时 428 · depends on the request (e.g. an approval); 428 when it applies and the session has not passed it.');
  if (facts.rateLimit) lines.push(`限流 · Rate limit: 按客户端地址计数（${facts.rateLimit}），超出 429 · counted per client address (${facts.rateLimit}), 429 past it.`);
  if (facts.queryFromBody) lines.push('查询参数也可放在 JSON 请求体中（请求体优先） · The query fields may also come as a JSON body (the body wins).');
  lines.push(`契约 · Contract: \`${endpoint.id}\`.`);
  return lines.join('\n\n');
}

const HEADER_PARAMETERS = ['ClientUuid', 'ClientType', 'Language'] as const;

function parametersOf(endpoint: AnyEndpoint, prefix: string, components: Record<string, JsonSchema>): Json[] {
  const parameters: Json[] = [];
  const pathSchema = endpoint.params ? toJsonSchema(endpoint.params, 'input', `${prefix}_params`, components) : undefined;
  const pathProperties = (pathSchema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [, name] of endpoint.path.matchAll(/:([A-Za-z_]+)/g)) {
    parameters.push({ name, in: 'path', required: true, schema: pathProperties[name] ?? { type: 'string' } });
  }
  if (endpoint.query) {
    const querySchema = toJsonSchema(endpoint.query, 'input', `${prefix}_query`, components);
    const properties = querySchema.properties as Record<string, JsonSchema> | undefined;
    if (properties) {
      const required = new Set((querySchema.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries(properties)) {
        const { description, ...rest } = schema;
        parameters.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest });
      }
    } else {
      // A query that is not a plain object (a union of shapes): one object parameter, its fields as form fields.
      parameters.push({ name: 'query', in: 'query', style: 'form', explode: true, schema: querySchema });
    }
  }
  for (const name of HEADER_PARAMETERS) parameters.push({ $ref: `#/components/parameters/${name}` });
  return parameters;
}

function requestBodyOf(endpoint: AnyEndpoint, prefix: string, components: Record<string, JsonSchema>): Json | undefined {
  if (endpoint.multipart) {
    const fields = endpoint.body ? toJsonSchema(endpoint.body, 'input', `${prefix}_body`, components) : undefined;
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { ...((fields?.properties as Json | undefined) ?? {}), file: { type: 'string', format: 'binary', description: '上传的文件 · The uploaded file' } },
          },
        },
      },
    };
  }
  if (!endpoint.body) return undefined;
  const schema = toJsonSchema(endpoint.body, 'input', `${prefix}_body`, components);
  // A body the route also takes absent (`schema.optional()`); read from the schema, not by parsing
  // `undefined`, which a refinement written for present bodies may not expect.
  const optional = (endpoint.body as { _zod?: { optin?: string } })._zod?.optin === 'optional';
  // Spec §7: PUT and POST bodies are JSON, any other method's form-encoded.
  const mediaType = endpoint.method === 'PUT' || endpoint.method === 'POST' ? 'application/json' : 'application/x-www-form-urlencoded';
  return { required: !optional, content: { [mediaType]: { schema } } };
}

function successOf(endpoint: AnyEndpoint, answers: ResponseSchemas['responses']): Json {
  if (endpoint.binary) {
    return { description: '文件或图片 · A file or an image', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } };
  }
  if (!endpoint.response) {
    return { description: '成功，空对象 · Done: an empty object', content: { 'application/json': { schema: { type: 'object', additionalProperties: false } } } };
  }
  const schema = answers[endpoint.id];
  if (schema) return { description: '成功 · Done', content: { 'application/json': { schema } } };
  // An answer added to the contract after api-docs/responses.json was written (openapi-responses.test.ts fails meanwhile).
  return {
    description: `成功 · Done. 应答结构见契约中 \`${endpoint.id}\` 的 response 类型 · The answer's shape is the response type of \`${endpoint.id}\` in the contract.`,
    content: { 'application/json': { schema: {} } },
  };
}

function errorStatusesOf(endpoint: AnyEndpoint, facts: RouteFacts): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.multipart) statuses.push(400);
  if (endpoint.permission !== 'public') statuses.push(401, 403);
  if (endpoint.path.includes(':')) statuses.push(404);
  if (facts.twoStep) statuses.push(428);
  if (facts.rateLimit) statuses.push(429);
  statuses.push(500);
  return statuses;
}

function operationOf(endpoint: AnyEndpoint, spec: RouteSpec<any, any, any> | undefined, components: Record<string, JsonSchema>, answers: ResponseSchemas['responses']): Json {
  const facts = factsOf(spec);
  const id = operationId(endpoint.method, endpoint.path);
  const requestBody = requestBodyOf(endpoint, id, components);
  const responses: Json = { 200: successOf(endpoint, answers) };
  for (const status of errorStatusesOf(endpoint, facts)) responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  return {
    operationId: id,
    tags: [tagOf(endpoint.path)],
    summary: summaryOf(endpoint, facts),
    description: descriptionOf(endpoint, facts),
    parameters: parametersOf(endpoint, id, components),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(endpoint.permission === 'public' ? { security: [] } : {}),
    'x-permission': endpoint.permission,
    ...(facts.twoStep ? { 'x-two-step': facts.twoStep } : {}),
    ...(facts.rateLimit ? { 'x-rate-limit': facts.rateLimit } : {}),
    'x-contract-endpoint': endpoint.id,
  };
}

function serverVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The answers' shapes as the build wrote them; none (open answers) when the file is missing, rather than no document. */
function readResponseSchemas(): ResponseSchemas {
  try {
    return JSON.parse(fs.readFileSync(RESPONSES_FILE, 'utf8')) as ResponseSchemas;
  } catch {
    return { responses: {}, schemas: {} };
  }
}

/** The document for these endpoints, each described with the route that answers it. */
export function buildOpenApiDocument(endpoints: readonly AnyEndpoint[], routes: readonly RouteSpec<any, any, any>[], answers: ResponseSchemas = readResponseSchemas()): Json {
  const routeOf = new Map(routes.filter((spec) => spec.endpoint).map((spec) => [spec.endpoint!, spec]));
  const schemas: Record<string, JsonSchema> = {
    ...answers.schemas,
    [ERROR_SCHEMA_NAME]: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: '稳定的错误代码（契约的 ERRORS 表） · A stable code (the contract\'s ERRORS table)' },
        message: { type: 'string', description: '给人看的说明，语言随 language 请求头 · For people, in the language of the `language` header' },
      },
    },
  };
  const paths: Record<string, Json> = {};
  for (const endpoint of endpoints) {
    const item = (paths[openApiPath(endpoint.path)] ??= {});
    item[endpoint.method.toLowerCase()] = operationOf(endpoint, routeOf.get(endpoint), schemas, answers.responses);
  }
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, code, text }) => {
      const examples = errorExample(code);
      return [name, { description: text, content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}${ERROR_SCHEMA_NAME}` }, ...(examples ? { examples } : {}) } } }];
    }),
  );
  const tags = [...new Set(endpoints.map((endpoint) => tagOf(endpoint.path)))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agora 平台管理 API · Agora admin API',
      version: serverVersion(),
      description:
        '平台管理后台的全部接口，由契约的接口表生成。· Every call of the platform admin console, generated from the contract\'s endpoint table.\n\n' +
        '认证 · Authentication: `Authorization: Bearer <access_token>`（登录接口返回；`Bearer ` 前缀可省略 · from the login call; the `Bearer ` prefix may be left out）。' +
        '错误 · Errors: `{ code, message }`，message 的语言随 `language` 请求头 · the message in the `language` header\'s language.',
    },
    tags,
    paths,
    components: {
      schemas,
      responses,
      parameters: {
        ClientUuid: { name: 'uuid', in: 'header', required: false, schema: { type: 'string' }, description: '客户端标识，验证码与会话绑定于它（规范 §7） · The client\'s id; captchas and sessions are bound to it (spec §7)' },
        ClientType: { name: 'clientType', in: 'header', required: false, schema: { type: 'string', enum: ['PC'] }, description: '客户端类型（规范 §7） · The client type (spec §7)' },
        Language: { name: 'language', in: 'header', required: false, schema: { type: 'string', examples: ['zh-CN', 'en-US'] }, description: '消息语言 · The language of messages' },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: '管理员访问令牌（登录或刷新令牌接口获得） · An administrator\'s access token (from sign-in or the token refresh)' },
      },
    },
    security: [{ bearerAuth: [] }],
  };
}

const require = createRequire(import.meta.url);

/** What /api/docs/<name> serves: the renderer's files from its package, our page's script from ours. */
function docsAssets(): ReadonlyMap<string, { file: string; type: string; cache: string }> {
  const swagger = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  // The renderer's files change only with its package: a day's keeping is harmless after an upgrade.
  const vendor = 'public, max-age=86400';
  return new Map([
    ['swagger-ui.css', { file: path.join(swagger, 'swagger-ui.css'), type: 'text/css; charset=utf-8', cache: vendor }],
    ['swagger-ui-bundle.js', { file: path.join(swagger, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8', cache: vendor }],
    ['favicon-32x32.png', { file: path.join(swagger, 'favicon-32x32.png'), type: 'image/png', cache: vendor }],
    ['api-docs.js', { file: path.join(API_DOCS_DIR, 'api-docs.js'), type: 'text/javascript; charset=utf-8', cache: 'no-cache' }],
  ]);
}

/** The page's own words, in the console's two languages. */
const PAGE_TEXTS = {
  loading: { zh: '正在加载接口文档…', en: 'Loading the API reference…' },
  redirecting: { zh: MSG.authExpired, en: 'Your session has ended, please sign in again.' },
  failed: { zh: '接口文档加载失败', en: 'The API reference could not be loaded' },
  network: { zh: MSG.network, en: 'Network error, please try again later.' },
} as const;

/** Where the page sends a reader without a session: the console's sign-in, which brings them back. */
export const API_DOCS_LOGIN_URL = `/admin/login?redirect=${encodeURIComponent(API_DOCS_PAGE)}`;

/** The page with what it shares with the console (web lib/session.ts, lib/request.ts) written into its body. */
function docsPage(): string {
  const config = {
    storageKeys: STORAGE_KEYS,
    defaultStorageMs: DEFAULT_STORAGE_DAYS * 24 * 60 * 60 * 1000,
    defaultLanguage: DEFAULT_LANG,
    specUrl: OPENAPI_PATH,
    refreshUrl: `/api/${sessionEndpoints.refresh.path}`,
    refreshLock: 'agora-token-refresh',
    loginUrl: API_DOCS_LOGIN_URL,
    texts: PAGE_TEXTS,
  };
  const attribute = JSON.stringify(config).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return fs.readFileSync(path.join(API_DOCS_DIR, 'index.html'), 'utf8').replace('{{config}}', attribute);
}

/**
 * GET /api/openapi.json for signed-in administrators (any valid access token, whatever the role:
 * the reference is for the people who run and integrate the marketplace, and it holds no data),
 * and the reference page /api/docs, which signs its reader in through the console's stored token.
 * The document is built on its first read and kept (it does not change while the process runs):
 * converting 500 endpoints' schemas takes a few hundred milliseconds that the start, which should
 * open the port at once, does not spend. Neither route is a contract endpoint (the document
 * describes that table), so neither is in the endpoint coverage check nor in the system log, which
 * records only contract routes with a log text.
 */
export function registerApiReference(app: FastifyInstance, ctx: AppContext, routes: readonly RouteSpec<any, any, any>[]): void {
  let document: string | undefined;
  app.get(OPENAPI_PATH, async (req, reply) => {
    await authenticate(ctx, req);
    document ??= JSON.stringify(buildOpenApiDocument(ALL_ENDPOINTS, routes));
    // Behind a token: no shared cache keeps it, and a new deployment's document is read again.
    return reply.header('Cache-Control', 'private, no-cache').type('application/json; charset=utf-8').send(document);
  });
  const page = docsPage();
  app.get(API_DOCS_PAGE, (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page));
  const assets = docsAssets();
  app.get<{ Params: { name: string } }>(`${API_DOCS_PAGE}/:name`, (req, reply) => {
    const asset = assets.get(req.params.name);
    if (!asset) throw new AppError(404, 'NOT_FOUND');
    return reply.header('Cache-Control', asset.cache).type(asset.type).send(fs.createReadStream(asset.file));
  });
}
