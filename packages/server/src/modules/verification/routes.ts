import { count, desc, eq } from 'drizzle-orm';
import {
  BIND_MOBILE_SCENE,
  SMS_OUTBOX_PERMISSIONS,
  TWO_STEP_PROOF_SECONDS,
  TWO_STEP_SCENE,
  bindMobileBody,
  checkPasswordBody,
  checkSmsCodeBody,
  pageQuery,
  twoStepSettingsBody,
  verifyMobileParams,
  verifyPasswordBody,
  maskPhone,
  type Page,
  type SmsOutboxRow,
  type TwoStepSettings,
} from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { readSetting, writeSetting } from '../../platform/settings.js';
import { consumeSmsCode, sendSmsCode } from '../../platform/sms-codes.js';
import { assertNotLocked, recordAttempt } from '../../platform/throttle.js';
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
async function verificationEnabled(ctx: AppContext): Promise<boolean> {
  const setting = await readVerification(ctx);
  return setting.message_auth === 1 || setting.password_auth === 1;
}

async function grantTwoStep(ctx: AppContext, sessionId: string): Promise<{ expires_in: number }> {
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
  who: { adminId: number; ip: string },
): Promise<VerificationSetting> {
  if (setting.password_hash) {
    if (!change.old_password) throw new AppError(400, 'VERIFY_OLD_PASSWORD_REQUIRED');
    const subject = `two-step:${who.adminId}`;
    await assertNotLocked(ctx, subject, who.ip, 'VERIFY_LOCKED');
    const ok = await verifyPassword(setting.password_hash, change.old_password);
    await recordAttempt(ctx, subject, who.ip, ok);
    if (!ok) throw new AppError(400, 'VERIFY_OLD_PASSWORD_WRONG');
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

export const verificationRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/systems/authentications',
    permission: 'signed-in',
    handler: async ({ ctx }) => publicView(await readVerification(ctx)),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/systems/authentications',
    permission: 'systemSettingsVerification',
    twoStep: verificationEnabled,
    body: twoStepSettingsBody,
    log: '修改二次验证设置',
    important: true,
    async handler({ body, admin, ctx, req }) {
      let setting = await readVerification(ctx);
      if (body.password !== undefined) {
        setting = await withNewPassword(ctx, setting, { password: body.password, old_password: body.old_password }, { adminId: admin.id, ip: req.ip });
      }
      // Switched on in the same call as the first password is set: checked against the new setting; nothing is written on any refusal.
      const methods = {
        message_auth: (body.message_auth ?? setting.message_auth) as 0 | 1,
        password_auth: (body.password_auth ?? setting.password_auth) as 0 | 1,
      };
      return publicView(await setTwoStepMethods(ctx, methods, setting));
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/systems/authentications/smscode/:mobile',
    permission: 'systemSettingsVerification',
    twoStep: verificationEnabled,
    params: verifyMobileParams,
    log: '发送验证手机绑定验证码',
    async handler({ params, ctx }) {
      await sendSmsCode(ctx, params.mobile, BIND_MOBILE_SCENE);
      return {};
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/systems/authentications/valid/code',
    permission: 'systemSettingsVerification',
    twoStep: verificationEnabled,
    body: bindMobileBody,
    log: '绑定验证手机',
    important: true,
    async handler({ body, ctx }) {
      await consumeSmsCode(ctx, body.mobile, BIND_MOBILE_SCENE, body.sms_code);
      const next = { ...(await readVerification(ctx)), mobile: body.mobile };
      await writeSetting(ctx.db, VERIFICATION_KEY, next);
      return publicView(next);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/systems/authentications/update-password',
    permission: 'systemSettingsVerification',
    twoStep: verificationEnabled,
    body: verifyPasswordBody,
    log: '修改验证密码',
    important: true,
    async handler({ body, admin, ctx, req }) {
      const next = await withNewPassword(ctx, await readVerification(ctx), body, { adminId: admin.id, ip: req.ip });
      await writeSetting(ctx.db, VERIFICATION_KEY, next);
      return publicView(next);
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/passport/sms-code',
    permission: 'signed-in',
    log: '发送二次验证短信',
    async handler({ ctx }) {
      const setting = await readVerification(ctx);
      if (setting.message_auth !== 1) throw new AppError(400, 'TWO_STEP_NOT_CONFIGURED');
      await sendSmsCode(ctx, setting.mobile, TWO_STEP_SCENE);
      return {};
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/passport/check-sms-code',
    permission: 'signed-in',
    body: checkSmsCodeBody,
    log: '二次验证（短信）',
    async handler({ body, admin, ctx }) {
      const setting = await readVerification(ctx);
      if (setting.message_auth !== 1) throw new AppError(400, 'TWO_STEP_NOT_CONFIGURED');
      await consumeSmsCode(ctx, setting.mobile, TWO_STEP_SCENE, body.sms_code);
      return grantTwoStep(ctx, admin.sessionId);
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/passport/check-password',
    permission: 'signed-in',
    body: checkPasswordBody,
    log: '二次验证（密码）',
    async handler({ body, admin, ctx, req }) {
      const setting = await readVerification(ctx);
      if (setting.password_auth !== 1) throw new AppError(400, 'TWO_STEP_NOT_CONFIGURED');
      // The verification password guards money and settings: guessing it is throttled like a sign-in.
      const subject = `two-step:${admin.id}`;
      await assertNotLocked(ctx, subject, req.ip, 'VERIFY_LOCKED');
      const ok = await verifyPassword(setting.password_hash, body.password);
      await recordAttempt(ctx, subject, req.ip, ok);
      if (!ok) throw new AppError(400, 'VERIFY_PASSWORD_WRONG');
      return grantTwoStep(ctx, admin.sessionId);
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/systems/sms-outbox',
    permission: SMS_OUTBOX_PERMISSIONS,
    query: pageQuery,
    async handler({ query, admin, ctx }): Promise<Page<SmsOutboxRow>> {
      // A code in the outbox is as good as the phone it went to: only a founder reads them whole,
      // so holding these pages never lets an admin pass someone else's second step.
      const shown = (content: string) => (admin.founder ? content : content.replace(/\d{4,8}/g, (digits) => '*'.repeat(digits.length)));
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(smsOutbox)
          .orderBy(desc(smsOutbox.id))
          .limit(query.page_size)
          .offset((query.page_no - 1) * query.page_size),
        ctx.db.select({ n: count() }).from(smsOutbox),
      ]);
      return {
        data: rows.map((row) => ({ id: row.id, mobile: maskPhone(row.mobile), scene: row.scene, content: shown(row.content), create_time: unixSeconds(row.createdAt) })),
        page_no: query.page_no,
        page_size: query.page_size,
        data_total: total.n,
      };
    },
  }),
];
