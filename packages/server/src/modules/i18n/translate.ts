import { HTTP_TRANSLATION_PLUGIN } from '@agora/contract';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { signedGatewayPost } from '../plugins/drivers.js';
import { readOpenPlugin } from '../plugins/service.js';

/** Refuses at once while no translation platform is open (a task would only fail every item). */
export async function assertTranslationOpen(db: Db): Promise<void> {
  const open = await readOpenPlugin(db, 'TRANSLATION');
  if (open.pluginId !== HTTP_TRANSLATION_PLUGIN) throw badRequest('TRANSLATION_PLATFORM_CLOSED');
}

/**
 * Translates texts through the open HTTP translation platform in one signed call (contract:
 * `{ source, target, texts }` → `{ translations }`, same order). An answer of another shape, count
 * or an empty translation is the platform's failure, never taken as a text.
 */
export async function translateTexts(ctx: AppContext, source: string, target: string, texts: string[]): Promise<string[]> {
  const open = await readOpenPlugin(ctx.db, 'TRANSLATION');
  if (open.pluginId !== HTTP_TRANSLATION_PLUGIN) throw badRequest('TRANSLATION_PLATFORM_CLOSED');
  const answer = await signedGatewayPost(ctx, open.values, open.values.url, JSON.stringify({ source, target, texts }), 'TRANSLATION_PLATFORM_FAILED');
  let translations: unknown;
  try {
    translations = (JSON.parse(answer) as { translations?: unknown }).translations;
  } catch {
    translations = undefined;
  }
  const valid =
    Array.isArray(translations) && translations.length === texts.length && translations.every((text) => typeof text === 'string' && text.trim() !== '');
  if (!valid) {
    ctx.log.debug({ answer: answer.slice(0, 500) }, 'the translation platform answered another shape');
    throw new AppError(502, 'TRANSLATION_PLATFORM_FAILED', { reason: 'the answer is not { translations } of one text each' });
  }
  return (translations as string[]).map((text) => text.trim());
}
