import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  DATA_DICT_GROUPS,
  DEFAULT_LANG,
  type DataDictGroup,
  type DataDictQuery,
  type DataDictRow,
  type DataDictSynced,
  type DataDictUpdateInput,
  type Page,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import type { Db } from '../../db/client.js';
import { escapeLike, type Transaction } from '../../db/sql.js';
import { languages } from '../../db/tables.js';
import { categories, goods } from '../goods/tables.js';
import { logiCompanies } from '../express/tables.js';
import { i18nDataEntries, i18nDataTexts } from './tables.js';

type EntryRecord = typeof i18nDataEntries.$inferSelect;

/** Where each group's names come from: the source table's id and name. */
const SOURCES = {
  CATEGORY: { table: categories, id: categories.id, name: categories.name },
  EXPRESS: { table: logiCompanies, id: logiCompanies.id, name: logiCompanies.name },
  GOODS: { table: goods, id: goods.id, name: goods.goodsName },
} as const satisfies Record<DataDictGroup, unknown>;

/**
 * Takes in a group's current source names in one statement: new rows become entries, renamed rows
 * take the new name and lose their machine texts (stale now; an operator's stay), gone rows leave.
 */
export async function syncDataGroup(db: Db | Transaction, group: DataDictGroup): Promise<number> {
  const source = SOURCES[group];
  const changed = await db.execute<{ id: number }>(sql`
    insert into i18n_data_entries (group_sn, data_key, source)
    select ${group}, ${source.id}, ${source.name} from ${source.table}
    on conflict (group_sn, data_key) do update set source = excluded.source
    where i18n_data_entries.source <> excluded.source
    returning id`);
  const ids = changed.rows.map((row) => Number(row.id));
  for (let i = 0; i < ids.length; i += 1000) {
    await db.delete(i18nDataTexts).where(and(inArray(i18nDataTexts.entryId, ids.slice(i, i + 1000)), eq(i18nDataTexts.machine, 1)));
  }
  await db.execute(sql`
    delete from i18n_data_entries e where e.group_sn = ${group}
    and not exists (select 1 from ${source.table} where ${source.id} = e.data_key)`);
  return ids.length;
}

export async function syncDataDict(ctx: AppContext, audit: AuditInTransaction): Promise<DataDictSynced> {
  return ctx.db.transaction(async (tx) => {
    let changed = 0;
    for (const group of DATA_DICT_GROUPS) changed += await syncDataGroup(tx, group);
    await audit(tx);
    return { changed };
  });
}

async function withTexts(db: Db | Transaction, entries: EntryRecord[]): Promise<DataDictRow[]> {
  const ids = entries.map((entry) => entry.id);
  const texts = ids.length ? await db.select().from(i18nDataTexts).where(inArray(i18nDataTexts.entryId, ids)) : [];
  return entries.map((entry) => {
    const own = texts.filter((text) => text.entryId === entry.id);
    return {
      id: entry.id,
      group_sn: entry.groupSn as DataDictGroup,
      data_key: entry.dataKey,
      source: entry.source,
      texts: { [DEFAULT_LANG]: entry.source, ...Object.fromEntries(own.map((text) => [text.lang, text.text])) },
      machine: own.filter((text) => text.machine === 1).map((text) => text.lang).sort(),
    };
  });
}

export async function listDataDict(ctx: AppContext, query: DataDictQuery): Promise<Page<DataDictRow>> {
  const page = await listPage(ctx.db, {
    query: { ...query, order: 'asc' },
    table: i18nDataEntries,
    id: i18nDataEntries.id,
    where: [
      query.group_sn ? eq(i18nDataEntries.groupSn, query.group_sn) : undefined,
      query.keyword ? ilike(i18nDataEntries.source, `%${escapeLike(query.keyword)}%`) : undefined,
    ],
    statement: 'i18n/data-dict.listDataDict',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(i18nDataEntries).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => row,
    idOf: (row) => row.id,
  });
  return { ...page, data: await withTexts(ctx.db, page.data) };
}

/**
 * An operator's texts for an entry: each becomes the operator's (no longer machine); an empty one
 * removes the language's text. The default language's text is the source row's own name.
 */
export async function updateDataEntry(ctx: AppContext, id: number, input: DataDictUpdateInput, audit: AuditInTransaction): Promise<DataDictRow> {
  return ctx.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(i18nDataEntries).where(eq(i18nDataEntries.id, id)).for('update');
    if (!entry) throw new AppError(404, 'DATA_DICT_NOT_FOUND');
    const codes = Object.keys(input.texts).filter((code) => code !== DEFAULT_LANG);
    if (codes.length) {
      const known = await tx.select({ code: languages.code }).from(languages).where(inArray(languages.code, codes));
      if (known.length !== codes.length) throw badRequest('LANG_UNKNOWN');
    }
    for (const lang of codes) {
      const text = input.texts[lang];
      if (text === '') {
        await tx.delete(i18nDataTexts).where(and(eq(i18nDataTexts.entryId, id), eq(i18nDataTexts.lang, lang)));
        continue;
      }
      await tx
        .insert(i18nDataTexts)
        .values({ entryId: id, lang, text, machine: 0 })
        .onConflictDoUpdate({ target: [i18nDataTexts.entryId, i18nDataTexts.lang], set: { text, machine: 0, updatedAt: new Date() } });
    }
    await audit(tx);
    const [row] = await withTexts(tx, [entry]);
    return row;
  });
}

/**
 * The texts of a group's rows in one language, for the readers (the buyers' goods search): source
 * row id → text. Rows without one are left out; the caller keeps the source's own name.
 */
export async function dataTextsOf(db: Db, group: DataDictGroup, lang: string, keys: number[]): Promise<Map<number, string>> {
  if (keys.length === 0 || lang === DEFAULT_LANG) return new Map();
  const rows = await db
    .select({ key: i18nDataEntries.dataKey, text: i18nDataTexts.text })
    .from(i18nDataEntries)
    .innerJoin(i18nDataTexts, and(eq(i18nDataTexts.entryId, i18nDataEntries.id), eq(i18nDataTexts.lang, lang)))
    .where(and(eq(i18nDataEntries.groupSn, group), inArray(i18nDataEntries.dataKey, keys)));
  return new Map(rows.map((row) => [row.key, row.text]));
}
