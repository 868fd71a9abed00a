import qs from 'qs';
import type { AnyEndpoint, ResponseOf } from '@agora/contract';
import { stubNetwork, type Reply, type SentRequest } from './network';

/** A request as a fixture sees it: the path parameters, query and body the page sent. */
export interface StubRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  sent: SentRequest;
}

export interface Fixture {
  endpoint: AnyEndpoint;
  answer(request: StubRequest): Reply;
}

/**
 * A typed answer of one endpoint: the data must have the endpoint's response type, so a fixture
 * whose shape drifts from the contract fails type checking. A function may answer per request,
 * or return `{ status, data }` to fail; `delay` (ms) keeps the answer back, to see loading states.
 */
export function fixture<E extends AnyEndpoint>(
  endpoint: E,
  answer: ResponseOf<E> | ((request: StubRequest) => ResponseOf<E> | { status: number; data: { code: string; message: string } }),
  { delay }: { delay?: number | (() => number) } = {},
): Fixture {
  return {
    endpoint,
    answer(request) {
      const value = typeof answer === 'function' ? (answer as (r: StubRequest) => unknown)(request) : answer;
      const wait = typeof delay === 'function' ? delay() : delay;
      const failure = value as { status?: number; data?: unknown };
      if (typeof failure === 'object' && failure !== null && typeof failure.status === 'number' && failure.status >= 400) return { status: failure.status, data: failure.data, delay: wait };
      return { data: value, delay: wait };
    },
  };
}

function matcher(endpoint: AnyEndpoint): (method: string, path: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = new RegExp(`^${endpoint.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (names.push(name), '([^/]+)'))}$`);
  return (method, path) => {
    if (method !== endpoint.method) return undefined;
    const match = pattern.exec(path);
    return match ? Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])])) : undefined;
  };
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return qs.parse(body);
  }
}

/**
 * Serves the page's requests from typed fixtures (the last fixture of an endpoint wins, so a test
 * may override a default); as on the server, a path without parameters wins over one with them
 * (`admin/members/level` over `admin/members/:id`). Anything else answers 404 so a missing
 * fixture shows. Returns every request sent.
 */
export function stubApi(...fixtures: Fixture[]): SentRequest[] {
  const parameters = (entry: Fixture) => (entry.endpoint.path.match(/:/g) ?? []).length;
  const routes = fixtures
    .map((entry, order) => ({ entry, order, match: matcher(entry.endpoint) }))
    .sort((a, b) => parameters(a.entry) - parameters(b.entry) || b.order - a.order);
  return stubNetwork((sent) => {
    const [path, search = ''] = sent.url.split('?');
    for (const { entry, match } of routes) {
      const params = match(sent.method, path);
      if (params) return entry.answer({ params, query: qs.parse(search), body: parseBody(sent.body), sent });
    }
    return { status: 404, data: { code: 'NOT_FOUND', message: `no fixture for ${sent.method} ${path}` } };
  });
}
