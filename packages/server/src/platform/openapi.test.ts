import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ENDPOINTS, ERRORS, ENDPOINTS } from '@agora/contract';
import { MODULE_ROUTES } from '../app.js';
import { type Session, type TestApp, withTestApp } from '../test/harness.js';
import { API_DOCS_LOGIN_URL, openApiPath, operationId, toJsonSchema } from './openapi.js';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

async function readDocument(session: Session = founder): Promise<Json> {
  const response = await t.inject({ method: 'GET', url: '/api/openapi.json', session });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

/** Every `$ref` in `value` with where it was found. */
function refsIn(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((inner, index) => refsIn(inner, `${at}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [{ ref: inner, at }] : refsIn(inner, `${at}/${key}`)));
}

/** What a local JSON pointer names in `document`, or undefined. */
function resolve(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined), document);
}

function operationOf(document: Json, endpoint: { method: string; path: string }): Json {
  return document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
}

describe('GET /api/openapi.json', () => {
  it('refuses an anonymous request and a made-up token in the API error shape, answers any signed-in administrator', async () => {
    const anonymous = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', message: ERRORS.UNAUTHENTICATED.zh });
    const forged = await t.inject({ method: 'GET', url: '/api/openapi.json', headers: { authorization: 'Bearer not-a-token', language: 'en-US' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(ERRORS.UNAUTHENTICATED.en);

    // A role with no permission beyond the dashboard reads the reference too: it is for every operator.
    const { session } = await t.adminWithPermissions(founder, []);
    const document = await readDocument(session);
    expect(document.openapi).toBe('3.1.0');
    const signedOut = await t.inject({ method: 'POST', url: '/api/admin/systems/admin-users/logout', session, query: { uid: String(session.uid) } });
    expect(signedOut.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/openapi.json', session })).statusCode).toBe(403);
  });

  it('lists every endpoint of the contract once, under its path and method, with a stable unique operationId', async () => {
    const document = await readDocument();
    const ids = new Set<string>();
    const missing: string[] = [];
    for (const endpoint of ALL_ENDPOINTS) {
      const operation = operationOf(document, endpoint);
      if (!operation) {
        missing.push(endpoint.id);
        continue;
      }
      expect(operation['x-contract-endpoint']).toBe(endpoint.id);
      expect(operation.operationId).toBe(operationId(endpoint.method, endpoint.path));
      ids.add(operation.operationId);
    }
    expect(missing).toEqual([]);
    expect(ids.size).toBe(ALL_ENDPOINTS.length);
    const operations = Object.values<Json>(document.paths).flatMap((item) => METHODS.filter((method) => item[method]));
    expect(operations).toHaveLength(ALL_ENDPOINTS.length);
    expect(operationId('GET', 'admin/goods/brands/:id')).toBe('getAdminGoodsBrandsById');
  });

  it('is OpenAPI 3.1 in shape: every operation answers, every path parameter is declared, every $ref resolves', async () => {
    const document = await readDocument();
    expect(document.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
    expect(document.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }));
    const tagNames = new Set(document.tags.map((tag: Json) => tag.name));
    for (const [pathName, item] of Object.entries<Json>(document.paths)) {
      expect(pathName).toMatch(/^\/api\//);
      const templated = [...pathName.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const method of METHODS.filter((name) => item[name])) {
        const operation = item[method];
        expect(Object.keys(operation.responses), `${method} ${pathName}`).toContain('200');
        expect(operation.tags.every((tag: string) => tagNames.has(tag))).toBe(true);
        const declared = operation.parameters.filter((parameter: Json) => parameter.in === 'path').map((parameter: Json) => parameter.name);
        expect(declared.sort(), `${method} ${pathName}`).toEqual([...templated].sort());
        for (const parameter of operation.parameters) expect(parameter.$ref ?? parameter.schema, `${method} ${pathName}`).toBeDefined();
      }
    }
    const unresolved = refsIn(document).filter(({ ref }) => resolve(document, ref) === undefined);
    expect(unresolved).toEqual([]);
    expect(JSON.stringify(document)).not.toContain('"$schema"');
  });

  it('describes inputs from the zod schemas: path and query parameters, a JSON body, an upload, a file answer', async () => {
    const document = await readDocument();
    const brandList = operationOf(document, ENDPOINTS.brands.list);
    const pageNo = brandList.parameters.find((parameter: Json) => parameter.name === 'page_no');
    expect(pageNo).toEqual(expect.objectContaining({ in: 'query' }));
    expect(brandList.parameters).toContainEqual({ $ref: '#/components/parameters/ClientUuid' });
    expect(operationOf(document, ENDPOINTS.brands.create).requestBody.content['application/json'].schema.properties).toHaveProperty('name');
    const upload = operationOf(document, ENDPOINTS.uploads.upload);
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.file).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
    expect(Object.keys(operationOf(document, ENDPOINTS.session.captcha).responses[200].content)).toEqual(['*/*']);
    // Answers from the contract's TypeScript types (api-docs/responses.json); a write without one answers {}.
    const brands = brandList.responses[200].content['application/json'].schema;
    expect(brands.properties.data.items).toEqual({ $ref: '#/components/schemas/BrandRow' });
    expect(document.components.schemas.BrandRow.required).toContain('brand_id');
    expect(operationOf(document, ENDPOINTS.brands.remove).responses[200].content['application/json'].schema).toEqual({ type: 'object', additionalProperties: false });
    // The captcha is fetched before signing in: no security and no 401 / 403.
    expect(operationOf(document, ENDPOINTS.session.captcha).security).toEqual([]);
    expect(operationOf(document, ENDPOINTS.session.captcha).responses).not.toHaveProperty('401');
  });

  it('names each operation\'s permission, its second step, its rate limit and the errors it can answer', async () => {
    const document = await readDocument();
    const brandRemove = operationOf(document, ENDPOINTS.brands.remove);
    expect(brandRemove['x-permission']).toBe('brandList');
    // A write's summary is its system-log text, a read's the console page it serves.
    expect(brandRemove.summary).toBe('删除品牌 · Delete brands');
    expect(operationOf(document, ENDPOINTS.brands.list).summary).toBe('品牌列表 · Brands: list');
    expect(Object.keys(brandRemove.responses).sort()).toEqual(['200', '400', '401', '403', '404', '500']);
    expect(brandRemove.responses[403]).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(document.components.responses.Forbidden.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });

    const routes = MODULE_ROUTES.flat();
    const secondStep = routes.filter((spec) => spec.twoStep === true);
    const conditional = routes.filter((spec) => typeof spec.twoStep === 'function');
    const limited = routes.filter((spec) => spec.rateLimit);
    expect(secondStep.length).toBeGreaterThan(0);
    expect(conditional.length).toBeGreaterThan(0);
    expect(limited.length).toBeGreaterThan(0);
    for (const spec of secondStep) {
      const operation = operationOf(document, spec.endpoint!);
      expect(operation['x-two-step'], spec.endpoint!.id).toBe(true);
      expect(operation.responses[428]).toEqual({ $ref: '#/components/responses/TwoStepRequired' });
    }
    for (const spec of conditional) expect(operationOf(document, spec.endpoint!)['x-two-step']).toBe('conditional');
    for (const spec of limited) {
      const operation = operationOf(document, spec.endpoint!);
      expect(operation['x-rate-limit'], spec.endpoint!.id).toBe(spec.rateLimit);
      expect(operation.responses[429]).toEqual({ $ref: '#/components/responses/RateLimited' });
    }
    expect(operationOf(document, ENDPOINTS.brands.list).responses).not.toHaveProperty('429');
    expect(operationOf(document, ENDPOINTS.systemLogs.list)['x-permission']).toBe('systemLogs');
  });

  it('is not written to the system log', async () => {
    const before = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { page_size: '100' } });
    await readDocument();
    const after = await t.inject({ method: 'GET', url: '/api/admin/system-logs', session: founder, query: { page_size: '100' } });
    expect(after.json().data_total).toBe(before.json().data_total);
    expect(JSON.stringify(after.json().data)).not.toContain('openapi');
  });
});

describe('zod schemas JSON Schema cannot say', () => {
  it('become annotated open schemas, and shared or recursive parts components whose refs resolve', () => {
    const components: Record<string, any> = {};
    const schema: Json = toJsonSchema(
      z.object({ when: z.date(), check: z.custom<string>((value) => typeof value === 'string'), size: z.bigint(), name: z.string().transform((value) => value.trim()) }),
      'input',
      'sample',
      components,
    );
    expect(schema.properties.when.description).toMatch(/date/);
    expect(schema.properties.check.description).toMatch(/custom/);
    expect(schema.properties.name).toEqual({ type: 'string' });

    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    const tree = toJsonSchema(z.object({ root: node }), 'input', 'tree', components);
    const document = { tree, components: { schemas: components } };
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const { ref } of refs) expect(resolve(document, ref), ref).toBeDefined();

    const self: Json = toJsonSchema(node, 'input', 'self', components);
    expect(resolve({ components: { schemas: components } }, self.$ref)).toBeDefined();
  });
});

describe('the reference page /api/docs', () => {
  it('is a page of our own origin\'s scripts, reading the console\'s storage keys and signing in through the console', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((match) => match[1].trim())).toEqual(['src="/api/docs/swagger-ui-bundle.js"', 'src="/api/docs/api-docs.js"']);
    expect(scripts.every((match) => match[2].trim() === '')).toBe(true);
    const attribute = /data-config="([^"]*)"/.exec(page.body)![1];
    const config = JSON.parse(attribute.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&'));
    expect(config.storageKeys.accessToken).toBe('admin_access_token');
    expect(config.loginUrl).toBe(API_DOCS_LOGIN_URL);
    expect(config.refreshUrl).toBe(`/api/${ENDPOINTS.session.refresh.path}`);

    for (const asset of ['swagger-ui-bundle.js', 'api-docs.js', 'swagger-ui.css']) {
      const response = await t.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(response.statusCode, asset).toBe(200);
      expect(response.body.length).toBeGreaterThan(1000);
    }
    const unknown = await t.inject({ method: 'GET', url: '/api/docs/package.json' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });
});
