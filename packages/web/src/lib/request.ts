import { REQUEST_TIMEOUT_MS, TOKEN_WAIT_POLL_MS, preLoginEndpoints, type ApiError, type TokenResult } from '@agora/contract';
import { finishLoading, modal, startLoading, toast } from './feedback';
import { currentLanguage, msg } from './locale';
import { clearSession, getAccessToken, getRefreshToken, getUser, getUuid, saveTokens } from './session';

/** How far an upload has come (`onUploadProgress`); `total` is absent when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total?: number;
}

export interface RequestConfig {
  /** the path under /api/ */
  url: string;
  method?: string;
  /** the query: arrays repeat their key (`ids=1&ids=2`), null and undefined are left out */
  params?: object;
  /** put/post: sent as JSON (FormData as multipart); any other method: form-encoded */
  data?: unknown;
  headers?: Record<string, string>;
  /** 'blob': the answer is a file (a 2xx body is handed over as a Blob) */
  responseType?: 'json' | 'blob';
  /** ms until the request fails as a timeout; 0 waits forever (REQUEST_TIMEOUT_MS unless said) */
  timeout?: number;
  signal?: AbortSignal;
  /** an upload's progress; the request then goes through XMLHttpRequest (fetch cannot report it) */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** false for the calls spec §7 marks "none": no token is checked, refreshed or sent */
  needToken?: boolean;
  /** false when the caller reports errors itself */
  message?: boolean;
  /** show the global loading overlay while the request runs */
  loading?: boolean;
  /** an upload: no timeout */
  upload?: boolean;
}

export type RequestOptions = Omit<RequestConfig, 'url' | 'method' | 'data'>;

/** Why a request failed. `code` is the server's error code, or TIMEOUT / NETWORK / ABORTED / SESSION_ENDED. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/**
 * 428 TWO_STEP_REQUIRED: the console's second-step dialog opens and, once passed, the request goes
 * again (`setSecondStepHandler`). `asked`: the dialog was shown and cancelled, so a caller of its
 * own does not ask a second time.
 */
export class TwoStepRequiredError extends RequestError {
  asked = false;
  constructor(message: string, data?: unknown) {
    super(message, 'TWO_STEP_REQUIRED', 428, data);
    this.name = 'TwoStepRequiredError';
  }
}

/**
 * Which endpoints ask for the second step is the contract's (and may be decided by the request's
 * content), so no page can know all of them: the signed-in console registers its dialog here,
 * resolving true once the check passed.
 */
let secondStep: (() => Promise<boolean>) | undefined;
export function setSecondStepHandler(handler: (() => Promise<boolean>) | undefined): void {
  secondStep = handler;
}

/** The token refresh goes around `request` (it is what `request` waits for), but by the contract's path. */
const REFRESH_URL = preLoginEndpoints.refresh.path;
/** The code of the error a request ends with once the session is gone (the user has been told). */
export const SESSION_ENDED = 'SESSION_ENDED';

/** One query/form value per key; arrays repeat the key, objects nest as `key[name]`; null and undefined are left out. */
function pairs(key: string, value: unknown, out: string[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) value.forEach((item) => pairs(key, item, out));
  else if (value instanceof Date) out.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.toISOString())}`);
  else if (typeof value === 'object') Object.entries(value).forEach(([name, item]) => pairs(`${key}[${name}]`, item, out));
  else out.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value as string | number | boolean))}`);
}

/** The query string (and non-JSON body) encoding the server reads: `ids=1&ids=2&keyword=%E6%89%8B`. */
export function serialize(params: object | undefined): string {
  const out: string[] = [];
  Object.entries(params ?? {}).forEach(([key, value]) => pairs(key, value, out));
  return out.join('&');
}

/** A path under /api/ with its query, as sent. */
const withQuery = (url: string, params: object | undefined): string => {
  const query = serialize(params);
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
};

/** What goes on the wire: `url` is the path under /api/ with its query. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  timeout: number;
  responseType: 'json' | 'blob';
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** What came back: any status; the body parsed (JSON, text, or a Blob for a 2xx file). */
export interface WireResponse {
  status: number;
  data: unknown;
}

/** The request never got an answer. */
export class TransportError extends Error {
  constructor(readonly reason: 'TIMEOUT' | 'NETWORK' | 'ABORTED') {
    super(reason);
    this.name = 'TransportError';
  }
}

