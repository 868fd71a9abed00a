import { and, asc, count, eq, exists, gt, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import {
  DEFAULT_LANG,
  LANG_STATES,
  uiDictKindOf,
  type LangState,
  type LanguageRow,
  type Page,
  type UiDictCreateInput,
  type UiDictQuery,
  type UiDictRow,
  type UiDictUpdateInput,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { shippedTexts } from '../../platform/i18n.js';
import { escapeLike, type Transaction } from '../../db/sql.js';
import { languages, uiDictKeys, uiTranslations } from '../../db/tables.js';

/** The console's own texts; other types (a storefront's) would be other rows of the same tables. */
const TYPE = 'admin';

refuseDuplicates({ ui_dict_keys_key_uq: 'UI_KEY_TAKEN' });

type KeyRecord = typeof uiDictKeys.$inferSelect;
type LanguageRecord = typeof languages.$inferSelect;

const toLanguage = (row: LanguageRecord): LanguageRow => ({ id: row.id, code: row.code, lang: row.lang, sort: row.sort, enabled: row.enabled as LangState });

export async function listLanguageRows(ctx: AppContext | { db: Transaction }): Promise<LanguageRow[]> {
  const rows = await ctx.db.select().from(languages).orderBy(asc(languages.sort), asc(languages.id));
  return rows.map(toLanguage);
}

/**
 * Switches a language on or off. The locked one (3) and the default language stay on. The row is
 * locked first, so of two operators the second sees the first's result.
 */
export async function setLanguageEnabled(ctx: AppContext, id: number, enabled: 0 | 1, audit: AuditInTransaction): Promise<LanguageRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(languages).where(eq(languages.id, id)).for('update');
    if (!row) throw new AppError(404, 'LANG_NOT_FOUND');
    if (enabled === LANG_STATES.off && row.enabled === LANG_STATES.locked) throw badRequest('LANG_LOCKED');
    if (enabled === LANG_STATES.off && row.code === DEFAULT_LANG) throw badRequest('LANG_DEFAULT_DISABLE');
    const next = row.enabled === LANG_STATES.locked ? row.enabled : enabled;
    const [updated] = await tx.update(languages).set({ enabled: next }).where(eq(languages.id, id)).returning();
    await audit(tx);
    return toLanguage(updated);
  });
}

/** The languages in the order given: the ids must be exactly today's languages. */
export async function sortLanguages(ctx: AppContext, ids: number[], audit: AuditInTransaction): Promise<LanguageRow[]> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select({ id: languages.id }).from(languages).for('update');
    const known = new Set(rows.map((row) => row.id));
    if (rows.length !== ids.length || ids.some((id) => !known.has(id))) throw badRequest('LANG_SORT_MISMATCH');
    for (const [index, id] of ids.entries()) await tx.update(languages).set({ sort: index + 1 }).where(eq(languages.id, id));
    await audit(tx);
    return listLanguageRows({ db: tx });
  });
}

/** Each key's texts and which of them an operator edited, for the keys given. */
async function textsOf(db: AppContext['db'] | Transaction, keys: KeyRecord[]): Promise<UiDictRow[]> {
  const names = keys.map((key) => key.key);
  const texts = names.length
    ? await db
        .select({ key: uiTranslations.key, lang: uiTranslations.lang, text: uiTranslations.text, edited: uiTranslations.edited })
        .from(uiTranslations)
        .where(and(eq(uiTranslations.type, TYPE), inArray(uiTranslations.key, names)))
    : [];
  return keys.map((key) => {
    const own = texts.filter((text) => text.key === key.key);
    return {
      id: key.id,
      key: key.key,
      kind: uiDictKindOf(key.key),
      shipped: key.shipped === 1 ? 1 : 0,
      texts: Object.fromEntries(own.map((text) => [text.lang, text.text])),
      edited: own.filter((text) => text.edited === 1).map((text) => text.lang).sort(),
    };
  });
}

/** The list's filters: kind, and part of the key or of any language's text. */
function uiDictWhere(ctx: AppContext, query: UiDictQuery) {
  const like = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  return [
    eq(uiDictKeys.type, TYPE),
    query.kind ? eq(uiDictKeys.kind, query.kind) : undefined,
    like
      ? or(
          ilike(uiDictKeys.key, like),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(uiTranslations)
              .where(and(eq(uiTranslations.type, uiDictKeys.type), eq(uiTranslations.key, uiDictKeys.key), ilike(uiTranslations.text, like))),
          ),
        )
      : undefined,
  ];
}

/** The dictionary in key order of arrival (the build's files, then operators' keys), filtered by kind and by key or any text. */
export async function listUiDict(ctx: AppContext, query: UiDictQuery): Promise<Page<UiDictRow>> {
  const page = await listPage(ctx.db, {
    query: { ...query, order: 'asc' },
    table: uiDictKeys,
    id: uiDictKeys.id,
    where: uiDictWhere(ctx, query),
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(uiDictKeys).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => row,
    idOf: (row) => row.id,
  });
  return { ...page, data: await textsOf(ctx.db, page.data) };
}

export async function countUiDict(ctx: AppContext, query: UiDictQuery): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(uiDictKeys).where(and(...uiDictWhere(ctx, query)));
  return row.n;
}

