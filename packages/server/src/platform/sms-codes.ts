import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from '@agora/contract';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { sha256 } from './passwords.js';
import { smsCodes } from '../db/tables.js';

const MAX_CODE_ATTEMPTS = 5;

const codeHash = (mobile: string, scene: string, code: string) => sha256(`${mobile}:${scene}:${code}`);

/** Sends a fresh 6-digit code for (mobile, scene); refuses within the resend interval. */
export async function sendSmsCode(ctx: AppContext, mobile: string, scene: string): Promise<void> {
  const [latest] = await ctx.db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (latest) {
    const waited = (Date.now() - latest.createdAt.getTime()) / 1000;
    if (waited < SMS_RESEND_SECONDS) {
      throw new AppError(429, 'SMS_TOO_FREQUENT', { seconds: Math.ceil(SMS_RESEND_SECONDS - waited) });
    }
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.insert(smsCodes).values({
    mobile,
    scene,
    codeHash: codeHash(mobile, scene, code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
  });
  await ctx.sms.send({ mobile, scene, content: `【Agora】您的验证码为${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿泄露。`, secret: code });
}

/** Checks and consumes the latest live code; a few wrong guesses burn it. */
export async function consumeSmsCode(ctx: AppContext, mobile: string, scene: string, code: string): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, new Date())))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= MAX_CODE_ATTEMPTS) throw new AppError(400, 'SMS_CODE_INVALID');
  if (row.codeHash !== codeHash(mobile, scene, code)) {
    await ctx.db.update(smsCodes).set({ attempts: sql`${smsCodes.attempts} + 1` }).where(eq(smsCodes.id, row.id));
    throw new AppError(400, 'SMS_CODE_INVALID');
  }
  const consumed = await ctx.db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (consumed.length === 0) throw new AppError(400, 'SMS_CODE_INVALID');
}
