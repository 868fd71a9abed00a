import type { z, ZodType } from 'zod';
import type { RouteName } from './routes.js';

/**
 * The typed endpoint table: one entry per API call, shared by both sides. The server registers
 * exactly one handler per entry (`route(endpoint, …)`), the web calls `api(endpoint, input)`.
 * Paths are below `/api/`, spec §7's paths with `{x}` written `:x`; no other file holds them.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: 'public' (no session), 'signed-in' (any admin), or route names of the console's
 * route table — holding any one of them is enough.
 */
export type Permission = 'public' | 'signed-in' | RouteName | readonly RouteName[];

/** Type-only marker of what an endpoint answers; see `returns`. */
export interface Returns<T> {
  readonly __returns?: T;
}

/** `response: returns<Page<GoodsRow>>()` — the answer's type, checked on both sides at compile time. */
export const returns = <T>(): Returns<T> => ({});

/** What an endpoint without `response` answers: an empty object. */
export type Empty = Record<string, never>;

export interface EndpointSpec {
  method: HttpMethod;
  path: string;
  permission: Permission;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** the body is multipart form data (an upload), read by the handler itself */
  multipart?: true;
  /** the answer is a file or image, not JSON */
  binary?: true;
  /**
   * The second step (DOMAIN §1.4): the session must have passed it in the last minutes, else 428.
   * `true` always; `'conditional'` when the server's route decides by the request (an approval
   * that pays out, a delete of more than one row). Declared here, enforced by the server, which
   * refuses to start when a route disagrees. Which endpoints must: docs/roles.md.
   */
  twoStep?: true | 'conditional';
  response?: Returns<unknown>;
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** `area.name`, given by `defineEndpoints`; also the root of the endpoint's query keys */
  readonly id: string;
  readonly area: string;
};

export type AnyEndpoint = Endpoint<EndpointSpec>;

export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  return { ...spec, id: '', area: '' };
}

/** Names the endpoints of one area: each gets `id` `area.key`. */
export function defineEndpoints<const A extends string, const G extends Record<string, Endpoint>>(area: A, group: G): G {
  for (const [key, entry] of Object.entries(group)) {
    if (entry.id) throw new Error(`endpoint ${entry.id} is listed twice (again as ${area}.${key})`);
    Object.assign(entry, { id: `${area}.${key}`, area });
  }
  return group;
}

type Out<S> = S extends ZodType ? z.output<S> : undefined;
type In<S> = S extends ZodType ? z.input<S> : never;

export type ParamsOf<E extends EndpointSpec> = Out<E['params']>;
export type QueryOf<E extends EndpointSpec> = Out<E['query']>;
export type BodyOf<E extends EndpointSpec> = E['multipart'] extends true ? undefined : Out<E['body']>;
export type ResponseOf<E extends EndpointSpec> = E['response'] extends Returns<infer T> ? T : Empty;

type Part<K extends string, S> = [S] extends [ZodType] ? ({} extends In<S> ? { [P in K]?: In<S> } : { [P in K]: In<S> }) : unknown;

/** What the web hands `api(endpoint, input)`: path params, query and body as the schemas take them. */
export type ApiInput<E extends EndpointSpec> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  (E['multipart'] extends true ? { body: FormData } : Part<'body', E['body']>);

/** Whether `api` may be called without an input. */
export type InputOptional<E extends EndpointSpec> = {} extends ApiInput<E> ? true : false;

/** The path with its `:name` segments filled in (each value URI-encoded; a list comma-joined, as spec §7 writes id lists). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) throw new Error(`${path}: missing path parameter ${name}`);
    return Array.isArray(value) ? value.map((item) => encodeURIComponent(String(item))).join(',') : encodeURIComponent(String(value));
  });
}
