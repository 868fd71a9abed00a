import { eq } from 'drizzle-orm';
import {
  BIND_MOBILE_SCENE,
  TWO_STEP_PROOF_SECONDS,
  TWO_STEP_SCENE,
  maskPhone,
  type Page,
  type SmsOutboxQuery,
  type SmsOutboxRow,
  type TwoStepPassed,
  type TwoStepSettings,
  type TwoStepSettingsBody,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { readSetting, writeSetting } from '../../platform/settings.js';
import { consumeSmsCode, sendSmsCode } from '../../platform/sms-codes.js';
import { claimAttempt } from '../../platform/throttle.js';
import { listPage } from '../../platform/list.js';
import { unixSeconds } from '../../platform/time.js';
import { adminSessions, smsOutbox } from '../../db/tables.js';

interface VerificationSetting {
  message_auth: 0 | 1;
  password_auth: 0 | 1;
  mobile: string;
  password_hash: string;
}
type TwoStepMethods = Pick<VerificationSetting, 'message_auth' | 'password_auth'>;
const VERIFICATION_KEY = 'verification';
const DEFAULTS: VerificationSetting = { message_auth: 0, password_auth: 0, mobile: '', password_hash: '' };

const readVerification = (ctx: AppContext) => readSetting(ctx.db, VERIFICATION_KEY, DEFAULTS);

/** Once a method is on, changing the verification itself needs a passed check (else anyone with a session could swap it). */
export async function verificationEnabled(ctx: AppContext): Promise<boolean> {
  const setting = await readVerification(ctx);
  return setting.message_auth === 1 || setting.password_auth === 1;
}

async function grantTwoStep(ctx: AppContext, sessionId: string): Promise<TwoStepPassed> {
  await ctx.db
    .update(adminSessions)
    .set({ twoStepUntil: new Date(Date.now() + TWO_STEP_PROOF_SECONDS * 1000) })
    .where(eq(adminSessions.id, sessionId));
  return { expires_in: TWO_STEP_PROOF_SECONDS };
}

/** The second-step methods switched on: the one source for this page and the account security settings. */
export async function readTwoStepMethods(ctx: AppContext): Promise<TwoStepMethods> {
  const { message_auth, password_auth } = await readVerification(ctx);
  return { message_auth, password_auth };
}

/** Switches methods on or off (over `base`, the setting read fresh when left out) and stores it; a method needs its mobile or password set up first. */
export async function setTwoStepMethods(ctx: AppContext, methods: TwoStepMethods, base?: VerificationSetting): Promise<VerificationSetting> {
  const setting = base ?? (await readVerification(ctx));
  if (methods.message_auth === 1 && !setting.mobile) throw new AppError(400, 'VERIFY_MOBILE_MISSING');
  if (methods.password_auth === 1 && !setting.password_hash) throw new AppError(400, 'VERIFY_PASSWORD_MISSING');
  const next = { ...setting, ...methods };
  await writeSetting(ctx.db, VERIFICATION_KEY, next);
  return next;
}

/**
 * The setting with a new verification password. The first one is simply set; replacing one
 * needs the right old password, whose wrong guesses count towards the same lock as the
 * second-step check's (the verification password guards money and settings).
 */
async function withNewPassword(
  ctx: AppContext,
  setting: VerificationSetting,
  change: { password: string; old_password?: string },
  who: Caller,
): Promise<VerificationSetting> {
  if (setting.password_hash) {
    if (!change.old_password) throw new AppError(400, 'VERIFY_OLD_PASSWORD_REQUIRED');
    const subject = `two-step:${who.adminId}`;
    const attempt = await claimAttempt(ctx, subject, who.ip, 'VERIFY_LOCKED');
    if (!(await verifyPassword(setting.password_hash, change.old_password))) throw new AppError(400, 'VERIFY_OLD_PASSWORD_WRONG');
    await attempt.succeeded();
  }
  return { ...setting, password_hash: await hashPassword(change.password) };
}

function publicView(setting: VerificationSetting): TwoStepSettings {
  return {
    message_auth: setting.message_auth,
    password_auth: setting.password_auth,
    mobile: setting.mobile ? maskPhone(setting.mobile) : '',
    has_password: Boolean(setting.password_hash),
  };
}

/** Who changes the verification, for the lock on wrong old passwords. */
export interface Caller {
  adminId: number;
  ip: string;
}

export async function readTwoStepSettings(ctx: AppContext): Promise<TwoStepSettings> {
  return publicView(await readVerification(ctx));
}

/** Switches methods and/or changes the password in one call; nothing is written on any refusal. */
export async function saveTwoStepSettings(ctx: AppContext, body: TwoStepSettingsBody, who: Caller): Promise<TwoStepSettings> {
  let setting = await readVerification(ctx);
  if (body.password !== undefined) setting = await withNewPassword(ctx, setting, { password: body.password, old_password: body.old_password }, who);
  // Switched on in the same call as the first password is set: checked against the new setting.
  const methods = {
    message_auth: (body.message_auth ?? setting.message_auth) as 0 | 1,
    password_auth: (body.password_auth ?? setting.password_auth) as 0 | 1,
  };
  return publicView(await setTwoStepMethods(ctx, methods, setting));
}

export function sendBindingCode(ctx: AppContext, mobile: string): Promise<void> {
  return sendSmsCode(ctx, mobile, BIND_MOBILE_SCENE);
}

export async function bindMobile(ctx: AppContext, body: { mobile: string; sms_code: string }): Promise<TwoStepSettings> {
  await consumeSmsCode(ctx, body.mobile, BIND_MOBILE_SCENE, body.sms_code);
  const next = { ...(await readVerification(ctx)), mobile: body.mobile };
  await writeSetting(ctx.db, VERIFICATION_KEY, next);
  return publicView(next);
}

export async function setVerifyPassword(ctx: AppContext, change: { password: string; old_password?: string }, who: Caller): Promise<TwoStepSettings> {
  const next = await withNewPassword(ctx, await readVerification(ctx), change, who);
  await writeSetting(ctx.db, VERIFICATION_KEY, next);
  return publicView(next);
}

/** The second step by SMS: a code to the verification mobile. */
export async function sendTwoStepCode(ctx: AppContext): Promise<void> {
  const setting = await readVerification(ctx);
  if (setting.message_auth !== 1) throw new AppError(400, 'TWO_STEP_NOT_CONFIGURED');
  await sendSmsCode(ctx, setting.mobile, TWO_STEP_SCENE);
}

export async function checkTwoStepCode(ctx: AppContext, admin: AuthedAdmin, smsCode: string): Promise<TwoStepPassed> {
  const setting = await readVerification(ctx);
  if (setting.message_auth !== 1) throw new AppError(400, 'TWO_STEP_NOT_CONFIGURED');
  await consumeSmsCode(ctx, setting.mobile, TWO_STEP_SCENE, smsCode);
  return grantTwoStep(ctx, admin.sessionId);
}

/** The verification password guards money and settings: guessing it is throttled like a sign-in. */
export async function checkTwoStepPassword(ctx: AppContext, admin: AuthedAdmin, password: string, ip: string): Promise<TwoStepPassed> {
  const setting = await readVerification(ctx);
  if (setting.password_auth !== 1) throw new AppError(400, 'TWO_STEP_NOT_CONFIGURED');
  const subject = `two-step:${admin.id}`;
  const attempt = await claimAttempt(ctx, subject, ip, 'VERIFY_LOCKED');
  if (!(await verifyPassword(setting.password_hash, password))) throw new AppError(400, 'VERIFY_PASSWORD_WRONG');
  await attempt.succeeded();
  return grantTwoStep(ctx, admin.sessionId);
}

/**
 * What the development SMS driver sent, newest first. A code in the outbox is as good as the
 * phone it went to: only a founder reads them whole, so holding these pages never lets an admin
 * pass someone else's second step.
 */
export function listSmsOutbox(ctx: AppContext, admin: AuthedAdmin, query: SmsOutboxQuery): Promise<Page<SmsOutboxRow>> {
  const shown = (content: string) => (admin.founder ? content : content.replace(/\d{4,8}/g, (digits) => '*'.repeat(digits.length)));
  return listPage(ctx.db, {
    query,
    table: smsOutbox,
    id: smsOutbox.id,
    where: [],
    statement: 'verification/service.smsOutbox',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(smsOutbox).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => ({ id: row.id, mobile: maskPhone(row.mobile), scene: row.scene, content: shown(row.content), create_time: unixSeconds(row.createdAt) }),
    idOf: (row) => row.id,
  });
}
