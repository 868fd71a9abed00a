import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { FIND_PASSWORD_DAILY_CODES, FIND_PASSWORD_SCENE, maskPhone, type FindPasswordCodeSent } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { consumeSmsCode, sendSmsCode } from '../../platform/sms-codes.js';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/sql.js';
import { smsCodes } from '../../db/tables.js';
import { adminUsers } from '../admins/tables.js';
import { revokeSessions } from './service.js';

const DAY_MS = 86_400_000;

/**
 * The live, enabled administrator of that name with a bound mobile. An unknown name, a disabled
 * account and one without a mobile get one and the same answer: nothing tells them apart.
 */
async function resettableAdmin(ctx: AppContext, username: string): Promise<{ id: number; username: string; mobile: string }> {
  const [admin] = await ctx.db
    .select({ id: adminUsers.id, username: adminUsers.username, mobile: adminUsers.mobile, state: adminUsers.userState })
    .from(adminUsers)
    .where(and(eq(adminUsers.username, username), isNull(adminUsers.deletedAt)));
  if (!admin || admin.state !== 0 || !admin.mobile) throw new AppError(400, 'FIND_PASSWORD_UNAVAILABLE');
  return admin;
}

/** Sends the reset code to the account's mobile: one a minute (sendSmsCode), a few a day. */
export async function sendFindPasswordCode(ctx: AppContext, username: string): Promise<FindPasswordCodeSent & { adminId: number }> {
  const admin = await resettableAdmin(ctx, username);
  const [sent] = await ctx.db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, admin.mobile), eq(smsCodes.scene, FIND_PASSWORD_SCENE), gt(smsCodes.createdAt, new Date(Date.now() - DAY_MS))));
  if (sent.n >= FIND_PASSWORD_DAILY_CODES) throw new AppError(429, 'FIND_PASSWORD_DAILY_LIMIT');
  await sendSmsCode(ctx, admin.mobile, FIND_PASSWORD_SCENE);
  return { mobile: maskPhone(admin.mobile), adminId: admin.id };
}

/**
 * Sets the new password once the code matches (a few wrong guesses burn the code) and signs every
 * session of that administrator out, with the important log line, in one transaction.
 */
export async function resetForgottenPassword(ctx: AppContext, input: { username: string; sms_code: string; password: string }, audit: (tx: Transaction, admin: { id: number; username: string }) => Promise<void>): Promise<void> {
  const admin = await resettableAdmin(ctx, input.username);
  await consumeSmsCode(ctx, admin.mobile, FIND_PASSWORD_SCENE, input.sms_code);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, admin.id));
    await revokeSessions({ ...ctx, db: tx as unknown as Db }, { adminId: admin.id }, 'password-reset');
    await audit(tx, admin);
  });
}
