import { and, eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from './context.js';
import { captchas } from '../db/tables.js';

export const CAPTCHA_TTL_SECONDS = 5 * 60;

/** Issues a new picture for (uuid, scene); the previous answer for that pair is replaced. */
export async function issueCaptcha(ctx: AppContext, uuid: string, scene: string): Promise<string> {
  const picture = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f5f7fa', width: 120, height: 40 });
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
