import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DECOR_RECEIVED, DECOR_SYNC, DECOR_SYNC_TOKEN, STORAGE_KEYS } from '@agora/contract';
import { fakeJwt } from '@/test/network';
import { acceptDecorTokens, syncSessionTo } from './decorSync';
import { getAccessToken, getRefreshToken, saveTokens } from './session';
import { storage } from './storage';

const DECOR = 'http://decor.example.test';

/** A message as the browser delivers it: from an origin, and a window. */
const deliver = (data: unknown, origin: string, source: unknown) => window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));

describe('decoration sync, the console side (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    saveTokens(fakeJwt(60), fakeJwt(3600));
    storage.set(STORAGE_KEYS.uid, 7);
  });
  afterEach(() => vi.useRealTimers());

  it('posts the session every 200 ms until the decoration window answers decorReceived from its own origin', () => {
    const decor = { postMessage: vi.fn(), closed: false };
    syncSessionTo(decor as unknown as Window, DECOR);
    expect(decor.postMessage).toHaveBeenCalledTimes(1);
    const [data, origin] = decor.postMessage.mock.calls[0];
    expect(origin).toBe(DECOR);
    expect(data).toMatchObject({ type: DECOR_SYNC, admin_uid: 7, admin_access_token: getAccessToken(), admin_refresh_token: getRefreshToken() });

    vi.advanceTimersByTime(199);
    expect(decor.postMessage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(decor.postMessage).toHaveBeenCalledTimes(2);

    // The answer from another origin, or another window, changes nothing.
    deliver(DECOR_RECEIVED, 'http://evil.example.test', decor);
    deliver(DECOR_RECEIVED, DECOR, {});
    vi.advanceTimersByTime(400);
    expect(decor.postMessage).toHaveBeenCalledTimes(4);

    deliver(DECOR_RECEIVED, DECOR, decor);
    vi.advanceTimersByTime(1000);
    expect(decor.postMessage).toHaveBeenCalledTimes(4);
  });

  it('stops when the decoration window is closed', () => {
    const decor = { postMessage: vi.fn(), closed: false };
    syncSessionTo(decor as unknown as Window, DECOR);
    decor.closed = true;
    vi.advanceTimersByTime(1000);
    expect(decor.postMessage).toHaveBeenCalledTimes(1);
  });

  it('stores the tokens the decoration window renewed, each until the time inside it, only from that origin', () => {
    const stop = acceptDecorTokens(DECOR);
    const access = fakeJwt(0, { exp: Math.floor(Date.now() / 1000) + 120 });
    const refresh = fakeJwt(0, { exp: Math.floor(Date.now() / 1000) + 7200 });
    deliver({ type: DECOR_SYNC_TOKEN, accessToken: access, refreshToken: refresh }, 'http://evil.example.test', null);
    expect(getAccessToken()).not.toBe(access);

    deliver({ type: DECOR_SYNC_TOKEN, accessToken: access, refreshToken: refresh }, DECOR, null);
    expect(getAccessToken()).toBe(access);
    expect(getRefreshToken()).toBe(refresh);
    vi.advanceTimersByTime(121_000);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBe(refresh);
    stop();
  });
});
