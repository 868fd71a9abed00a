import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@/lib/request';

export interface Reply {
  status?: number;
  data?: unknown;
  /** resolve after this many milliseconds */
  delay?: number;
}

export interface SentRequest {
  method: string;
  /** path under /api/, with the query string */
  url: string;
  headers: Record<string, unknown>;
  body: unknown;
  timeout: number | undefined;
}

export type Responder = (request: SentRequest) => Reply | AxiosError['code'];

/**
 * Replaces the network under the request client: every request is recorded and answered
 * by `respond`. Returning an axios error code ('ECONNABORTED', 'ERR_NETWORK') fails it that way.
 */
export function stubNetwork(respond: Responder): SentRequest[] {
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const uri = http.getUri(config);
    const request: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: uri.replace(/^\/api\//, ''),
      headers: AxiosHeaders.from(config.headers).toJSON(),
      body: config.data,
      timeout: config.timeout,
    };
    sent.push(request);
    const reply = respond(request);
    if (typeof reply === 'string' || reply === undefined) throw new AxiosError('failed', reply, config);
    if (reply.delay) await new Promise((resolve) => setTimeout(resolve, reply.delay));
    const response = { data: reply.data, status: reply.status ?? 200, statusText: '', headers: {}, config };
    if (response.status >= 400) throw new AxiosError('bad status', AxiosError.ERR_BAD_RESPONSE, config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return sent;
}

/** An unsigned JWT whose payload says it expires in `seconds`. */
export function fakeJwt(seconds: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + seconds, ...claims })}.signature`;
}
