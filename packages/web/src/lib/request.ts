import axios, { AxiosHeaders, isAxiosError, type AxiosRequestConfig, type RawAxiosHeaders } from 'axios';
import qs from 'qs';
import { REQUEST_TIMEOUT_MS, TOKEN_WAIT_POLL_MS, preLoginEndpoints, type ApiError, type TokenResult } from '@agora/contract';
import { finishLoading, modal, startLoading, toast } from './feedback';
import { currentLanguage, msg } from './locale';
import { clearSession, getAccessToken, getRefreshToken, getUser, getUuid, saveTokens } from './session';

export interface RequestConfig<D = unknown> extends AxiosRequestConfig<D> {
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

/** Why a request failed. `code` is the server's error code, or TIMEOUT / NETWORK / SESSION_ENDED. */
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

/** 428 TWO_STEP_REQUIRED: the caller opens the second-step dialog and, once passed, retries. */
export class TwoStepRequiredError extends RequestError {
  constructor(message: string, data?: unknown) {
    super(message, 'TWO_STEP_REQUIRED', 428, data);
    this.name = 'TwoStepRequiredError';
  }
}

/** The token refresh goes around `request` (it is what `request` waits for), but by the contract's path. */
const REFRESH_URL = preLoginEndpoints.refresh.path;
/** The code of the error a request ends with once the session is gone (the user has been told). */
export const SESSION_ENDED = 'SESSION_ENDED';

const serialize = (params: unknown): string => qs.stringify(params, { arrayFormat: 'repeat', skipNulls: true });

/** The transport underneath `request`. Pages use `request` and its helpers, never this. */
export const http = axios.create({
  baseURL: '/api/',
  timeout: REQUEST_TIMEOUT_MS,
  paramsSerializer: { serialize },
});

function baseHeaders(accessToken: string | undefined): Record<string, string> {
  return {
    uuid: getUuid(),
    clientType: 'PC',
    language: currentLanguage(),
    ...(accessToken ? { Authorization: accessToken } : {}),
  };
}

function toAxiosConfig(config: RequestConfig, accessToken: string | undefined): AxiosRequestConfig {
  const { needToken = true, message: _message, loading: _loading, upload, ...axiosConfig } = config;
  const method = (axiosConfig.method ?? 'get').toLowerCase();
  const headers = AxiosHeaders.concat(baseHeaders(needToken ? accessToken : undefined), axiosConfig.headers as RawAxiosHeaders | undefined);
  let data = axiosConfig.data;
  // Spec §7: put/post bodies go as JSON (axios' default); any other method's body is form-encoded.
  if (method !== 'put' && method !== 'post' && data !== undefined && !(data instanceof FormData)) {
    data = serialize(data);
    headers.set('Content-Type', 'application/x-www-form-urlencoded', false);
  }
  return { ...axiosConfig, method, data, headers, ...(upload ? { timeout: 0 } : {}) };
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
  const response = await http.post<TokenResult>(REFRESH_URL, { refresh_token: refreshToken }, { headers: baseHeaders(undefined) });
  saveTokens(response.data.accessToken, response.data.refreshToken);
}

// Refresh tokens rotate and reusing an old one revokes the session, so two tabs must
// never refresh at once. Web Locks exist only in secure contexts; elsewhere a tab is on its own.
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
    // A refused refresh ends the session; a refresh that never reached the server does not.
    if (!isAxiosError(error) || error.response) clearSession();
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
    return (await http.request<T>(toAxiosConfig(config, usedToken))).data;
  } catch (error) {
    if (!needToken || !isAxiosError(error) || error.response?.status !== 401) throw error;
    // The server found the access token expired before our clock did: renew once and retry.
    await renewSession(usedToken);
    try {
      return (await http.request<T>(toAxiosConfig(config, getAccessToken()))).data;
    } catch (retryError) {
      if (isAxiosError(retryError) && retryError.response?.status === 401) {
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
  if (!isAxiosError(error)) return new RequestError(error instanceof Error ? error.message : String(error), 'UNKNOWN');
  const response = error.response;
  if (!response) {
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    return timedOut ? new RequestError(msg('timeout'), 'TIMEOUT') : new RequestError(msg('network'), 'NETWORK');
  }
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
    // Spec §4: a 403 that is not about a missing permission means the session is over.
    if (failure.status === 403 && failure.code !== 'NO_PERMISSION' && getRefreshToken()) clearSession();
    const silent = failure.code === SESSION_ENDED || failure instanceof TwoStepRequiredError;
    if (!silent && config.message !== false) toast.error(failure.message);
    throw failure;
  } finally {
    if (config.loading) finishLoading();
  }
}
