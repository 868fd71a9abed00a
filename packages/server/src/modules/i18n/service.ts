import { and, asc, count, eq, exists, gt, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import {
  ADDABLE_LANGUAGES,
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
  uiDictCreateBody,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
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

/**
 * Adds a language (one of ADDABLE_LANGUAGES), switched off and last in the order, with no texts:
 * operators translate it (dictionary, import, translation tasks) before switching it on. Of two
 * operators adding the same one, the unique code lets one in and answers the other 该语言已存在.
 */
export async function addLanguage(ctx: AppContext, code: string, audit: AuditInTransaction): Promise<LanguageRow> {
  const known = ADDABLE_LANGUAGES.find((language) => language.code === code);
  if (!known) throw badRequest('LANG_UNKNOWN');
  return ctx.db.transaction(async (tx) => {
    const [last] = await tx.select({ sort: sql<number>`coalesce(max(${languages.sort}), 0)` }).from(languages);
    const [row] = await tx
      .insert(languages)
      .values({ code: known.code, lang: known.lang, sort: Number(last.sort) + 1, enabled: LANG_STATES.off })
      .onConflictDoNothing()
      .returning();
    if (!row) throw badRequest('LANG_TAKEN');
    await audit(tx);
    return toLanguage(row);
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

// the texts of a page of keys, prepared once (platform/statements.ts), the keys as one array
const textsOfKeys = preparedOnce('agora_ui_dict_texts', (db) =>
  db
    .select({ key: uiTranslations.key, lang: uiTranslations.lang, text: uiTranslations.text, edited: uiTranslations.edited })
    .from(uiTranslations)
    .where(and(eq(uiTranslations.type, sql.placeholder('type')), sql`${uiTranslations.key} = any(${sql.placeholder('keys')})`)),
);

/** Each key's texts and which of them an operator edited, for the keys given. */
async function textsOf(db: AppContext['db'] | Transaction, keys: KeyRecord[]): Promise<UiDictRow[]> {
  const names = keys.map((key) => key.key);
  const texts = names.length ? await textsOfKeys(db).execute({ type: TYPE, keys: names }) : [];
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
    statement: 'i18n/service.listUiDict',
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

/** One row of a UI dictionary import: the key, whether 新增 says 是, and the text of each imported language ('' = cleared). */
export interface UiImportRow {
  row: number;
  key: string;
  add: boolean;
  texts: Record<string, string>;
}

export type UiImportOutcome =
  | { row: number; done: 'updated' | 'added' | 'unchanged' }
  /** `column`: 'key', or the language code whose text is refused */
  | { row: number; column: string; refused: AppError | string };

/**
 * Writes a batch of imported rows in the caller's transaction, under the same rules as the editor
 * (writeTexts): a text that differs is stored as an operator's; an empty cell removes the
 * language's text, and a built-in key's goes back to the build's; an operator's key keeps its
 * default-language text. A text equal to what is stored is left alone (so a sheet exported and
 * imported back marks nothing as edited). An unknown key is refused unless the row asks to add it.
 * The batch's keys are locked in id order, so an operator editing or deleting one of them at the
 * same moment goes before or after the whole batch, never between its reads and writes.
 */
export async function importUiTexts(tx: Transaction, rows: UiImportRow[]): Promise<UiImportOutcome[]> {
  const names = [...new Set(rows.map((row) => row.key))];
  const locked = async (keys: string[]) =>
    keys.length ? tx.select().from(uiDictKeys).where(and(eq(uiDictKeys.type, TYPE), inArray(uiDictKeys.key, keys))).orderBy(asc(uiDictKeys.id)).for('update') : [];
  const storedTexts = async (keys: string[]) => {
    const rows = keys.length
      ? await tx
          .select({ key: uiTranslations.key, lang: uiTranslations.lang, text: uiTranslations.text, edited: uiTranslations.edited })
          .from(uiTranslations)
          .where(and(eq(uiTranslations.type, TYPE), inArray(uiTranslations.key, keys)))
      : [];
    const byKey = new Map<string, Map<string, { text: string; edited: number }>>();
    for (const row of rows) {
      if (!byKey.has(row.key)) byKey.set(row.key, new Map());
      byKey.get(row.key)!.set(row.lang, row);
    }
    return byKey;
  };
  const keys = new Map((await locked(names)).map((key) => [key.key, key]));
  const stored = await storedTexts([...keys.keys()]);
  let defaultName: string | undefined;
  const defaultRequired = async () => new AppError(400, 'UI_TEXT_DEFAULT_REQUIRED', { lang: (defaultName ??= await defaultLanguageName(tx)) });

  const outcomes: UiImportOutcome[] = [];
  for (const row of rows) {
    let key = keys.get(row.key);
    if (!key) {
      if (!row.add) {
        outcomes.push({ row: row.row, column: 'key', refused: new AppError(404, 'UI_KEY_NOT_FOUND') });
        continue;
      }
      const format = uiDictCreateBody.shape.key.safeParse(row.key);
      if (!format.success) {
        outcomes.push({ row: row.row, column: 'key', refused: format.error.issues[0].message });
        continue;
      }
      if (!row.texts[DEFAULT_LANG]) {
        outcomes.push({ row: row.row, column: DEFAULT_LANG, refused: await defaultRequired() });
        continue;
      }
      const [added] = await tx.insert(uiDictKeys).values({ type: TYPE, key: row.key, kind: uiDictKindOf(row.key), shipped: 0 }).onConflictDoNothing().returning();
      if (added) {
        keys.set(added.key, added);
        await writeTexts(tx, added, Object.fromEntries(Object.entries(row.texts).filter(([, text]) => text !== '')));
        outcomes.push({ row: row.row, done: 'added' });
        continue;
      }
      // Someone added the key since the batch began: it is updated as the key it now is.
      [key] = await locked([row.key]);
      keys.set(key.key, key);
      for (const [name, texts] of await storedTexts([key.key])) stored.set(name, texts);
    }
    const current = stored.get(key.key) ?? new Map<string, { text: string; edited: number }>();
    if (key.shipped !== 1 && row.texts[DEFAULT_LANG] === '') {
      outcomes.push({ row: row.row, column: DEFAULT_LANG, refused: await defaultRequired() });
      continue;
    }
    const changes: Record<string, string> = {};
    for (const [lang, text] of Object.entries(row.texts)) {
      const now = current.get(lang);
      if (text !== '') {
        if (now?.text !== text) changes[lang] = text;
        continue;
      }
      if (!now) continue;
      const build = key.shipped === 1 ? shippedTexts(lang)[key.key] : undefined;
      if (build === undefined || now.edited === 1 || now.text !== build) changes[lang] = '';
    }
    if (Object.keys(changes).length === 0) {
      outcomes.push({ row: row.row, done: 'unchanged' });
      continue;
    }
    await writeTexts(tx, key, changes);
    outcomes.push({ row: row.row, done: 'updated' });
  }
  return outcomes;
}