/** JSON when it parses, else the text (an empty body is undefined). */
function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function fetchSend(request: WireRequest): Promise<WireResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = request.timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), request.timeout) : undefined;
  const stop = () => controller.abort();
  request.signal?.addEventListener('abort', stop);
  try {
    const response = await fetch(`/api/${request.url}`, { method: request.method, headers: request.headers, body: request.body, signal: controller.signal, credentials: 'same-origin' });
    const data = request.responseType === 'blob' && response.ok ? await response.blob() : parseText(await response.text());
    return { status: response.status, data };
  } catch {
    throw new TransportError(timedOut ? 'TIMEOUT' : request.signal?.aborted ? 'ABORTED' : 'NETWORK');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', stop);
  }
}

/** Uploads that report progress: fetch cannot, so these (and only these) go through XMLHttpRequest. */
function xhrSend(request: WireRequest): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, `/api/${request.url}`);
    Object.entries(request.headers).forEach(([name, value]) => xhr.setRequestHeader(name, value));
    xhr.timeout = request.timeout;
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    xhr.upload.onprogress = (event) => request.onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (request.responseType === 'blob' && ok) resolve({ status: xhr.status, data: xhr.response as Blob });
      else if (request.responseType === 'blob') void (xhr.response as Blob).text().then((text) => resolve({ status: xhr.status, data: parseText(text) }));
      else resolve({ status: xhr.status, data: parseText(xhr.responseText) });
    };
    xhr.onerror = () => reject(new TransportError('NETWORK'));
    xhr.ontimeout = () => reject(new TransportError('TIMEOUT'));
    xhr.onabort = () => reject(new TransportError('ABORTED'));
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(request.body ?? null);
  });
}

/**
 * The transport underneath `request`: fetch, and XMLHttpRequest for uploads that report progress.
 * Pages use `request` and its helpers, never this; tests replace `send` (test/network.ts).
 */
export const http = {
  send: (request: WireRequest): Promise<WireResponse> => (request.onUploadProgress ? xhrSend(request) : fetchSend(request)),
  /** Where the browser itself loads a path (an image's src): /api/<url>?<query>. */
  uri: (url: string, params?: object): string => `/api/${withQuery(url, params)}`,
};

function baseHeaders(accessToken: string | undefined): Record<string, string> {
  return {
    uuid: getUuid(),
    clientType: 'PC',
    language: currentLanguage(),
    ...(accessToken ? { Authorization: accessToken } : {}),
  };
}

function toWire(config: RequestConfig, accessToken: string | undefined): WireRequest {
  const method = (config.method ?? 'get').toUpperCase();
  const headers = { ...baseHeaders(config.needToken === false ? undefined : accessToken), ...config.headers };
  const { data } = config;
  let body: WireRequest['body'];
  if (data === undefined || data === null || data instanceof FormData) body = data ?? undefined;
  // Spec §7: put/post bodies go as JSON; any other method's body is form-encoded.
  else if (method === 'PUT' || method === 'POST') {
    body = JSON.stringify(data);
    headers['Content-Type'] ??= 'application/json';
  } else {
    body = typeof data === 'string' ? data : serialize(data as object);
    headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
  }
  return {
    method,
    url: withQuery(config.url, config.params),
    headers,
    body,
    timeout: config.upload ? 0 : (config.timeout ?? REQUEST_TIMEOUT_MS),
    responseType: config.responseType ?? 'json',
    signal: config.signal,
    onUploadProgress: config.onUploadProgress,
  };
}

/** An answer outside 2xx. */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

async function exchange<T>(config: RequestConfig, accessToken: string | undefined): Promise<T> {
  const response = await http.send(toWire(config, accessToken));
  if (response.status < 200 || response.status >= 300) throw new HttpFailure(response.status, response.data);
  return response.data as T;
}

const sessionEnded = () => new RequestError(msg('authExpired'), SESSION_ENDED);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let alertOpen = false;

/** Spec §4: the login state is gone for good — sign out and say so; the route guard then shows /login. */
function endSessionWithAlert(): void {
  clearSession();
  if (alertOpen) return;
  alertOpen = true;
  modal().error({
    title: msg('authErrorTitle'),
    content: msg('authExpired'),
    onOk: () => {
      alertOpen = false;
    },
  });
}

let refreshing = false;