/** The list's rows in its order, a batch at a time by key id (the export's walk). */
export async function* uiDictBatches(ctx: AppContext, query: UiDictQuery, size: number): AsyncIterable<UiDictRow[]> {
  let after = 0;
  for (;;) {
    const keys = await ctx.db
      .select()
      .from(uiDictKeys)
      .where(and(...uiDictWhere(ctx, query), gt(uiDictKeys.id, after)))
      .orderBy(asc(uiDictKeys.id))
      .limit(size);
    if (keys.length === 0) return;
    yield await textsOf(ctx.db, keys);
    after = keys[keys.length - 1].id;
  }
}

async function readKey(db: AppContext['db'] | Transaction, id: number): Promise<UiDictRow> {
  const [key] = await db.select().from(uiDictKeys).where(eq(uiDictKeys.id, id));
  if (!key) throw new AppError(404, 'UI_KEY_NOT_FOUND');
  const [row] = await textsOf(db, [key]);
  return row;
}

/** Texts only for languages the console has; an unknown code is refused, not stored. */
async function assertLanguages(tx: Transaction, texts: Record<string, string>): Promise<void> {
  const codes = Object.keys(texts);
  if (codes.length === 0) return;
  const known = await tx.select({ code: languages.code }).from(languages).where(inArray(languages.code, codes));
  if (known.length !== codes.length) throw badRequest('LANG_UNKNOWN');
}

async function defaultLanguageName(tx: Transaction): Promise<string> {
  const [row] = await tx.select({ lang: languages.lang }).from(languages).where(eq(languages.code, DEFAULT_LANG));
  return row?.lang ?? DEFAULT_LANG;
}

/**
 * Writes a key's texts as an operator's: each one is marked edited, so the start-up sync keeps it.
 * An empty text removes the language's text; for a built-in key it returns to the build's text
 * (and follows the build again).
 */
async function writeTexts(tx: Transaction, key: KeyRecord, texts: Record<string, string>): Promise<void> {
  for (const [lang, text] of Object.entries(texts)) {
    const where = and(eq(uiTranslations.lang, lang), eq(uiTranslations.type, TYPE), eq(uiTranslations.key, key.key));
    const shipped = key.shipped === 1 ? shippedTexts(lang)[key.key] : undefined;
    if (text === '' && shipped === undefined) {
      await tx.delete(uiTranslations).where(where);
      continue;
    }
    const row = text === '' ? { text: shipped as string, edited: 0 } : { text, edited: 1 };
    await tx
      .insert(uiTranslations)
      .values({ lang, type: TYPE, key: key.key, ...row })
      .onConflictDoUpdate({ target: [uiTranslations.lang, uiTranslations.type, uiTranslations.key], set: { ...row, updatedAt: new Date() } });
  }
}

export async function createUiKey(ctx: AppContext, input: UiDictCreateInput, audit: AuditInTransaction): Promise<UiDictRow> {
  return ctx.db.transaction(async (tx) => {
    await assertLanguages(tx, input.texts);
    if (!input.texts[DEFAULT_LANG]) throw badRequest('UI_TEXT_DEFAULT_REQUIRED', { lang: await defaultLanguageName(tx) });
    const [same] = await tx.select({ id: uiDictKeys.id }).from(uiDictKeys).where(and(eq(uiDictKeys.type, TYPE), eq(uiDictKeys.key, input.key)));
    if (same) throw badRequest('UI_KEY_TAKEN');
    const [key] = await tx.insert(uiDictKeys).values({ type: TYPE, key: input.key, kind: uiDictKindOf(input.key), shipped: 0 }).returning();
    await writeTexts(tx, key, input.texts);
    await audit(tx);
    return readKey(tx, key.id);
  });
}

export async function updateUiKey(ctx: AppContext, id: number, input: UiDictUpdateInput, audit: AuditInTransaction): Promise<UiDictRow> {
  return ctx.db.transaction(async (tx) => {
    const [key] = await tx.select().from(uiDictKeys).where(eq(uiDictKeys.id, id)).for('update');
    if (!key) throw new AppError(404, 'UI_KEY_NOT_FOUND');
    await assertLanguages(tx, input.texts);
    // An operator's key keeps a text in the default language: it is what every other language falls back to.
    if (key.shipped !== 1 && input.texts[DEFAULT_LANG] === '') throw badRequest('UI_TEXT_DEFAULT_REQUIRED', { lang: await defaultLanguageName(tx) });
    await writeTexts(tx, key, input.texts);
    await audit(tx);
    return readKey(tx, id);
  });
}

/** Only an operator's key: a built-in one would come back from the locale files at the next start. */
export async function deleteUiKey(ctx: AppContext, id: number, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [key] = await tx.select().from(uiDictKeys).where(eq(uiDictKeys.id, id)).for('update');
    if (!key) throw new AppError(404, 'UI_KEY_NOT_FOUND');
    if (key.shipped === 1) throw badRequest('UI_KEY_SHIPPED');
    await tx.delete(uiTranslations).where(and(eq(uiTranslations.type, key.type), eq(uiTranslations.key, key.key)));
    await tx.delete(uiDictKeys).where(and(eq(uiDictKeys.id, id), ne(uiDictKeys.shipped, 1)));
    await audit(tx);
  });
}
