import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { REQUEST_TIMEOUT_MS, type LoginResult } from '@agora/contract';
import { fakeJwt, stubNetwork } from '@/test/network';
import { FeedbackBridge } from './feedback';
import { http, request, RequestError, TwoStepRequiredError, type RequestOptions, type UploadProgress, type WireRequest } from './request';

// Shorthands for the transport's own tests (the console calls endpoints through lib/api).
const get = <T>(url: string, params?: object, options?: RequestOptions) => request<T>({ ...options, url, method: 'get', params });
const post = <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>({ ...options, url, method: 'post', data });
const put = <T>(url: string, data?: unknown) => request<T>({ url, method: 'put', data });
const del = <T>(url: string, params?: object) => request<T>({ url, method: 'delete', params });
import { getAccessToken, getRefreshToken, getUser, getUuid, saveLogin, saveTokens } from './session';

function signIn(accessSeconds = 600): LoginResult {
  const result: LoginResult = {
    uid: 1,
    username: 'admin',
    role_id: 0,
    role_name: '',
    founder: 1,
    real_name: '',
    department: '',
    face: '',
    last_login_time: null,
    last_login_ip: null,
    access_token: fakeJwt(accessSeconds),
    refresh_token: fakeJwt(3600, { jti: 'first' }),
  };
  saveLogin(result);
  return result;
}

const bodyText = () => document.body.textContent ?? '';

// The client's toasts and alerts go through antd's App, as in the console; the test's cleanup then
// unmounts them with it. (antd's static fallback keeps a root of its own that outlives the file's
// document and fails it with "window is not defined".)
beforeEach(() => {
  render(createElement(App, null, createElement(FeedbackBridge)));
});

