import { http, TransportError, type WireRequest, type WireResponse } from '@/lib/request';

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

/**
 * A reply, or a failure without one: 'ECONNABORTED' / 'ETIMEDOUT' time out, 'ERR_CANCELED' is an
 * abort, any other code (say 'ERR_NETWORK') or nothing fails as the network (the codes axios used).
 */
export type Responder = (request: SentRequest) => Reply | string | undefined;

function failure(code: string | undefined): TransportError {
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return new TransportError('TIMEOUT');
  return new TransportError(code === 'ERR_CANCELED' ? 'ABORTED' : 'NETWORK');
}

/**
 * Replaces the network under the request client: every request is recorded and answered
 * by `respond`. Returning an error code ('ECONNABORTED', 'ERR_NETWORK') fails it that way.
 */
export function stubNetwork(respond: Responder): SentRequest[] {
  const sent: SentRequest[] = [];
  http.send = async (wire: WireRequest): Promise<WireResponse> => {
    const request: SentRequest = { method: wire.method, url: wire.url, headers: { ...wire.headers }, body: wire.body, timeout: wire.timeout };
    sent.push(request);
    const reply = respond(request);
    if (typeof reply === 'string' || reply === undefined) throw failure(reply);
    if (reply.delay) await new Promise((resolve) => setTimeout(resolve, reply.delay));
    return { status: reply.status ?? 200, data: reply.data };
  };
  return sent;
}

/** An unsigned JWT whose payload says it expires in `seconds`. */
export function fakeJwt(seconds: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + seconds, ...claims })}.signature`;
}
