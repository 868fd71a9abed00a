import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/tables.js';

export interface AccessClaims {
  sub: string;
  sid: string;
  typ: 'access';
}
export interface RefreshClaims {
  sid: string;
  jti: string;
  typ: 'refresh';
}

export type VerifyResult<T> = { ok: true; claims: T } | { ok: false; expired: boolean };

/** How many verified tokens an instance remembers (about one per signed-in console and refresh). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Signs and checks the console's JWTs. The key is shared by every instance through the database.
 *
 * Every request of a console carries the same access token until it is renewed, and checking its
 * signature through WebCrypto cost about a tenth of a list request's time (issue 18's profile):
 * the key is imported once, and a token whose signature was checked is remembered, by its whole
 * text, with its claims — a changed character is another text, checked afresh — until it expires
 * (checked on every use) or is pushed out by newer ones. Whether its session still stands is the
 * caller's read of the database, every time.
 */
export class TokenService {
  private readonly verified = new Map<string, { typ: string; claims: unknown; expiresAt: number }>();

  private constructor(
    private readonly key: CryptoKey,
    private readonly accessTtl: number,
    private readonly refreshTtl: number,
  ) {}

  static async create(db: Db, options: { secret?: string; accessTtl: number; refreshTtl: number }): Promise<TokenService> {
    let secret = options.secret;
    if (!secret) {
      await db
        .insert(settings)
        .values({ key: 'jwt_secret', value: crypto.randomBytes(48).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
      secret = row.value as string;
    }
    const key = await crypto.webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return new TokenService(key, options.accessTtl, options.refreshTtl);
  }

  signAccess(adminId: number, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(adminId))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtl}s`)
      .sign(this.key);
  }

  signRefresh(sessionId: string, jti: string): Promise<string> {
    return new SignJWT({ sid: sessionId, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${this.refreshTtl}s`)
      .sign(this.key);
  }

  verifyAccess(token: string): Promise<VerifyResult<AccessClaims>> {
    return this.verify<AccessClaims>(token, 'access');
  }

  verifyRefresh(token: string): Promise<VerifyResult<RefreshClaims>> {
    return this.verify<RefreshClaims>(token, 'refresh');
  }

  private async verify<T extends { typ: string }>(token: string, typ: T['typ']): Promise<VerifyResult<T>> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt <= Date.now()) {
        this.verified.delete(token);
        return { ok: false, expired: true };
      }
      return known.typ === typ ? { ok: true, claims: known.claims as T } : { ok: false, expired: false };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { typ: String(payload.typ), claims: payload, expiresAt: payload.exp * 1000 });
      }
      if (payload.typ !== typ) return { ok: false, expired: false };
      return { ok: true, claims: payload as unknown as T };
    } catch (error) {
      return { ok: false, expired: error instanceof joseErrors.JWTExpired };
    }
  }
}
