import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import type { Transaction } from '../../db/sql.js';
import { signedCache } from '../../platform/signed-cache.js';
import { sensitiveWords } from './tables.js';

/**
 * Sensitive words are masked, not refused (DOMAIN §2.25): each match becomes one `*` per character
 * wherever goods names, comments, comment replies and ask answers are written — through maskSensitive,
 * the one function all of those writes call.
 *
 * The word list is shared by every instance through the database (platform/signed-cache.ts). Each
 * instance keeps the compiled list beside the list's signature — the highest id ever written and the
 * number of live words — and reads only that signature before masking: an add raises the highest
 * id, a (soft) delete lowers the count without touching it, so any change on any instance changes
 * the signature and the next write anywhere reloads the list. That holds on PGlite and PostgreSQL alike, with no broadcast to miss.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const wordList = signedCache<Db | Transaction, RegExp | null>({
  async signature(db) {
    const [row] = await db
      .select({ top: sql<number>`coalesce(max(${sensitiveWords.id}), 0)::int`, live: sql<number>`(count(*) filter (where ${sensitiveWords.deletedAt} is null))::int` })
      .from(sensitiveWords);
    return `${row.top}:${row.live}`;
  },
  async load(db) {
    const words = await db.select({ word: sensitiveWords.wordName }).from(sensitiveWords).where(sql`${sensitiveWords.deletedAt} is null`);
    // Longest first, so 傻瓜蛋 is masked whole even when 傻瓜 is a word too.
    const sorted = [...new Set(words.map((w) => w.word.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
    return sorted.length > 0 ? new RegExp(sorted.map(escapeRegExp).join('|'), 'giu') : null;
  },
});

/** Masks the sensitive words of a text, read inside the caller's transaction when it gives one. */
export async function maskSensitive(ctx: AppContext, text: string, tx?: Transaction): Promise<string> {
  if (text === '') return text;
  const pattern = await wordList.get(tx ?? ctx.db, ctx);
  return pattern ? text.replace(pattern, (match) => '*'.repeat(Array.from(match).length)) : text;
}
