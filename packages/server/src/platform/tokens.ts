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

/** Signs and checks the console's JWTs. The key is shared by every instance through the database. */
export class TokenService {
  private constructor(
    private readonly key: Uint8Array,
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
    return new TokenService(new TextEncoder().encode(secret), options.accessTtl, options.refreshTtl);
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== typ) return { ok: false, expired: false };
      return { ok: true, claims: payload as unknown as T };
    } catch (error) {
      return { ok: false, expired: error instanceof joseErrors.JWTExpired };
    }
  }
}