describe('request encoding', () => {
  it('sends query parameters with repeated keys and skips empty ones', async () => {
    signIn();
    const sent = stubNetwork(() => ({ data: [] }));
    await get('admin/things', { ids: [1, 2, 3], keyword: '手机', missing: undefined, none: null });
    expect(sent[0].method).toBe('GET');
    expect(sent[0].url).toBe(`admin/things?ids=1&ids=2&ids=3&keyword=${encodeURIComponent('手机')}`);
    await del('admin/things', { ids: [4, 5] });
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: 'admin/things?ids=4&ids=5' });
  });

  it('sends put and post bodies as JSON', async () => {
    signIn();
    const sent = stubNetwork(() => ({ data: {} }));
    await post('admin/things', { name: 'a', tags: ['x', 'y'] }, { params: { uid: 3 } });
    await put('admin/things/1', { name: 'b' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'admin/things?uid=3', body: '{"name":"a","tags":["x","y"]}' });
    expect(sent[0].headers['Content-Type']).toMatch(/application\/json/);
    expect(sent[1]).toMatchObject({ method: 'PUT', body: '{"name":"b"}' });
  });

  it('form-encodes the body of any other method', async () => {
    signIn();
    const sent = stubNetwork(() => ({ data: {} }));
    await request({ url: 'admin/things', method: 'patch', data: { ids: [1, 2], name: 'x' } });
    expect(sent[0].body).toBe('ids=1&ids=2&name=x');
    expect(sent[0].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('sends uuid, clientType, language and the access token; waits 60 s, uploads forever', async () => {
    const { access_token } = signIn();
    const sent = stubNetwork(() => ({ data: {} }));
    await get('admin/things');
    await post('admin/uploaders', new FormData(), { upload: true });
    expect(sent[0].headers).toMatchObject({ uuid: getUuid(), clientType: 'PC', Authorization: access_token, language: 'zh-CN' });
    expect(sent[0].timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(sent[1].timeout).toBe(0);
  });

  it('resolves with the response body', async () => {
    signIn();
    stubNetwork(() => ({ data: { data: [1], data_total: 1 } }));
    await expect(get('admin/things')).resolves.toEqual({ data: [1], data_total: 1 });
  });

  it('makes public calls without a session and without a token', async () => {
    const sent = stubNetwork(() => ({ data: [] }));
    await get('base/lang/codes', undefined, { needToken: false });
    expect(sent).toHaveLength(1);
    expect(sent[0].headers).not.toHaveProperty('Authorization');
  });
});

describe('token refresh', () => {
  it('refreshes once for several requests made while the access token is missing', async () => {
    signIn(-1);
    const fresh = { accessToken: fakeJwt(600, { n: 2 }), refreshToken: fakeJwt(3600, { jti: 'second' }) };
    const sent = stubNetwork((req) => (req.url === 'admin/systems/admin-users/token' ? { data: fresh, delay: 50 } : { data: req.url }));

    const results = await Promise.all([get('admin/a'), get('admin/b'), post('admin/c'), put('admin/d')]);

    expect(results).toEqual(['admin/a', 'admin/b', 'admin/c', 'admin/d']);
    const refreshes = sent.filter((req) => req.url === 'admin/systems/admin-users/token');
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0].body as string)).toEqual({ refresh_token: expect.any(String) });
    for (const req of sent.filter((r) => r.url !== 'admin/systems/admin-users/token')) {
      expect(req.headers.Authorization).toBe(fresh.accessToken);
    }
    expect(getAccessToken()).toBe(fresh.accessToken);
    expect(getRefreshToken()).toBe(fresh.refreshToken);
  });

  it('renews and retries once when the server finds the access token expired', async () => {
    const { access_token } = signIn();
    const fresh = { accessToken: fakeJwt(600, { n: 2 }), refreshToken: fakeJwt(3600, { jti: 'second' }) };
    const sent = stubNetwork((req) => {
      if (req.url === 'admin/systems/admin-users/token') return { data: fresh };
      return req.headers.Authorization === access_token ? { status: 401, data: { code: 'UNAUTHENTICATED', message: '请先登录' } } : { data: 'ok' };
    });
    await expect(get('admin/a')).resolves.toBe('ok');
    expect(sent.map((req) => req.url)).toEqual(['admin/a', 'admin/systems/admin-users/token', 'admin/a']);
  });

  it('signs out when the refresh is refused, and fails every waiting request', async () => {
    signIn(-1);
    stubNetwork((req) =>
      req.url === 'admin/systems/admin-users/token'
        ? { status: 400, data: { code: 'REFRESH_INVALID', message: '刷新令牌无效，请重新登录' }, delay: 20 }
        : { data: 'never' },
    );
    const results = await Promise.allSettled([get('admin/a'), get('admin/b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(getRefreshToken()).toBeUndefined();
    expect(getUser()).toBeUndefined();
  });

  it('keeps the session when the refresh could not reach the server', async () => {
    signIn(-1);
    stubNetwork((req) => (req.url === 'admin/systems/admin-users/token' ? 'ERR_NETWORK' : { data: 'never' }));
    await expect(get('admin/a')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(getRefreshToken()).toBeDefined();
  });

  it('keeps the session and shows the server\'s message when the refresh is rate limited', async () => {
    signIn(-1);
    stubNetwork((req) =>
      req.url === 'admin/systems/admin-users/token' ? { status: 429, data: { code: 'RATE_LIMITED', message: '请求过于频繁，请42秒后再试' } } : { data: 'never' },
    );
    await expect(get('admin/a')).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, message: '请求过于频繁，请42秒后再试' });
    expect(getRefreshToken()).toBeDefined();
    expect(getUser()).toBeDefined();
    await waitFor(() => expect(bodyText()).toContain('请求过于频繁，请42秒后再试'));
  });

  it('signs out with the 权限错误 alert when there is nothing to refresh with', async () => {
    saveTokens(fakeJwt(-1), fakeJwt(-1));
    const sent = stubNetwork(() => ({ data: 'never' }));
    await expect(get('admin/a')).rejects.toMatchObject({ code: 'SESSION_ENDED' });
    expect(sent).toHaveLength(0);
    await waitFor(() => expect(bodyText()).toContain('权限错误'));
    expect(bodyText()).toContain('您的登录状态已失效，请重新登录！');
  });
});

describe('request errors', () => {
  it('signs out on a 403 that is not about a missing permission', async () => {
    signIn();
    stubNetwork(() => ({ status: 403, data: { code: 'SESSION_INVALID', message: '登录状态已失效，请重新登录' } }));
    await expect(get('admin/a')).rejects.toBeInstanceOf(RequestError);
    expect(getRefreshToken()).toBeUndefined();
  });

  it('stays signed in on 403 NO_PERMISSION and shows the server message', async () => {
    signIn();
    stubNetwork(() => ({ status: 403, data: { code: 'NO_PERMISSION', message: '您没有执行此操作的权限' } }));
    await expect(get('admin/a')).rejects.toMatchObject({ code: 'NO_PERMISSION', status: 403 });
    expect(getRefreshToken()).toBeDefined();
    await waitFor(() => expect(bodyText()).toContain('您没有执行此操作的权限'));
  });

  it('hands 428 TWO_STEP_REQUIRED to the caller without a toast', async () => {
    signIn();
    stubNetwork(() => ({ status: 428, data: { code: 'TWO_STEP_REQUIRED', message: '请先完成二次身份验证' } }));
    const error = await get('admin/a').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TwoStepRequiredError);
    expect(error).toMatchObject({ code: 'TWO_STEP_REQUIRED' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodyText()).not.toContain('请先完成二次身份验证');
  });

  it('says 连接超时 on a timeout and 网络错误 when the network fails', async () => {
    signIn();
    stubNetwork((req) => (req.url === 'admin/slow' ? 'ECONNABORTED' : 'ERR_NETWORK'));
    await expect(get('admin/slow')).rejects.toMatchObject({ code: 'TIMEOUT', message: '连接超时，请稍候再试！' });
    await expect(get('admin/down')).rejects.toMatchObject({ code: 'NETWORK', message: '网络错误，请稍后再试！' });
    await waitFor(() => expect(bodyText()).toContain('连接超时，请稍候再试！'));
    await waitFor(() => expect(bodyText()).toContain('网络错误，请稍后再试！'));
  });

  it('stays quiet when the caller opts out of messages', async () => {
    signIn();
    stubNetwork(() => ({ status: 400, data: { code: 'VALIDATION', message: '参数错误: 静默' } }));
    await expect(get('admin/a', undefined, { message: false })).rejects.toMatchObject({ message: '参数错误: 静默' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodyText()).not.toContain('参数错误: 静默');
  });
});

// The real transport under the stub: fetch, and XMLHttpRequest for uploads that report progress.
const realSend = http.send;

describe('transport', () => {
  const wire = (over: Partial<WireRequest> = {}): WireRequest => ({ method: 'GET', url: 'admin/a?x=1', headers: { uuid: 'u1' }, body: undefined, timeout: 1000, responseType: 'json', ...over });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches under /api/ and parses JSON answers of any status', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 'NOPE', message: '不行' }), { status: 400 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(realSend(wire({ method: 'POST', body: '{"a":1}' }))).resolves.toEqual({ status: 400, data: { code: 'NOPE', message: '不行' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/a?x=1', expect.objectContaining({ method: 'POST', body: '{"a":1}', headers: { uuid: 'u1' } }));
  });

  it('hands a file over as a Blob, and a refused file request as the server\'s JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('PK-bytes', { status: 200 })));
    const file = await realSend(wire({ responseType: 'blob' }));
    // (Node's Blob, not jsdom's: compared by what it holds)
    expect(await (file.data as Blob).text()).toBe('PK-bytes');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"code":"X","message":"导出失败"}', { status: 403 })));
    await expect(realSend(wire({ responseType: 'blob' }))).resolves.toEqual({ status: 403, data: { code: 'X', message: '导出失败' } });
  });

  it('times out, and tells a timeout from a network failure and an abort', async () => {
    const hang = vi.fn((_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    vi.stubGlobal('fetch', hang);
    await expect(realSend(wire({ timeout: 20 }))).rejects.toMatchObject({ reason: 'TIMEOUT' });
    const controller = new AbortController();
    const aborted = realSend(wire({ timeout: 0, signal: controller.signal }));
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ reason: 'ABORTED' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(realSend(wire())).rejects.toMatchObject({ reason: 'NETWORK' });
  });

  it('sends an upload with progress through XMLHttpRequest, without a timeout', async () => {
    const opened: { method?: string; url?: string; headers: Record<string, string>; timeout?: number } = { headers: {} };
    class FakeXhr {
      upload: { onprogress?: (event: ProgressEvent) => void } = {};
      status = 0;
      responseText = '';
      timeout = -1;
      responseType = '';
      onload?: () => void;
      open(method: string, url: string) {
        Object.assign(opened, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        opened.headers[name] = value;
      }
      send() {
        opened.timeout = this.timeout;
        this.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true } as ProgressEvent);
        this.upload.onprogress?.({ loaded: 200, total: 200, lengthComputable: true } as ProgressEvent);
        this.status = 200;
        this.responseText = '{"url":"/files/a.png"}';
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signIn();
    http.send = realSend;
    const progress: UploadProgress[] = [];
    const body = new FormData();
    await expect(request({ url: 'admin/uploaders', method: 'post', data: body, upload: true, onUploadProgress: (event) => progress.push(event) })).resolves.toEqual({ url: '/files/a.png' });
    expect(progress).toEqual([
      { loaded: 50, total: 200 },
      { loaded: 200, total: 200 },
    ]);
    expect(opened).toMatchObject({ method: 'POST', url: '/api/admin/uploaders', timeout: 0, headers: { clientType: 'PC', uuid: getUuid() } });
  });
});
