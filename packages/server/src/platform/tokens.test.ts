import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { TokenService } from './tokens.js';

const service = () => TokenService.create(null as unknown as Db, { secret: 'a-test-secret-of-enough-length-0123456789', accessTtl: 60, refreshTtl: 600 });

afterEach(() => vi.useRealTimers());

describe('tokens, checked once and remembered', () => {
  it('accepts its own token again and again, and refuses one changed by a character even after the right one was accepted', async () => {
    const tokens = await service();
    const token = await tokens.signAccess(7, 'session-1');
    for (let i = 0; i < 3; i++) expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims: expect.objectContaining({ sub: '7', sid: 'session-1', typ: 'access' }) });
    // the signature's first character: all six of its bits are signature bits (the last character's
    // lowest bits are base64url padding, so changing only those can leave the signature as it was)
    const at = token.lastIndexOf('.') + 1;
    const forged = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await tokens.verifyAccess(forged)).toEqual({ ok: false, expired: false });
    // signed with another key: refused, remembered or not
    const other = await TokenService.create(null as unknown as Db, { secret: 'another-secret-of-enough-length-9876543210', accessTtl: 60, refreshTtl: 600 });
    expect(await other.verifyAccess(token)).toEqual({ ok: false, expired: false });
  });

  it('never takes an access token for a refresh token, or the other way round, once remembered', async () => {
    const tokens = await service();
    const access = await tokens.signAccess(7, 's');
    const refresh = await tokens.signRefresh('s', 'jti-1');
    expect((await tokens.verifyAccess(access)).ok).toBe(true);
    expect((await tokens.verifyRefresh(refresh)).ok).toBe(true);
    expect(await tokens.verifyRefresh(access)).toEqual({ ok: false, expired: false });
    expect(await tokens.verifyAccess(refresh)).toEqual({ ok: false, expired: false });
  });

  it('says a remembered token expired once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = await service();
    const token = await tokens.signAccess(7, 's');
    expect((await tokens.verifyAccess(token)).ok).toBe(true);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, expired: true });
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, expired: true });
  });
});
