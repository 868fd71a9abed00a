import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type LoginResult } from '@agora/contract';
import { fakeJwt } from '@/test/network';
import { clearSession, getAccessToken, getRefreshToken, getUser, getUuid, jwtExpiry, saveLogin } from './session';
import { storage } from './storage';

const loginResult = (): LoginResult => ({
  uid: 7,
  username: 'admin',
  role_id: 0,
  role_name: '',
  founder: 1,
  real_name: '',
  department: '',
  face: '',
  last_login_time: null,
  last_login_ip: null,
  access_token: fakeJwt(60),
  refresh_token: fakeJwt(3600),
});

describe('session', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the expiry of a JWT from its payload', () => {
    expect(jwtExpiry(fakeJwt(0, { exp: 1_700_000_000 }))).toEqual(new Date(1_700_000_000_000));
    expect(jwtExpiry('not-a-jwt')).toBeUndefined();
  });

  it('stores each token until its own exp, and the user apart from the tokens', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    const result = loginResult();
    saveLogin(result);
    expect(getUser()).toMatchObject({ uid: 7, username: 'admin' });
    expect(getUser()).not.toHaveProperty('access_token');
    expect(storage.get(STORAGE_KEYS.uid)).toBe(7);

    vi.setSystemTime(Date.now() + 59_000);
    expect(getAccessToken()).toBe(result.access_token);
    vi.setSystemTime(Date.now() + 2_000);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBe(result.refresh_token);
    vi.setSystemTime(Date.now() + 3600_000);
    expect(getRefreshToken()).toBeUndefined();
  });

  it('forgets everything on clear but keeps the browser uuid', () => {
    const uuid = getUuid();
    saveLogin(loginResult());
    clearSession();
    expect([getUser(), getAccessToken(), getRefreshToken(), storage.get(STORAGE_KEYS.uid)]).toEqual([undefined, undefined, undefined, undefined]);
    expect(getUuid()).toBe(uuid);
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