async function renewTokens(staleAccessToken: string | undefined): Promise<void> {
  const current = getAccessToken();
  // Another tab may have renewed while this one waited for the lock.
  if (current && current !== staleAccessToken) return;
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw sessionEnded();
  const tokens = await exchange<TokenResult>({ url: REFRESH_URL, method: 'POST', data: { refresh_token: refreshToken }, needToken: false }, undefined);
  saveTokens(tokens.accessToken, tokens.refreshToken);
}

// Refresh tokens rotate and reusing an old one revokes the session, so two tabs should
// never refresh at once. Web Locks exist only in secure contexts; elsewhere (plain http by IP) the
// server hands the tab that comes second the current pair, within 20 s (docs/security.md).
async function withRefreshLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) await locks.request('agora-token-refresh', task);
  else await task();
}

/** Spec §4: one refresh at a time; whoever comes while it runs checks back every 500 ms. */
async function refreshOnce(staleAccessToken: string | undefined): Promise<void> {
  if (refreshing) {
    while (refreshing) await sleep(TOKEN_WAIT_POLL_MS);
    if (!getAccessToken()) throw sessionEnded();
    return;
  }
  refreshing = true;
  try {
    await withRefreshLock(() => renewTokens(staleAccessToken));
  } catch (error) {
    // A refused refresh ends the session; one that never reached the server does not, nor one only
    // told to wait (429: too many renewals from this address; the server's message says how long).
    if (!(error instanceof TransportError) && !(error instanceof HttpFailure && error.status === 429)) clearSession();
    throw error;
  } finally {
    refreshing = false;
  }
}

async function renewSession(staleAccessToken: string | undefined): Promise<void> {
  if (!getRefreshToken() || !getUser()) {
    endSessionWithAlert();
    throw sessionEnded();
  }
  await refreshOnce(staleAccessToken);
}

async function send<T>(config: RequestConfig): Promise<T> {
  const needToken = config.needToken !== false;
  if (needToken && !getAccessToken()) await renewSession(undefined);
  const usedToken = getAccessToken();
  try {
    return await exchange<T>(config, usedToken);
  } catch (error) {
    if (!needToken || !(error instanceof HttpFailure) || error.status !== 401) throw error;
    // The server found the access token expired before our clock did: renew once and retry.
    await renewSession(usedToken);
    try {
      return await exchange<T>(config, getAccessToken());
    } catch (retryError) {
      if (retryError instanceof HttpFailure && retryError.status === 401) {
        endSessionWithAlert();
        throw sessionEnded();
      }
      throw retryError;
    }
  }
}

function serverError(data: unknown): Partial<ApiError> {
  return typeof data === 'object' && data !== null ? (data as Partial<ApiError>) : {};
}

function toRequestError(error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  if (error instanceof TransportError) return new RequestError(msg(error.reason === 'TIMEOUT' ? 'timeout' : 'network'), error.reason);
  if (!(error instanceof HttpFailure)) return new RequestError(error instanceof Error ? error.message : String(error), 'UNKNOWN');
  const response = error;
  const body = serverError(response.data);
  const text = body.message || msg('network');
  if (response.status === 428 && body.code === 'TWO_STEP_REQUIRED') return new TwoStepRequiredError(text, response.data);
  return new RequestError(text, body.code ?? `HTTP_${response.status}`, response.status, response.data);
}

/**
 * The one request client (spec §4, §7, §8). Resolves with the response body; rejects with
 * a RequestError after showing its message (unless `message: false`).
 */
export async function request<T>(config: RequestConfig): Promise<T> {
  if (config.loading) startLoading();
  try {
    return await send<T>(config);
  } catch (error) {
    const failure = toRequestError(error);
    if (failure instanceof TwoStepRequiredError && secondStep) {
      if (await secondStep()) return await request<T>(config);
      failure.asked = true;
    }
    // Spec §4: a 403 that is not about a missing permission means the session is over.
    if (failure.status === 403 && failure.code !== 'NO_PERMISSION' && getRefreshToken()) clearSession();
    // A request its caller aborted is no failure to tell anyone about.
    const silent = failure.code === SESSION_ENDED || failure.code === 'ABORTED' || failure instanceof TwoStepRequiredError;
    if (!silent && config.message !== false) toast.error(failure.message);
    throw failure;
  } finally {
    if (config.loading) finishLoading();
  }
}
