import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { settings } from '../db/tables.js';
import { withTestApp, type TestApp } from '../test/harness.js';
import { readDocuments, readSetting, writeSetting } from './settings.js';
import type { Db } from '../db/client.js';
import { executeShape, namesById, preparedOnce } from './statements.js';
import { languages } from '../db/tables.js';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

const valueOf = preparedOnce('test_statements_value', (db) => db.select({ value: settings.value }).from(settings).where(eq(settings.key, sql.placeholder('key'))));

describe('statements prepared once per database', () => {
  it('is built once for a database, and each call binds its own values', async () => {
    const statement = valueOf(t.ctx.db);
    expect(valueOf(t.ctx.db)).toBe(statement);
    await writeSetting(t.ctx.db, 'statements-test-a', { n: 1 });
    await writeSetting(t.ctx.db, 'statements-test-b', { n: 2 });
    expect(await statement.execute({ key: 'statements-test-a' })).toEqual([{ value: { n: 1 } }]);
    expect(await statement.execute({ key: 'statements-test-b' })).toEqual([{ value: { n: 2 } }]);
    expect(await statement.execute({ key: 'statements-test-none' })).toEqual([]);
    // what the settings reader built on it sees a change at once
    await writeSetting(t.ctx.db, 'statements-test-a', { n: 3 });
    expect(await readSetting(t.ctx.db, 'statements-test-a', { n: 0, m: 9 })).toEqual({ n: 3, m: 9 });
    // several documents in one statement: the keys are one array value
    expect(await readDocuments(t.ctx.db, { a: { key: 'statements-test-a', defaults: { n: 0 } }, b: { key: 'statements-test-b', defaults: { n: 0 } }, c: { key: 'statements-test-none', defaults: { n: 7 } } })).toEqual({
      a: { n: 3 },
      b: { n: 2 },
      c: { n: 7 },
    });
  });

  it('inside a transaction runs in it: it reads what the transaction wrote and has not committed', async () => {
    await t.ctx.db
      .transaction(async (tx) => {
        await writeSetting(tx, 'statements-test-tx', { n: 4 });
        expect(await valueOf(tx).execute({ key: 'statements-test-tx' })).toEqual([{ value: { n: 4 } }]);
        expect(await readSetting(tx, 'statements-test-tx', { n: 0 })).toEqual({ n: 4 });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await valueOf(t.ctx.db).execute({ key: 'statements-test-tx' })).toEqual([]);
  });

  it('refuses a statement that binds a value of its own (it would answer every later call with it), and a name used twice', () => {
    const frozen = preparedOnce('test_statements_frozen', (db) => db.select().from(settings).where(eq(settings.key, 'statements-test-a')));
    expect(() => frozen(t.ctx.db)).toThrow(/binds a value of its own/);
    expect(() => preparedOnce('test_statements_value', (db) => db.select().from(settings))).toThrow(/defined twice/);
  });
});

describe('statements in SQL of a few shapes (executeShape)', () => {
  const valuesOf = (_keys: string[]) => sql`select key, value from ${settings} where key = any(${sql.placeholder('keys')}) order by key`;

  it('compiles each shape once, binds each call’s values, and runs inside a transaction when given one', async () => {
    await writeSetting(t.ctx.db, 'shape-test-a', { n: 1 });
    await writeSetting(t.ctx.db, 'shape-test-b', { n: 2 });
    let built = 0;
    const read = (keys: string[]) =>
      executeShape<{ key: string; value: unknown }>(t.ctx.db, 'test/shape', () => (built++, valuesOf(keys)), { keys });
    expect(await read(['shape-test-a'])).toEqual([{ key: 'shape-test-a', value: { n: 1 } }]);
    expect(await read(['shape-test-a', 'shape-test-b'])).toEqual([
      { key: 'shape-test-a', value: { n: 1 } },
      { key: 'shape-test-b', value: { n: 2 } },
    ]);
    // built once to compile, then (under vitest only) once a call to check the shape's text
    expect(built).toBe(2);
    await t.ctx.db
      .transaction(async (tx) => {
        await writeSetting(tx, 'shape-test-c', { n: 3 });
        expect(await executeShape(tx as unknown as Db, 'test/shape', () => valuesOf([]), { keys: ['shape-test-c'] })).toEqual([{ key: 'shape-test-c', value: { n: 3 } }]);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await read(['shape-test-c'])).toEqual([]);
  });

  it('refuses a value bound by the builder, and (under vitest) a key that misses what the text depends on', async () => {
    await expect(executeShape(t.ctx.db, 'test/shape-frozen', () => sql`select ${'frozen'} as v`, {})).rejects.toThrow(/binds a value of its own/);
    const byOrder = (order: 'asc' | 'desc') => executeShape(t.ctx.db, 'test/shape-order', () => sql`select key from ${settings} order by key ${sql.raw(order)} limit 1`, {});
    await byOrder('asc');
    await expect(byOrder('desc')).rejects.toThrow(/the same shape built another statement/);
  });
});

describe('names of a page of ids (namesById)', () => {
  const languageNames = namesById('test_statements_language_names', languages.id, languages.lang);

  it('answers each known id once, whatever the repeats, and nothing for an unknown id or none', async () => {
    const rows = await t.ctx.db.select({ id: languages.id, name: languages.lang }).from(languages);
    expect(rows.length).toBeGreaterThan(1);
    const names = await languageNames(t.ctx.db, [rows[0].id, rows[1].id, rows[0].id, 987_654]);
    expect(names).toEqual(new Map([[rows[0].id, rows[0].name], [rows[1].id, rows[1].name]]));
    expect(await languageNames(t.ctx.db, [])).toEqual(new Map());
  });
});
