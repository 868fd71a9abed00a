import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_LANG, LANG_STATES, SHIPPED_LANGUAGES, walkRoutes, ROUTES, uiDictKindOf } from '@agora/contract';
import type { Db } from '../db/client.js';
import { languages, uiDictKeys, uiTranslations } from '../db/tables.js';
import { LOCALES_DIR } from './paths.js';


type Nested = { [key: string]: string | Nested };

export function flatten(tree: Nested, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[full] = value;
    else Object.assign(flat, flatten(value, full));
  }
  return flat;
}

export function unflatten(flat: Record<string, string>): Nested {
  const tree: Nested = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object') node[part] = {};
      node = node[part] as Nested;
    }
    node[parts[parts.length - 1]] = value;
  }
  return tree;
}

/** The texts shipped with this build: every locales/<lang>/<area>.json under <area>, plus route titles. */
export function shippedTexts(code: string): Record<string, string> {
  let texts = SHIPPED.get(code);
  if (!texts) {
    texts = readShippedTexts(code);
    SHIPPED.set(code, texts);
  }
  return texts;
}

/** The build's texts never change while it runs. */
const SHIPPED = new Map<string, Record<string, string>>();

function readShippedTexts(code: string): Record<string, string> {
  const dir = path.join(LOCALES_DIR, code);
  const flat: Record<string, string> = {};
  if (fs.existsSync(dir)) {
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
      const area = file.replace(/\.json$/, '');
      Object.assign(flat, flatten(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Nested, area));
    }
  }
  walkRoutes(ROUTES, (route) => {
    flat[`route.${route.name}`] = code.startsWith('zh') ? route.title.zh : route.title.en;
  });
  return flat;
}

/**
 * Loads the shipped languages, keys and texts into the translation tables. Texts an operator
 * edited stay as they are; untouched ones follow the build; new keys are added.
 */
export async function syncTranslations(db: Db): Promise<void> {
  const keys = new Set<string>();
  for (const language of SHIPPED_LANGUAGES) for (const key of Object.keys(shippedTexts(language.code))) keys.add(key);
  const keyRows = [...keys].map((key) => ({ type: 'admin', key, kind: uiDictKindOf(key), shipped: 1 }));
  for (let i = 0; i < keyRows.length; i += 500) {
    await db
      .insert(uiDictKeys)
      .values(keyRows.slice(i, i + 500))
      .onConflictDoUpdate({ target: [uiDictKeys.type, uiDictKeys.key], set: { shipped: 1 }, setWhere: sql`${uiDictKeys.shipped} = 0` });
  }
  for (const [index, language] of SHIPPED_LANGUAGES.entries()) {
    // The default language is locked on (3): nothing may switch it off.
    const locked = language.code === DEFAULT_LANG;
    const insert = db.insert(languages).values({ ...language, sort: index + 1, enabled: locked ? LANG_STATES.locked : LANG_STATES.on });
    await (locked ? insert.onConflictDoUpdate({ target: languages.code, set: { enabled: LANG_STATES.locked } }) : insert.onConflictDoNothing());
    const rows = Object.entries(shippedTexts(language.code)).map(([key, text]) => ({ lang: language.code, type: 'admin', key, text }));
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(uiTranslations)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [uiTranslations.lang, uiTranslations.type, uiTranslations.key],
          set: { text: sql`excluded.text`, updatedAt: sql`now()` },
          setWhere: sql`${uiTranslations.edited} = 0 and ${uiTranslations.text} <> excluded.text`,
        });
    }
  }
}

export async function readTranslations(db: Db, lang: string, type: string): Promise<Nested> {
  const rows = await db
    .select({ key: uiTranslations.key, text: uiTranslations.text })
    .from(uiTranslations)
    .where(and(eq(uiTranslations.lang, lang), eq(uiTranslations.type, type)));
  return unflatten(Object.fromEntries(rows.map((row) => [row.key, row.text])));
}
