import { and, eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from './context.js';
import { captchas } from '../db/tables.js';

export const CAPTCHA_TTL_SECONDS = 5 * 60;

/**
 * The characters a picture is drawn from. Answers are compared case-insensitively, so capitals
 * only, and none that reads as another in the picture's font: 0/O/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B.
 */
export const CAPTCHA_CHARS = 'ACDEFHJKMNPRTUVWXY234789';

/**
 * One picture of 120×40, the size of the sign-in form's box. svg-captcha's default 56px font
 * overflows a 40px picture; at 34px every glyph stays inside it with room for its jitter.
 */
export const drawCaptcha = () =>
  svgCaptcha.create({ size: 4, noise: 2, charPreset: CAPTCHA_CHARS, fontSize: 34, color: true, background: '#f5f7fa', width: 120, height: 40 });

/** Issues a new picture for (uuid, scene); the previous answer for that pair is replaced. */
export async function issueCaptcha(ctx: AppContext, uuid: string, scene: string): Promise<string> {
  const picture = drawCaptcha();
  const answer = (ctx.config.captchaFixedCode ?? picture.text).toLowerCase();
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000);
  await ctx.db
    .insert(captchas)
    .values({ uuid, scene, answer, expiresAt })
    .onConflictDoUpdate({ target: [captchas.uuid, captchas.scene], set: { answer, expiresAt } });
  // Housekeeping: expired pictures are worthless; dropping them keeps the table small.
  await ctx.db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  return picture.data;
}

/** One-time check: the stored answer is consumed whether or not it matches. */
export async function consumeCaptcha(ctx: AppContext, uuid: string, scene: string, answer: string): Promise<boolean> {
  const [row] = await ctx.db
    .delete(captchas)
    .where(and(eq(captchas.uuid, uuid), eq(captchas.scene, scene)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return false;
  return row.answer === answer.trim().toLowerCase();
}
